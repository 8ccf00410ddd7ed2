import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { commentInbound, getInbound, listInbounds } from '../../domain/floorExternalInbound.ts'
import { tag } from '../../domain/floorLabels.ts'
import { scanLogPage } from '../../domain/floorScanLog.ts'
import { FileReply, type Handlers } from '../handler.ts'
import { pathId } from '../params.ts'

/** The floor's records and files that are not scans (contract/endpoints/floorRecords.ts). */
export const floorRecordHandlers: Handlers<'externalInboundList' | 'externalInboundGet' | 'externalInboundComment' | 'tag' | 'scanLogList'> = {
  externalInboundList: ({ deps, body }) => listInbounds(deps.db, body),
  externalInboundGet: ({ deps, params }) => getInbound(deps.db, pathId(params.id)),
  externalInboundComment: async ({ deps, body }) => ({ message: WAREHOUSE_MSG.updated, data: await commentInbound(deps.db, body.id, body.comment) }),

  tag: async ({ deps, body }) => {
    const { pdf, filename } = await tag(deps.db, body)
    return new FileReply(pdf, filename, 'application/pdf')
  },
  scanLogList: ({ deps, body }) => scanLogPage(deps.db, body),
}
