import * as Schema from 'effect/Schema'
import { EXPORT_STATUSES, EXPORT_TYPES } from '../constants/billing.ts'
import { PagingRequest } from './common.ts'
import { BILLING_MSG } from '../messages/billing.ts'
import { Id, StrictDate, Text } from '../validation.ts'

/** Billing statements and the export lists (docs/billing.md). */

/** A day, yyyy-mm-dd. */
export const Day = StrictDate

/** A price list a billing statement charged with. */
export const UsedPriceList = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  type: Schema.String,
  /** null: a default list. */
  client_name: Schema.NullOr(Schema.String),
  country: Schema.NullOr(Schema.String),
  begin_date: Schema.String,
  /** Shipments of the statement charged with it. */
  shipments: Schema.Number,
})
export type UsedPriceList = typeof UsedPriceList.Type

/** One export (report or billing statement) as the lists and find/{uuid} show it. */
export const ExportInfo = Schema.Struct({
  id: Schema.Number,
  uuid: Schema.String,
  /** The identifier for GET app/v1/export/download/{identifier} (the uuid). */
  identifier: Schema.String,
  type: Schema.String,
  name: Schema.String,
  status: Schema.Literals(EXPORT_STATUSES),
  file_name: Schema.NullOr(Schema.String),
  rows: Schema.Number,
  created_at: Schema.String,
  error_message: Schema.NullOr(Schema.String),
  client_id: Schema.NullOr(Schema.Number),
  /** null: a statement of every client (shown as 'Wszyscy'). */
  client_name: Schema.NullOr(Schema.String),
  period_start: Schema.NullOr(Schema.String),
  period_end: Schema.NullOr(Schema.String),
  total_count: Schema.Number,
  performed_count: Schema.Number,
  errors_count: Schema.Number,
  used_for_invoice: Schema.Boolean,
  /** A statement: whether every shipment was charged anew (re_account). */
  re_account: Schema.Boolean,
  /** A statement made without re_account: shipments that kept their earlier charges. */
  kept_count: Schema.Number,
  /** A statement: the price lists it charged with (empty for reports and unfinished statements). */
  price_lists: Schema.Array(UsedPriceList),
})
export type ExportInfo = typeof ExportInfo.Type

/** POST app/v1/export/latest[/{type}]: the table's paging payload, or an empty array for the quick list. */
export const ExportLatestPaging = Schema.Struct({
  ...PagingRequest.fields,
  /** Staff: only this client's exports (the client card's "Moje raporty"); a client sees its own whatever this says. */
  client_id: Schema.optional(Id),
})
export type ExportLatestPaging = typeof ExportLatestPaging.Type
export const ExportLatestRequest = Schema.Union([ExportLatestPaging, Schema.Tuple([])])
export type ExportLatestRequest = typeof ExportLatestRequest.Type

export const ExportTypeParams = Schema.Struct({ type: Schema.Literals(EXPORT_TYPES) })

/** One validation error of a statement. */
export const ValidationError = Schema.Struct({
  validationErrorId: Schema.Number,
  type: Schema.String,
  internalWaybill: Schema.NullOr(Schema.String),
  parcelInternalNumbers: Schema.Array(Schema.String),
  reviewed: Schema.Boolean,
  /** Whether the error may be marked reviewed (no_operational_price_list_match and missing_amount may not). */
  reviewable: Schema.Boolean,
  additionalData: Schema.Record(Schema.String, Schema.Unknown),
})
export type ValidationError = typeof ValidationError.Type

export const ReviewRequest = Schema.Struct({ id: Id, reviewed: Schema.Boolean })
export const UsedForInvoiceRequest = Schema.Struct({ id: Id, used_for_invoice: Schema.Boolean })

/** POST app/v1/export/custom: a custom report (one row per parcel with every detail) of the days start–end. */
export const CustomExportRequest = Schema.Struct({
  type: Schema.optional(Schema.Literals(['custom'])),
  start: Day,
  end: Day,
})
