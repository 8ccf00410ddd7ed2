import { Schema } from 'effect'
import { PagingRequest } from '../schemas.ts'

/** Parcel listing (S2 §2 "Parcel listing", §3 "Listing criteria", "Parcel row", "Shipment row"). */
const Opt = <S extends Schema.Top>(s: S) => Schema.optional(Schema.NullOr(s))
const Flag = Schema.Literals([0, 1])

export const ListingCriteria = Schema.Struct({
  type: Schema.Literals(['parcels', 'shipments']),
  /** yyyy-mm-dd, Europe/Warsaw days; defaults today. */
  start: Opt(Schema.String),
  end: Opt(Schema.String),
  client_id: Opt(Schema.Int),
  client_name: Opt(Schema.String),
  client_ids: Opt(Schema.Array(Schema.Int)),
  client_list_filter_mode: Opt(Schema.Literals(['include', 'exclude'])),
  status_group_id: Opt(Schema.Int),
  courier_id: Opt(Schema.Int),
  locker: Opt(Flag),
  cod: Opt(Flag),
  country: Opt(Schema.Int),
  out_number: Opt(Schema.String),
  internal_number: Opt(Schema.String),
  return_number: Opt(Schema.String),
  deleted: Opt(Flag),
  last_status_id: Opt(Schema.Int),
  processable: Opt(Flag),
  problem_rule_code: Opt(Schema.String),
  problematic_sector_id: Opt(Schema.Int),
})
export type ListingCriteria = typeof ListingCriteria.Type

export const ParcelListRequest = Schema.Struct({ ...PagingRequest.fields, criteria: ListingCriteria })
export type ParcelListRequest = typeof ParcelListRequest.Type

const S = Schema.String
const NS = Schema.NullOr(Schema.String)
const NN = Schema.NullOr(Schema.Number)

export const ParcelRow = Schema.Struct({
  id: Schema.Number,
  internal_number: S,
  status_name: NS,
  recipient_name: NS,
  client_name: NS,
  destination_city: NS,
  source_city: NS,
  return_parcel: Schema.Boolean,
  in_number: NS,
  out_number: NS,
  buffer_number: NS,
  return_number: NS,
  declared_content: NS,
  cash_on_delivery: Schema.Boolean,
  cash_on_delivery_value: NN,
  currency: NS,
  created_at: S,
  error_message: NS,
  id_in_courier: NN,
  id_out_courier: NN,
  /** The shipment page to open: its internal waybill (or the parcel's own number when it has none). */
  shipment_number: S,
})
export type ParcelRow = typeof ParcelRow.Type

export const ShipmentRow = Schema.Struct({
  id: Schema.Number,
  internal_waybill: S,
  recipient_name: NS,
  client_name: NS,
  recipient_locality_name: NS,
  sender_locality_name: NS,
  in_waybill: NS,
  out_waybill: NS,
  declared_content: NS,
  cash_on_delivery: Schema.Boolean,
  cash_on_delivery_value: NN,
  currency: NS,
  created_at: S,
  type: S,
  sender_country_id: NN,
  recipient_country_id: NN,
})
export type ShipmentRow = typeof ShipmentRow.Type

export const ParcelListReply = Schema.Struct({
  draw: Schema.optional(Schema.Number),
  data: Schema.Array(Schema.Union([ParcelRow, ShipmentRow])),
  recordsTotal: Schema.Number,
  recordsFiltered: Schema.Number,
})

/** Group status change (S2 §3): ids, status, when, where (default TYCHY). 420 lists the skipped numbers. */
export const GroupStatusRequest = Schema.Struct({
  ids: Schema.Array(Schema.Int).check(Schema.isMinLength(1)),
  id_status_type: Schema.Int,
  when: Schema.String.check(Schema.isMinLength(1)),
  where: Schema.String.check(Schema.isMinLength(1)),
})
export const GroupStatusReply = Schema.Struct({ message: Schema.String, updated: Schema.Number, skipped: Schema.Array(Schema.String) })

export const StatusTypeGroup = Schema.Struct({ id: Schema.Number, name: Schema.String, identifier: Schema.String })
