import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, FileBody, paged } from '../schemas/common.ts'
import { AuditExportQuery, AuditListRequest, AuditRow } from '../schemas/audit.ts'

/** The audit trail: admins read it (newest first, filtered); nothing writes it through the API. */
export const auditEndpoints = {
  auditData: ep({
    method: 'POST', path: 'audit/data', roles: ADMIN_ONLY, body: AuditListRequest, replies: { 200: paged(AuditRow), 422: ErrorReply },
    statuses: { 422: 'a bad filter (date, entity)' },
  }),
  /** The filtered log as a streamed XLSX (dziennik_zmian_<day>.xlsx), newest first; a file token stands in for the bearer token. */
  auditExport: ep({
    method: 'GET', path: 'audit/export', roles: ADMIN_ONLY, body: Empty, query: AuditExportQuery, replies: { 200: FileBody, 422: ErrorReply }, file: true, publicToken: true,
    statuses: { 422: 'a bad filter (date, entity)' },
  }),
} as const
