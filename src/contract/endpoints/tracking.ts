import * as Schema from 'effect/Schema'
import { ADMIN_ONLY, PUBLIC } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, MessageReply, ErrorReply } from '../schemas/common.ts'
import { HistoryReply, ParcelHistoryAddRequest, PublicHistoryReply } from '../schemas/tracking.ts'
import { Int4 } from '../validation.ts'

/** The history rows of a shipment's parcels: the admin's view and edits, and public tracking. */
export const trackingEndpoints = {
  shipmentHistory: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}/history', roles: ADMIN_ONLY, body: Empty, replies: { 200: HistoryReply } }),
  parcelHistoryAdd: ep({ method: 'POST', path: 'app/v2/parcel/history', roles: ADMIN_ONLY, body: ParcelHistoryAddRequest, statuses: { 201: 'Pomyślnie nadano status!', 404: 'parcel or status not found' },
    replies: { 201: MessageReply, 404: MessageReply },
  }),
  /** Only rows whose status type belongs to courier 1 (deletion_allowed); else 409. */
  parcelHistoryDelete: ep({
    method: 'DELETE', path: 'app/v2/parcel/history', roles: ADMIN_ONLY, body: Schema.Struct({ id: Int4 }), replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply },
    statuses: { 200: 'Pomyślnie usunięto status!', 404: 'no such row', 409: 'Tego statusu nie można usunąć' },
  }),
  /** Public tracking: internal statuses hidden, no user/workstation/sector. 404 'Taka przesyłka nie istnieje' (browser: parcel_search_error). */
  publicHistory: ep({ method: 'GET', path: 'app/v2/public/shipment/{internalNumber}/history', roles: PUBLIC, body: Empty, replies: { 200: PublicHistoryReply } }),
} as const
