import * as Schema from 'effect/Schema'
import { ADMIN_AND_CLIENT, ADMIN_ONLY, STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, FileBody, MessageReply, paged, PublicTokenQuery } from '../schemas/common.ts'
import {
  CustomExportRequest, ExportInfo, ExportLatestRequest, ExportTypeParams, ReviewRequest, UsedForInvoiceRequest, ValidationError,
} from '../schemas/billing.ts'
import { ExportOrderRequest, ExportStatus } from '../schemas/listing.ts'

/**
 * Exports (docs/billing.md): ordering one (a billing statement, or a report of the parcel
 * listing), finding and downloading it, the export lists, validation errors and the statement
 * flags. A client sees only the exports of its own client; staff see every export.
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

  // ---- ordering, finding and downloading one export ----
  exportOrder: ep({
    method: 'POST', path: 'app/v1/export', roles: ADMIN_AND_CLIENT, body: ExportOrderRequest,
    statuses: {
      201: 'generated (list, custom) or order_accepted (billing)', 403: 'billing: admins only',
      406: 'Wygenerowanie pliku według zadanych kryteriów (filtr „Procesowalna”) nie jest możliwe!',
      409: 'Przed wygenerowaniem raportu do rozliczeń przypisz przesyłki buforowe do klientów.', 404: 'billing: no such client',
    },
    replies: { 201: ExportStatus, 403: ErrorReply, 404: ErrorReply, 406: MessageReply, 409: MessageReply },
  }),
  exportFind: ep({ method: 'GET', path: 'app/v1/export/find/{uuid}', roles: ADMIN_AND_CLIENT, body: Empty, replies: { 200: ExportStatus, 404: ErrorReply }, statuses: { 404: 'Taki plik nie istnieje' } }),
  /** The XLSX; opened with `?_public_token=` (clients download directly). */
  exportDownload: ep({
    method: 'GET', path: 'app/v1/export/download/{identifier}', roles: ADMIN_AND_CLIENT, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply, 409: ErrorReply }, file: true, publicToken: true,
    statuses: { 404: 'Taki plik nie istnieje', 409: 'Pobranie pliku nie jest możliwe!' },
  }),
} as const
