import * as Schema from 'effect/Schema'
import { SCAN_LOG_KINDS } from '../constants/floor.ts'
import { INPUT } from '../constants/platform.ts'
import { ClientRef, PagingRequest, UserRef } from './common.ts'
import { WorkstationRef } from './warehouse.ts'
import { Decimal, Id, Int4, ParamText, RequiredString, RequiredText, StrictDate, StrictDateTime, Text } from '../validation.ts'
import { StatusType } from './statuses.ts'

/**
 * The warehouse floor: the intake scan, classification and problem resolution with their answers,
 * internal instructions, the client chooser, finding a parcel and its dimensions, the external
 * inbound scan (its list, tags and the scan log: floorRecords.ts). Timestamps are ISO 8601 strings
 * (UTC); the browser shows them in Europe/Warsaw.
 */

// ---- scanned codes, references, pop-ups -------------------------------------------------------

/**
 * A number typed into a text field ("12,5" is not accepted; "12.5" and 12.5 are), for a
 * numeric(precision, scale) column.
 */
export const NumberLike = (precision: number, scale: number) =>
  Schema.Union([Decimal(precision, scale), Schema.FiniteFromString.pipe(Schema.decodeTo(Decimal(precision, scale)))])
/** Measured weight: numeric(10, 3), kg; measured dimensions: numeric(10, 1), cm. */
const WeightLike = NumberLike(10, 3)
const LengthLike = NumberLike(10, 1)
const Iso = Schema.String
/** A scanned code: printable text, at most 200 characters (instruction codes are the longest). */
export const Barcode = RequiredText(200).check(Schema.isPattern(/^[^\u0000-\u001f\u007f]*$/))

export const SectorRef = Schema.Struct({ id: Schema.Number, code: Schema.String, name: Schema.String })
export type SectorRef = typeof SectorRef.Type
/** A sorting bucket: the last-mile route (courier × destination country) a parcel is sorted into. */
export const Bucket = Schema.Struct({ name: Schema.String, identifier: Schema.String })
export type Bucket = typeof Bucket.Type
export const ExternalInboundRef = Schema.Struct({ id: Schema.Number, barcode: Schema.String })
export const ParcelRef = Schema.Struct({ id: Schema.Number, waybill: Schema.String })

/** One pop-up of a scan answer: text, kind and how long it stays (ms). messages (text, type). */
export const MessageType = Schema.Literals(['success', 'info', 'warning', 'error'])
export type MessageType = typeof MessageType.Type
export const ScanMessage = Schema.Struct({ text: Schema.String, type: MessageType, duration: Schema.Number })
export type ScanMessage = typeof ScanMessage.Type

// ---- scans ----------------------------------------------------------------------------------

const WhenString = StrictDateTime

/**
 * Intake scan (POST app/v1/parcel/scan, PUT app/v1/parcel/scan-and-assign-to-client).
 * `when` is "yyyy-mm-dd hh:mm:ss" in Europe/Warsaw (or ISO with offset); absent → now.
 * `where` absent → TYCHY; `id_status_type` absent → 55.
 */
export const ScanRequest = Schema.Struct({
  barcode: Barcode,
  id_client: Schema.optional(Schema.NullOr(Id)),
  id_status_type: Schema.optional(Schema.NullOr(Id)),
  id_problematic_sector: Schema.optional(Schema.NullOr(Id)),
  when: Schema.optional(Schema.NullOr(WhenString)),
  where: Schema.optional(Schema.NullOr(Text())),
  external_inbound_id: Schema.optional(Schema.NullOr(Id)),
  create_duplicated_parcel_row: Schema.optional(Schema.NullOr(Schema.Boolean)),
})
export type ScanRequest = typeof ScanRequest.Type

