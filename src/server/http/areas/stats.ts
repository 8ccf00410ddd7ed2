import { statsFileName } from '../../../contract/constants/stats.ts'
import { XLSX_TYPE } from '../../documents/xlsx.ts'
import { clientStats, clientStatsXlsx } from '../../domain/stats.ts'
import { FileReply, type Handlers } from '../handler.ts'

export const statsHandlers: Handlers<'statsClientShipments' | 'statsClientShipmentsDownload'> = {
  statsClientShipments: ({ deps, queryData }) => clientStats(deps.db, queryData.status),
  statsClientShipmentsDownload: async ({ deps, queryData }) => {
    const file = await clientStatsXlsx(deps.db, queryData.status)
    return new FileReply(file.data, statsFileName(queryData.status, file.day), XLSX_TYPE)
  },
}
