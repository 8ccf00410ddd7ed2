import { Schema } from 'effect'
import { SHIPMENT } from '../constants/shipments.ts'
import { PagingRequest } from '../schemas.ts'
import { Id, NonBlankText, StrictDate, StrictDateTime, Text } from '../validation.ts'
import { CALENDAR } from '../constants/calendar.ts'
import { LOCKERS } from '../constants/lockers.ts'
import { PARCELS } from '../constants/parcels.ts'
import { RESIGNATIONS } from '../constants/resignations.ts'
import { STATUSES } from '../constants/statuses.ts'

/**
 * Request and reply shapes of the admin screens: calendar, status types
 *, unknown client aliases, reported resignations and the
 * single-parcel calls. Every string taken in has a maximum length, every number an int4
 * range. Timestamps are ISO 8601 strings; dates yyyy-mm-dd.
 */

const Int01 = Schema.Literals([0, 1])

/** A calendar date yyyy-mm-dd that exists (no 2025-02-30), within DATE_RANGE (the calendar's years). */
export const IsoDate = StrictDate

// ---- calendar ----------------------------------------------------------------

/** GET calendar/years: years that have days and the years around the current one, the current year, today. */
export const CalendarYearsReply = Schema.Struct({ list: Schema.Array(Schema.Number), current: Schema.Number, today: Schema.String })
export type CalendarYearsReply = typeof CalendarYearsReply.Type
/** A non-working day: a public holiday (from the holiday library) or one the operator added. */
export const CalendarDay = Schema.Struct({ id: Schema.Number, date: Schema.String, name: Schema.String, holiday: Schema.Boolean })
export type CalendarDay = typeof CalendarDay.Type
/** A country with a calendar (ISO code); absent: the operator's own (PL). */
export const CalendarCountry = Schema.Literals(CALENDAR.calendarCountries)
export type CalendarCountry = typeof CalendarCountry.Type
export const CalendarCountryQuery = Schema.Struct({ country: Schema.optional(CalendarCountry) })
export const CalendarDayRequest = Schema.Struct({ date: IsoDate, name: NonBlankText(CALENDAR.maxLength.calendarName), country: Schema.optional(CalendarCountry) })
export type CalendarDayRequest = typeof CalendarDayRequest.Type
/** POST calendar/day answers the year of the day, so the screen shows that year. */
export const CalendarDayAdded = Schema.Struct({ message: Schema.String, year: Schema.Number, day: CalendarDay })
export const NextWorkingDayQuery = Schema.Struct({ date: Schema.optional(IsoDate), country: Schema.optional(CalendarCountry) })
export const NextWorkingDayReply = Schema.Struct({ date: Schema.String, from: Schema.String })

// ---- status types --------------------------------------------------------

/** A row of /statuses and the status form: `deletable` = the operator's (courier 1) status the rules do not use. */
export const StatusTypeRow = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  displayed_name: Schema.String,
  displayed_name_ro: Schema.String,
  internal: Int01,
  id_courier: Schema.Number,
  courier_name: Schema.String,
  system_id: Schema.NullOr(Schema.String),
  status_type_group_id: Schema.NullOr(Schema.Number),
  deletable: Schema.Boolean,
})
export type StatusTypeRow = typeof StatusTypeRow.Type
const statusTypeFields = {
  name: NonBlankText(STATUSES.maxLength.statusName),
  displayed_name: NonBlankText(STATUSES.maxLength.statusDisplayedName),
  displayed_name_ro: NonBlankText(STATUSES.maxLength.statusDisplayedName),
  internal: Int01,
  status_type_group_id: Schema.optional(Schema.NullOr(Id)),
}
/** New statuses belong to the operator (courier 1). */
export const StatusTypeCreateRequest = Schema.Struct(statusTypeFields)
export type StatusTypeCreateRequest = typeof StatusTypeCreateRequest.Type
export const StatusTypeUpdateRequest = Schema.Struct({ id: Id, ...statusTypeFields })
export type StatusTypeUpdateRequest = typeof StatusTypeUpdateRequest.Type
export const StatusTypeSaved = Schema.Struct({ message: Schema.String, id: Schema.Number })
export const StatusTypeListRequest = PagingRequest
/** GET app/v1/status_type_group/one/{identifier}: the group and its status types. */
export const StatusTypeGroupDetail = Schema.Struct({
  id: Schema.Number,
  identifier: Schema.String,
  name: Schema.String,
  status_types: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String, displayed_name: Schema.String, internal: Int01 })),
})

