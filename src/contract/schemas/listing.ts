import * as Schema from 'effect/Schema'
import { PagingRequest } from './common.ts'
import { Id, Int4, RequiredText, StrictDateOrEmpty, StrictDateTime, Text } from '../validation.ts'
import { ExportInfo } from './billing.ts'

/** Parcel listing ("Parcel row", "Shipment row"). */
const Opt = <S extends Schema.Top>(s: S) => Schema.optional(Schema.NullOr(s))
const Flag = Schema.Literals([0, 1])

/**
 * What the server does with each criterion (src/server/domain/parcelsListing.ts):
 * - start/end: created_at within [start 00:00, end 24:00) Europe/Warsaw; both absent → today.
 *   A search by number (internal_number, out_number, return_number) ignores the dates.
 * - deleted: 0 (default) live rows only, 1 deleted only.
 * - client_id / client_ids + client_list_filter_mode: staff only; a client always sees only its
 *   own rows and its client criteria are ignored.
 * - country: the foreign party's country (the recipient's; for returns the sender's).
 * - locker: 1 locker services (3, 4), 0 home services (1, 2). cod: 1 with cash on delivery, 0 without.
 * - status_group_id / last_status_id: the parcel's current status (shipments: any of its parcels).
 * - courier_id: first- or last-mile courier of the shipment.
 * - return_number, processable, problematic_sector_id: staff only (ignored for clients);
 *   processable and problematic_sector_id apply to parcels (shipments: any of its parcels).
 * - problem_rule_code: admin only (ignored otherwise): shipments with a reported problem of that rule.
 */
export const ListingCriteria = Schema.Struct({
  type: Schema.Literals(['parcels', 'shipments']),
  /** yyyy-mm-dd, Europe/Warsaw days; defaults today. */
  start: Opt(StrictDateOrEmpty),
  end: Opt(StrictDateOrEmpty),
  client_id: Opt(Int4),
  client_name: Opt(Text()),
  client_ids: Opt(Schema.Array(Int4)),
  client_list_filter_mode: Opt(Schema.Literals(['include', 'exclude'])),
  status_group_id: Opt(Int4),
  courier_id: Opt(Int4),
  locker: Opt(Flag),
  cod: Opt(Flag),
  country: Opt(Int4),
  out_number: Opt(Text()),
  internal_number: Opt(Text()),
  return_number: Opt(Text()),
  deleted: Opt(Flag),
  last_status_id: Opt(Int4),
  processable: Opt(Flag),
  problem_rule_code: Opt(Text()),
  problematic_sector_id: Opt(Int4),
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
  /** standard | return | emag_return | emag (return and emag_return count as returns). */
  type: Schema.Literals(['standard', 'return', 'emag_return', 'emag']),
  sender_country_id: NN,
  recipient_country_id: NN,
})
export type ShipmentRow = typeof ShipmentRow.Type

/**
 * recordsFiltered is exact when the filtered set is small (LISTING.exactCountBelow, counted up to
 * LISTING.countCap); for big sets it is the planner's estimate and recordsFilteredEstimated is true
 * (paging works the same; the browser may show "około"). recordsTotal (rows the caller may see,
 * before criteria) is a planner estimate for staff and a capped count for clients: it only tells
 * "no matches" from "empty".
 */
export const ParcelListReply = Schema.Struct({
  draw: Schema.optional(Schema.Number),
  data: Schema.Array(Schema.Union([ParcelRow, ShipmentRow])),
  recordsTotal: Schema.Number,
  recordsFiltered: Schema.Number,
  recordsFilteredEstimated: Schema.optional(Schema.Boolean),
})
export type ParcelListReply = typeof ParcelListReply.Type

/** Group status change: ids, status, when, where (default TYCHY). 420 lists the skipped numbers. */
export const GroupStatusRequest = Schema.Struct({
  ids: Schema.Array(Int4).check(Schema.isMinLength(1)),
  id_status_type: Int4,
  when: StrictDateTime,
  where: RequiredText(),
})
/**
 * 200: all updated. 420: the parcels that already had the status (anywhere in their history) were
 * skipped; their internal numbers are in `skipped`, the rest were updated (one transaction).
 */
export const GroupStatusReply = Schema.Struct({ message: Schema.String, updated: Schema.Number, skipped: Schema.Array(Schema.String) })
export type GroupStatusReply = typeof GroupStatusReply.Type

export const StatusTypeGroup = Schema.Struct({ id: Schema.Number, name: Schema.String, identifier: Schema.String })

/** GET app/v1/status_type/list: statuses for the listing filter and the group change modal (clients: no internal ones). */
export const StatusTypeOption = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  displayed_name: Schema.String,
  internal: Schema.Number,
  status_type_group_id: Schema.NullOr(Schema.Number),
})
/** GET app/v1/problem_rule/list (admin): the problem-rule filter. */
export const ProblemRule = Schema.Struct({ code: Schema.String, name: Schema.String })

// ---- report ordering from the listing ------------------------

/**
 * POST app/v1/export: `list` = the listing's rows and columns for the criteria; `custom` = one row
 * per parcel with every detail (dimensions, weights, receipts, statuses) for the criteria, with
 * `start`/`end` overriding the criteria's dates. 406 EXPORT_MSG (processable): see listing.ts
 * `exportRefusal`. Otherwise the XLSX is made at once and stored; the answer carries its uuid.
 */
export const ExportOrderRequest = Schema.Struct({
  /** list, custom: a report of the listing's criteria (made at once); billing: a billing statement (a job, admins only). */
  type: Schema.Literals(['list', 'custom', 'billing']),
  /** Required for list and custom. */
  criteria: Schema.optional(ListingCriteria),
  re_account: Schema.optional(Schema.NullOr(Schema.Boolean)),
  /** billing: the period's days (yyyy-mm-dd, required); custom: overrides the criteria's dates. */
  start: Schema.optional(Schema.NullOr(StrictDateOrEmpty)),
  end: Schema.optional(Schema.NullOr(StrictDateOrEmpty)),
  /** billing: the client of the statement; null or absent = every client. */
  client_id: Schema.optional(Schema.NullOr(Id)),
})
export type ExportOrderRequest = typeof ExportOrderRequest.Type

/** Status of an ordered export (reports and billing statements): see schemas/billing.ts. */
export const ExportStatus = ExportInfo
export type ExportStatus = typeof ExportStatus.Type
