import { Schema } from 'effect'
import { ADMIN_AND_CLIENT, ADMIN_ONLY, STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { ErrorReply, paged } from '../schemas.ts'
import {
  CustomExportRequest, ExportInfo, ExportLatestRequest, ExportTypeParams, ReviewRequest, UsedForInvoiceRequest, ValidationError,
} from '../schemas/billing.ts'
import { Empty } from '../schemas.ts'

/**
 * Export lists, validation errors and the statement flags (docs/billing.md). Ordering (POST
 * app/v1/export, type billing), find/{uuid} and download are in endpoints/shipments.ts. A client
 * sees only the exports of its own client; staff see every export.
 */
export const billingEndpoints = {
  /** "My reports" and the exported-files list: the table's paging payload, or [] for the quick list (the latest few). */
  exportLatest: ep({ method: 'POST', path: 'app/v1/export/latest/', roles: ADMIN_AND_CLIENT, body: ExportLatestRequest, replies: { 200: paged(ExportInfo) } }),
  exportLatestOfType: ep({
    method: 'POST', path: 'app/v1/export/latest/{type}', roles: ADMIN_AND_CLIENT, body: ExportLatestRequest, params: ExportTypeParams, replies: { 200: paged(ExportInfo) },
  }),
  exportValidationErrors: ep({
    method: 'GET', path: 'app/v1/export/find/{uuid}/validation_errors', roles: STAFF, body: Empty, replies: { 200: Schema.Array(ValidationError), 404: ErrorReply },
    statuses: { 404: 'Taki plik nie istnieje' },
  }),
  /** Marks an error reviewed or not; 409 for the types that cannot be reviewed. The statement becomes verified once every reviewable error is. */
  exportReview: ep({
    method: 'PATCH', path: 'app/v1/export/validation_error/', roles: ADMIN_ONLY, body: ReviewRequest, replies: { 200: ValidationError, 404: ErrorReply, 409: ErrorReply },
    statuses: { 404: 'Taki błąd walidacji nie istnieje', 409: 'Tego błędu nie można oznaczyć jako sprawdzonego' },
  }),
  /** Flags a billing statement as used for an invoice, or clears the flag. */
  exportUsedForInvoice: ep({
    method: 'PATCH', path: 'app/v1/export/', roles: ADMIN_ONLY, body: UsedForInvoiceRequest, replies: { 200: ExportInfo, 404: ErrorReply, 409: ErrorReply },
    statuses: { 404: 'Taki plik nie istnieje', 409: 'Tylko raport do rozliczeń' },
  }),
  /** A custom report (one row per parcel with every detail) of the days start–end, made at once (201). */
  exportCustom: ep({ method: 'POST', path: 'app/v1/export/custom', roles: ADMIN_AND_CLIENT, body: CustomExportRequest, replies: { 201: ExportInfo }, statuses: { 201: 'generated' } }),
} as const
