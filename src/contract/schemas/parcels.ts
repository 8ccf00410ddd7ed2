import * as Schema from 'effect/Schema'
import { PARCELS } from '../constants/parcels.ts'
import { RESIGNATIONS } from '../constants/resignations.ts'
import { SHIPMENT } from '../constants/shipments.ts'
import { Id, StrictDateTime, Text } from '../validation.ts'

/** The single-parcel calls: remove a parcel, set its status, what its label will hold. */

export const ParcelDeleteMode = Schema.Literals(PARCELS.parcelDeleteModes)
export const ParcelDeleteRequest = Schema.Struct({ id: Id, mode: ParcelDeleteMode })
export const ParcelDeleteReply = Schema.Struct({ message: Schema.String, removed: Schema.Array(Schema.String) })
/** PUT app/v1/parcel/status: one parcel gets a status (when default now, where default TYCHY). */
export const ParcelStatusRequest = Schema.Struct({
  id: Id,
  id_status_type: Id,
  when: Schema.optional(StrictDateTime),
  where: Schema.optional(Text(RESIGNATIONS.maxLength.waybill)),
})
export const ParcelStatusReply = Schema.Struct({ message: Schema.String, parcel_id: Schema.Number, status_type_id: Schema.Number })
export const LabelKind = Schema.Literals(SHIPMENT.labelSizes)
/** GET app/v1/parcel/{id}/label/{label}/metadata: what the label of one parcel will hold, and whether it can be printed. */
export const LabelMetadata = Schema.Struct({
  parcel_id: Schema.Number,
  internal_number: Schema.String,
  label: LabelKind,
  ready: Schema.Boolean,
  message: Schema.NullOr(Schema.String),
  file_name: Schema.String,
  page_mm: Schema.Tuple([Schema.Number, Schema.Number]),
  barcode: Schema.NullOr(Schema.String),
  position: Schema.Number,
  count: Schema.Number,
})
export type LabelMetadata = typeof LabelMetadata.Type
