import { endpoints as E } from '../../contract/endpoints.ts'
import { AUDIT_MSG } from '../../contract/messages/audit.ts'
import { auditFilters, auditMachine } from '../../../machines/audit.ts'
import { call } from '../api/client.ts'
import { saveWithPublicToken } from '../api/files.ts'
import { notify } from '../ui/toast.tsx'
import { pageFrom, pagingRequest, tableLogic } from './serverTable.ts'

/**
 * The audit trail's table (/audit and the "Historia zmian" tabs): pages of POST audit/data, and
 * the XLSX export opened with a file token, so the browser saves the streamed file as it comes.
 */
export const auditLogic = auditMachine.provide({
  actors: {
    table: tableLogic(async (req) => pageFrom(await call(E.auditData, pagingRequest(E.auditData.body, req)))),
  },
  actions: {
    exportFile: ({ context }) => {
      const query = Object.fromEntries(
        Object.entries(auditFilters(context.criteria, context.input.record ?? null)).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
      saveWithPublicToken(E.auditExport, {}, query).catch(() => notify.error(AUDIT_MSG.exportFailed))
    },
  },
})
