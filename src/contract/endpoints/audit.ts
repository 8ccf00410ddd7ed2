import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { ErrorReply, paged } from '../schemas.ts'
import { AuditListRequest, AuditRow } from '../schemas/audit.ts'

/** The audit trail: admins read it (newest first, filtered); nothing writes it through the API. */
export const auditEndpoints = {
  auditData: ep({
    method: 'POST', path: 'audit/data', roles: ADMIN_ONLY, body: AuditListRequest, replies: { 200: paged(AuditRow), 422: ErrorReply },
    statuses: { 422: 'a bad filter (date, entity)' },
  }),
} as const