/** `data` of every scan answer (success and error), all keys present, null when not applicable. */
export const ScanData = Schema.Struct({
  parcel_id: Schema.NullOr(Schema.Number),
  /** Our waybill: the parcel's internal number. */
  waybill: Schema.NullOr(Schema.String),
  /** The parcel's outbound number, "-" when it has none; null when no parcel. */
  out_number: Schema.NullOr(Schema.String),
  /** The label must be replaced by ours: open the re-paste label (or show the missing-out-number error). */
  re_pasting_required: Schema.Boolean,
  suggested_status_type_id: Schema.NullOr(Schema.Number),
  suggested_problematic_sector_id: Schema.NullOr(Schema.Number),
  /** Status written by this scan. */
  status_type_id: Schema.NullOr(Schema.Number),
  /** Sector the parcel sits in after this scan. */
  problematic_sector: Schema.NullOr(SectorRef),
  client: Schema.NullOr(ClientRef),
  external_inbound: Schema.NullOr(ExternalInboundRef),
  /** 403 at a workstation of another type: the workstation held. */
  workstation: Schema.NullOr(WorkstationRef),
  /** Waybill of the multi-pack this scan completed. */
  completed_multi_pack_waybill: Schema.NullOr(Schema.String),
  /** The additional parcel row made for a duplicated parcel. */
  duplicated_parcel: Schema.NullOr(ParcelRef),
  /** Scans accepted in the caller's current workflow (per-session counter). */
  accepted_scans: Schema.Number,
})
export type ScanData = typeof ScanData.Type
/** Scan data with every key present: null (false, 0 scans) unless given. */
export const scanData = (over: Partial<ScanData> = {}): ScanData => ({
  parcel_id: null,
  waybill: null,
  out_number: null,
  re_pasting_required: false,
  suggested_status_type_id: null,
  suggested_problematic_sector_id: null,
  status_type_id: null,
  problematic_sector: null,
  client: null,
  external_inbound: null,
  workstation: null,
  completed_multi_pack_waybill: null,
  duplicated_parcel: null,
  accepted_scans: 0,
  ...over,
})

/** Body of every scan answer with a body (201, 202, 203, 206, 208; resolve 200, 202). 204 and 205 have none. */
export const ScanReply = Schema.Struct({ message: Schema.String, messages: Schema.Array(ScanMessage), data: ScanData })
export type ScanReply = typeof ScanReply.Type
/** Body of scan errors (403, 404, 406, 409, 422, 423 ...): `data` carries the suggestions. */
export const ScanErrorBody = Schema.Struct({
  message: Schema.String,
  messages: Schema.Array(ScanMessage),
  data: ScanData,
  errors: Schema.optional(Schema.Record(Schema.String, Schema.Array(Schema.String))),
})

/** Classification (POST app/v1/parcel/classify/courier). */
export const ClassifyRequest = Schema.Struct({
  barcode: Barcode,
  status_type_id: Schema.optional(Schema.NullOr(Id)),
  problematic_sector_id: Schema.optional(Schema.NullOr(Id)),
  where: Schema.optional(Schema.NullOr(Text())),
})
export const ClassifyData = Schema.Struct({ ...ScanData.fields, bucket: Schema.NullOr(Bucket) })
export const ClassifyReply = Schema.Struct({ message: Schema.String, messages: Schema.Array(ScanMessage), data: ClassifyData })
export type ClassifyReply = typeof ClassifyReply.Type
export const ClassifyErrorBody = Schema.Struct({ message: Schema.String, messages: Schema.Array(ScanMessage), data: ClassifyData })

/** Problem resolution (PUT app/v1/problematic-sector/resolve). */
export const ResolveRequest = Schema.Struct({
  barcode: Barcode,
  problematic_sector_id: Schema.optional(Schema.NullOr(Id)),
  status_type_id: Schema.optional(Schema.NullOr(Id)),
  where: Schema.optional(Schema.NullOr(Text())),
})
export const ResolveData = Schema.Struct({ ...ScanData.fields, status_types: Schema.Array(StatusType) })
export const ResolveReply = Schema.Struct({ message: Schema.String, messages: Schema.Array(ScanMessage), data: ResolveData })
export type ResolveReply = typeof ResolveReply.Type

/** PATCH app/v1/warehouse/scan/internal_instruction_code. */
export const InstructionRequest = Schema.Struct({ code: Barcode })
export const InstructionReply = Schema.Struct({
  message: Schema.String,
  data: Schema.Struct({ client: Schema.NullOr(ClientRef), problematic_sector: Schema.NullOr(SectorRef) }),
})


// ---- the client chooser -----------------------------------------------------------------------

export const ClientVerifyRequest = Schema.Struct({ client_id: Id, postal_code: RequiredString, phone_number: RequiredString })
export const ClientVerifyReply = Schema.Struct({ message: Schema.String, client: ClientRef })

// ---- finding a parcel, its dimensions ---------------------------------------------------------

