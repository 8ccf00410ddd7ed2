import type { auditEndpoints } from '../../../contract/endpoints/audit.ts'
import { auditTable } from '../../domain/audit.ts'
import type { Handlers } from '../handler.ts'

export const auditHandlers: Handlers<keyof typeof auditEndpoints> = {
  auditData: ({ deps, body }) => auditTable(deps.db, body),
}
