import { Schema } from 'effect'
import { SCAN_LOG_KINDS } from '../constants/floor.ts'
import { PagingRequest } from '../schemas.ts'
import { Text } from '../validation.ts'

/** The scan log's page: paging plus barcode, workstation code and parcel (its internal number: every scan that found it, by any of its numbers). */
export const ScanLogListRequest = Schema.Struct({
  ...PagingRequest.fields,
  barcode: Schema.optional(Schema.NullOr(Text())),
  workstation: Schema.optional(Schema.NullOr(Text())),
  parcel: Schema.optional(Schema.NullOr(Text())),
})
export type ScanLogListRequest = typeof ScanLogListRequest.Type

/** One floor request: what the screen sent (sent_*) and what the answer gave (answer_*, status, sector, bucket). */
export const ScanLogRow = Schema.Struct({
  id: Schema.Number,
  at: Schema.String,
  kind: Schema.Literals(SCAN_LOG_KINDS),
  barcode: Schema.NullOr(Schema.String),
  worker: Schema.NullOr(Schema.String),
  workstation: Schema.NullOr(Schema.String),
  sent_status: Schema.NullOr(Schema.String),
  sent_sector: Schema.NullOr(Schema.String),
  sent_client: Schema.NullOr(Schema.String),
  sent_where: Schema.NullOr(Schema.String),
  answer_code: Schema.Number,
  answer_message: Schema.NullOr(Schema.String),
  parcel_id: Schema.NullOr(Schema.Number),
  waybill: Schema.NullOr(Schema.String),
  /** The status the answer wrote or suggested. */
  status: Schema.NullOr(Schema.String),
  /** The sector the answer put the parcel in or suggested. */
  sector: Schema.NullOr(Schema.String),
  /** Sorting: the bucket the parcel was sorted to. */
  bucket: Schema.NullOr(Schema.String),
})
export type ScanLogRow = typeof ScanLogRow.Type
