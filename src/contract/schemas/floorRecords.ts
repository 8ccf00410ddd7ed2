import * as Schema from 'effect/Schema'
import { SCAN_LOG_KINDS } from '../constants/floor.ts'
import { INPUT } from '../constants/platform.ts'
import { PagingRequest } from './common.ts'
import { ExternalInbound } from './floor.ts'
import { Id, Int4, StrictDate, Text } from '../validation.ts'

/**
 * The floor's records and files that are not scans: the external inbound list, a record and its
 * comment, tags (label files) and the scan log. Apart from floor.ts, which every scanning screen
 * loads. Timestamps are ISO 8601 strings (UTC); the browser shows them in Europe/Warsaw.
 */

const Iso = Schema.String

// ---- external inbound -----------------------------------------------------------------------

export const ExternalInboundRow = Schema.Struct({
  id: Schema.Number,
  waybill: Schema.String,
  barcode: Schema.String,
  scanned_at: Iso,
  comment: Schema.String,
  inbound_courier_id: Schema.NullOr(Schema.Number),
  courier_name: Schema.NullOr(Schema.String),
  scanned_by_email: Schema.NullOr(Schema.String),
})
/** Columns for `order`: 0 waybill, 1 scanned_at, 2 comment (default scanned_at desc). */
export const EXTERNAL_INBOUND_COLUMNS = ['waybill', 'scanned_at', 'comment'] as const
const DayString = StrictDate
export const ExternalInboundListRequest = Schema.Struct({
  ...PagingRequest.fields,
  criteria: Schema.optional(
    Schema.Struct({
      inbound_courier_id: Schema.optional(Schema.NullOr(Id)),
      /** Day of acceptance, yyyy-mm-dd in Europe/Warsaw. */
      date: Schema.optional(Schema.NullOr(DayString)),
      /** Accepted by this user (the scan screen's own counter). */
      scanned_by_user_id: Schema.optional(Schema.NullOr(Id)),
    }),
  ),
})
export const ExternalInboundCommentRequest = Schema.Struct({ id: Id, comment: Text(INPUT.longTextMax) })
export const ExternalInboundSaved = Schema.Struct({ message: Schema.String, data: ExternalInbound })

// ---- tags -------------------------------------------------------------------------------------

/**
 * POST app/v1/tag: a PDF with a Code128 barcode, named `{type}_{value}.pdf`.
 * value: client id (barcode = internal instruction selecting the client), workstation code
 * (barcode = the code), problematic sector id (barcode = instruction with problematic_sector_id).
 */
export const TAG_TYPES = ['client', 'workstation', 'problematic_sector'] as const
export const TagRequest = Schema.Struct({
  type: Schema.Literals(TAG_TYPES),
  /** The caption printed on the tag (bounded: a longer one would only cost time to lay out). */
  label: Text(INPUT.tagLabelMax),
  value: Schema.Union([Text(), Int4]),
})

// ---- scan log ---------------------------------------------------------------------------------

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
