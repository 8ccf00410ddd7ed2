import * as Schema from 'effect/Schema'
import { Int4, StrictDateTime, Text } from '../validation.ts'

/**
 * Tracking: the history rows of a shipment's parcels, as the admin sees and edits them and as
 * public tracking shows them.
 */

const NullableString = Schema.NullOr(Schema.String)

export const HistoryRow = Schema.Struct({
  id: Schema.Number,
  when: Schema.String,
  name: Schema.String,
  name_ro: Schema.String,
  user: NullableString,
  workstation: NullableString,
  problematic_sector: NullableString,
  deletion_allowed: Schema.Boolean,
})
/**
 * GET app/v2/shipment/{internalNumber}/history (admin). `shipment` is the common tab (the browser
 * shows it when there is more than one parcel): every status any parcel of the shipment received,
 * once per status and minute, newest first. `parcels`: one tab per parcel, newest first.
 * deletion_allowed: the status type belongs to courier 1 (the operator).
 */
export const HistoryReply = Schema.Struct({
  history: Schema.Struct({
    shipment: Schema.Array(Schema.Struct({ when: Schema.String, name: Schema.String, name_ro: Schema.String })),
    parcels: Schema.Array(Schema.Struct({ waybill: Schema.String, parcel_id: Schema.Number, history: Schema.Array(HistoryRow) })),
  }),
})
export type HistoryReply = typeof HistoryReply.Type

// ---- public tracking: no user, workstation or sector, internal statuses hidden ----------

export const PublicHistoryRow = Schema.Struct({ when: Schema.String, name: Schema.String, name_ro: Schema.String })
export const PublicHistoryReply = Schema.Struct({
  internal_waybill: Schema.String,
  history: Schema.Struct({
    shipment: Schema.Array(PublicHistoryRow),
    parcels: Schema.Array(Schema.Struct({ waybill: Schema.String, history: Schema.Array(PublicHistoryRow) })),
  }),
})
export type PublicHistoryReply = typeof PublicHistoryReply.Type

// ---- the admin's edits -------------------------------------------------------------------------

/** POST app/v2/parcel/history (admin): gives a parcel a status by hand (user recorded; when defaults to now, where to TYCHY). */
export const ParcelHistoryAddRequest = Schema.Struct({
  parcel_id: Int4,
  status_type_id: Int4,
  /** yyyy-mm-dd hh:mm:ss in Europe/Warsaw, or ISO with an offset. */
  when: Schema.optional(Schema.NullOr(StrictDateTime)),
  where: Schema.optional(Schema.NullOr(Text())),
})