// ---- unknown client aliases -------------------------------------------------

export const ResolvedType = Schema.Literals(['manual', 'proposition'])
export type ResolvedType = typeof ResolvedType.Type
/** An alias read from a label that is not the parcel's client's; `proposed_client_id` is that parcel's client. */
export const UnknownAlias = Schema.Struct({
  id: Schema.Number,
  alias: Schema.String,
  proposed_client_id: Schema.NullOr(Schema.Number),
  client_name: Schema.NullOr(Schema.String),
  is_emag: Int01,
  waybill: Schema.NullOr(Schema.String),
  created_at: Schema.String,
})
export type UnknownAlias = typeof UnknownAlias.Type
/** resolved_type is manual when the client was changed from the proposed one, otherwise proposition. */
export const resolvedTypeOf = (proposedClientId: number | null, clientId: number): ResolvedType => (clientId === proposedClientId ? 'proposition' : 'manual')

export const UnknownAliasResolveRequest = Schema.Struct({ id: Id, client_id: Id, is_emag: Int01, resolved_type: ResolvedType })
export type UnknownAliasResolveRequest = typeof UnknownAliasResolveRequest.Type
export const UnknownAliasResolved = Schema.Struct({ message: Schema.String, id: Schema.Number, client_id: Schema.Number })

/** GET app/v1/locker/ido_sell/{country}: RO, HU or BG. */
export const LockerCountry = Schema.Literals(LOCKERS.lockerCountries)
export type LockerCountry = typeof LockerCountry.Type

// ---- reported resignations ----------------------------------------------

export const Resignation = Schema.Struct({
  id: Schema.Number,
  user_id: Schema.NullOr(Schema.Number),
  user_name: Schema.NullOr(Schema.String),
  client_id: Schema.Number,
  client_name: Schema.String,
  waybill: Schema.String,
  note: Schema.String,
  scanned_at: Schema.NullOr(Schema.String),
  resend_at: Schema.NullOr(Schema.String),
  scanned_by_user_id: Schema.NullOr(Schema.Number),
  scanned_by_user_name: Schema.NullOr(Schema.String),
  created_at: Schema.String,
})
export type Resignation = typeof Resignation.Type
export const ResignationListRequest = PagingRequest
const Waybill = NonBlankText(RESIGNATIONS.maxLength.waybill)
const Note = Text(RESIGNATIONS.maxLength.note)
/** Admin: the client is required on create. */
export const ResignationCreateRequest = Schema.Struct({ client_id: Id, waybill: Waybill, note: Schema.optional(Note) })
export type ResignationCreateRequest = typeof ResignationCreateRequest.Type
export const ResignationUpdateRequest = Schema.Struct({ id: Id, waybill: Waybill, note: Schema.optional(Note) })
export type ResignationUpdateRequest = typeof ResignationUpdateRequest.Type
/** A client reports for its own company: no client field. */
export const ClientResignationCreateRequest = Schema.Struct({ waybill: Waybill, note: Schema.optional(Note) })
export type ClientResignationCreateRequest = typeof ClientResignationCreateRequest.Type
export const ResignationSaved = Schema.Struct({ message: Schema.String, id: Schema.Number })

// ---- single-parcel calls ---------------------------------------------------------------

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