/** Fields GET app/v1/parcel/find/{idType}/{value} can return (`fields[]`). */
export const PARCEL_FIELDS = ['weight', 'weight_value', 'height', 'width', 'length', 'volumetric_weight', 'out_number', 'internal_number'] as const
export const ParcelField = Schema.Literals(PARCEL_FIELDS)
/** How a parcel is looked up; `barcode` resolves any number as a scan does. */
export const PARCEL_ID_TYPES = ['id', 'internal_number', 'out_number', 'in_number', 'buffer_number', 'return_number', 'duplicated_number', 'barcode'] as const
export type ParcelIdType = (typeof PARCEL_ID_TYPES)[number]

export const ParcelFindQuery = Schema.Struct({ fields: Schema.optional(Schema.Array(ParcelField)) })
/** Path of GET parcel/find/{idType}/{value}[/history]: one of the lookup kinds and the number. */
export const ParcelFindParams = Schema.Struct({ idType: Schema.Literals(PARCEL_ID_TYPES), value: ParamText })
/**
 * The parcel as the intake screen shows it: weight (measured, else declared, kg), weight_value
 * (accounted weight), volumetric_weight, dimensions (cm), out_number ("-" when absent).
 */
export const ParcelFields = Schema.Struct({
  id: Schema.Number,
  weight: Schema.optionalKey(Schema.Number),
  weight_value: Schema.optionalKey(Schema.Number),
  height: Schema.optionalKey(Schema.Number),
  width: Schema.optionalKey(Schema.Number),
  length: Schema.optionalKey(Schema.Number),
  volumetric_weight: Schema.optionalKey(Schema.Number),
  out_number: Schema.optionalKey(Schema.String),
  internal_number: Schema.optionalKey(Schema.String),
})
export type ParcelFields = typeof ParcelFields.Type

/** Status history row: date, status, where, user e-mail, newest first. */
export const HistoryRow = Schema.Struct({
  id: Schema.Number,
  when: Iso,
  status_type_id: Schema.Number,
  name: Schema.String,
  displayed_name: Schema.String,
  where: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  workstation: Schema.NullOr(Schema.String),
  problematic_sector: Schema.NullOr(SectorRef),
})
export type HistoryRow = typeof HistoryRow.Type

export const DimensionsRequest = Schema.Struct({ id: Id, weight: WeightLike, length: LengthLike, height: LengthLike, width: LengthLike })
export const DimensionsSelectiveRequest = Schema.Struct({
  id: Id,
  weight: Schema.optional(Schema.NullOr(WeightLike)),
  length: Schema.optional(Schema.NullOr(LengthLike)),
  height: Schema.optional(Schema.NullOr(LengthLike)),
  width: Schema.optional(Schema.NullOr(LengthLike)),
})
/** 200 fine; 406 `messages` to confirm (the first is shown); 422 `message` refused. */
export const CheckDimensionsReply = Schema.Struct({ message: Schema.String, messages: Schema.Array(Schema.String) })
export const DimensionsReply = Schema.Struct({ message: Schema.String, data: ParcelFields })

/** Scan-to-find (/parcel-search): what a barcode resolves to. */
export const ParcelIdentity = Schema.Struct({
  id: Schema.Number,
  internal_number: Schema.String,
  out_number: Schema.String,
  in_number: Schema.NullOr(Schema.String),
  client: Schema.NullOr(ClientRef),
  last_status: Schema.NullOr(Schema.String),
})

// ---- external inbound -----------------------------------------------------------------------

export const Courier = Schema.Struct({ id: Schema.Number, name: Schema.String, code: Schema.String })
export const ExternalInbound = Schema.Struct({
  id: Schema.Number,
  scanned_at: Iso,
  barcode: Schema.String,
  waybill: Schema.String,
  inbound_courier_id: Schema.NullOr(Schema.Number),
  inbound_courier: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  scanned_by_user: Schema.NullOr(UserRef),
  parcels: Schema.Array(ParcelRef),
  comment: Schema.String,
})
export type ExternalInbound = typeof ExternalInbound.Type
export const ExternalInboundScanRequest = Schema.Struct({ barcode: Barcode })
/** 201 accepted; 200 "Przesyłka już istnieje w systemie" (data: the earlier record, or null when a parcel carries the number). */
export const ExternalInboundScanReply = Schema.Struct({ message: Schema.String, data: Schema.NullOr(ExternalInbound) })

