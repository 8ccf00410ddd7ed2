import { auditFileName } from '../../../contract/constants/audit.ts'
import type { auditEndpoints } from '../../../contract/endpoints/audit.ts'
import { XLSX_TYPE } from '../../documents/xlsx.ts'
import { warsawDay } from '../../domain/dates.ts'
import { auditTable, auditXlsx } from '../../domain/audit.ts'
import { FileReply, type Handlers } from '../handler.ts'

export const auditHandlers: Handlers<keyof typeof auditEndpoints> = {
  auditData: ({ deps, body }) => auditTable(deps.db, body),
  auditExport: async ({ deps, queryData }) => new FileReply(auditXlsx(deps.db, queryData), auditFileName(warsawDay()), XLSX_TYPE),
}
