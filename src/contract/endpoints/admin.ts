import { Schema } from 'effect'
import { ADMIN_ONLY, ANY_SIGNED_IN, CLIENT_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, FileBody, IdBody, MessageReply, paged } from '../schemas.ts'
import {
  CalendarCountryQuery, CalendarDay, CalendarDayAdded, CalendarDayRequest, CalendarYearsReply, ClientResignationCreateRequest, LabelMetadata,
  NextWorkingDayQuery, NextWorkingDayReply, ParcelDeleteReply, ParcelDeleteRequest, ParcelStatusReply, ParcelStatusRequest,
  Resignation, ResignationCreateRequest, ResignationListRequest, ResignationSaved, ResignationUpdateRequest, StatusTypeCreateRequest,
  StatusTypeGroupDetail, StatusTypeListRequest, StatusTypeRow, StatusTypeSaved, StatusTypeUpdateRequest, UnknownAlias,
  UnknownAliasResolveRequest, UnknownAliasResolved,
} from '../schemas/admin.ts'
import { PublicTokenQuery } from '../schemas/warehouse.ts'

/** A file reply (CSV): the bytes, not JSON. */

/**
 * The admin screens' calls: calendar, status types,
 * reported resignations, unknown client aliases and locker files and the
 * single-parcel calls.
 * A client reading another client's resignation gets 404.
 */
export const adminEndpoints = {
  // ---- calendar of non-working days ----
  calendarYears: ep({ method: 'GET', path: 'calendar/years', roles: ADMIN_ONLY, body: Empty, replies: { 200: CalendarYearsReply } }),
  /** The days of a year of a country (`?country=`, default PL), by date; the year's public holidays are written the first time the year is used. */
  calendarDays: ep({ method: 'GET', path: 'calendar/year/{year}/days', roles: ADMIN_ONLY, body: Empty, query: CalendarCountryQuery, replies: { 200: Schema.Array(CalendarDay), 404: ErrorReply }, statuses: { 404: 'year out of range' } }),
  calendarDayAdd: ep({
    method: 'POST', path: 'calendar/day', roles: ADMIN_ONLY, body: CalendarDayRequest, replies: { 201: CalendarDayAdded, 422: ErrorReply },
    statuses: { 201: 'Dzień wolny został dodany do listy!', 422: 'date and name required; the date already in the calendar' },
  }),
  calendarDayDelete: ep({
    method: 'DELETE', path: 'calendar/day', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply },
    statuses: { 200: 'Dzień wolny został usunięty z kalendarza!', 404: 'no such day' },
  }),
  /** The first working day after `?date=` (default today, Europe/Warsaw) in `?country=` (default PL): not a weekend, not a day of its calendar. */
  nextWorkingDay: ep({ method: 'GET', path: 'app/v1/calendar/next_working_day', roles: ANY_SIGNED_IN, body: Empty, query: NextWorkingDayQuery, replies: { 200: NextWorkingDayReply } }),

  // ---- status types ----
  /** The /statuses table (25 per page): columns 0 id, 1 name, 2 displayed_name, 3 internal; search by id or names. */
  statusTypeDatatable: ep({ method: 'POST', path: 'app/v1/status_type/datatable', roles: ADMIN_ONLY, body: StatusTypeListRequest, replies: { 200: paged(StatusTypeRow) } }),
  statusTypeGet: ep({ method: 'GET', path: 'app/v1/status_type/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: StatusTypeRow, 404: ErrorReply }, statuses: { 404: 'Nie znaleziono statusu' } }),
  statusTypeCreate: ep({ method: 'POST', path: 'app/v1/status_type', roles: ADMIN_ONLY, body: StatusTypeCreateRequest, replies: { 201: StatusTypeSaved, 422: ErrorReply }, statuses: { 201: 'status_created', 422: 'errors per field' } }),
  statusTypeUpdate: ep({ method: 'PUT', path: 'app/v1/status_type', roles: ADMIN_ONLY, body: StatusTypeUpdateRequest, replies: { 200: StatusTypeSaved, 404: ErrorReply, 422: ErrorReply }, statuses: { 404: 'no such status', 422: 'errors per field' } }),
  /** Only statuses of courier 1 (the operator) that no rule, sector or parcel history uses; else 409. */
  statusTypeDelete: ep({
    method: 'DELETE', path: 'app/v1/status_type', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply },
    statuses: { 200: 'Status usunięty', 404: 'no such status', 409: 'not the operator\'s, a system status, or in use' },
  }),
  statusTypeGroupOne: ep({ method: 'GET', path: 'app/v1/status_type_group/one/{identifier}', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: StatusTypeGroupDetail, 404: ErrorReply }, statuses: { 404: 'no such group' } }),

  // ---- unknown client aliases ----
  /** Aliases read from labels that were not the parcel's client's, not resolved yet, oldest first. */
  unknownAliasList: ep({ method: 'GET', path: 'app/v1/unknown_client_alias', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(UnknownAlias) } }),
  unknownAliasGet: ep({ method: 'GET', path: 'app/v1/unknown_client_alias/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: UnknownAlias, 404: ErrorReply }, statuses: { 404: 'no such unresolved alias' } }),
  /** Resolves: the alias becomes one of the client's aliases (intake stops answering "wrong alias" for it). */
  unknownAliasResolve: ep({
    method: 'PUT', path: 'app/v1/unknown_client_alias', roles: ADMIN_ONLY, body: UnknownAliasResolveRequest, replies: { 200: UnknownAliasResolved, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 404: 'no such alias', 409: 'resolved already', 422: 'unknown client; resolved_type does not match the client chosen' },
  }),

  // ---- locker files for an e-commerce integration ----
  /** CSV of the country's lockers (id, name, address, postal code, city, coordinates), opened with `?_public_token=`. */
  lockerFile: ep({
    method: 'GET', path: 'app/v1/locker/ido_sell/{country}', roles: ADMIN_ONLY, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply }, file: true, publicToken: true,
    statuses: { 404: 'country other than RO, HU, BG' },
  }),

  // ---- reported resignations: back office ----
  resignationList: ep({ method: 'POST', path: 'app/v1/parcel/resignation/ajax', roles: ADMIN_ONLY, body: ResignationListRequest, replies: { 200: paged(Resignation) } }),
  resignationCreate: ep({ method: 'POST', path: 'app/v1/parcel/resignation', roles: ADMIN_ONLY, body: ResignationCreateRequest, replies: { 201: ResignationSaved, 422: ErrorReply }, statuses: { 201: 'created', 422: 'errors per field' } }),
  resignationGet: ep({ method: 'GET', path: 'app/v1/parcel/resignation/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Resignation, 404: ErrorReply }, statuses: { 404: 'no such resignation' } }),
  resignationUpdate: ep({ method: 'PUT', path: 'app/v1/parcel/resignation', roles: ADMIN_ONLY, body: ResignationUpdateRequest, replies: { 200: ResignationSaved, 404: ErrorReply, 422: ErrorReply }, statuses: { 404: 'no such resignation', 422: 'errors per field' } }),
  resignationDelete: ep({ method: 'DELETE', path: 'app/v1/parcel/resignation', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply }, statuses: { 404: 'no such resignation' } }),
  // ---- reported resignations: the client's own (others' → 404) ----
  clientResignationList: ep({ method: 'POST', path: 'app/v1/client/parcel/resignation/ajax', roles: CLIENT_ONLY, body: ResignationListRequest, replies: { 200: paged(Resignation) } }),
  clientResignationCreate: ep({ method: 'POST', path: 'app/v1/client/parcel/resignation', roles: CLIENT_ONLY, body: ClientResignationCreateRequest, replies: { 201: ResignationSaved, 422: ErrorReply }, statuses: { 201: 'created', 422: 'errors per field' } }),
  clientResignationGet: ep({ method: 'GET', path: 'app/v1/client/parcel/resignation/{id}', roles: CLIENT_ONLY, body: Empty, replies: { 200: Resignation, 404: ErrorReply }, statuses: { 404: 'no such resignation of this client' } }),
  clientResignationDelete: ep({ method: 'DELETE', path: 'app/v1/client/parcel/resignation', roles: CLIENT_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply }, statuses: { 404: 'no such resignation of this client' } }),

  // ---- single-parcel calls ----
  /** mode `parcel`: this parcel is marked removed (with the cancelled status); `shipment`: every parcel of its shipment and the shipment. */
  parcelDelete: ep({ method: 'DELETE', path: 'app/v1/parcel', roles: ADMIN_ONLY, body: ParcelDeleteRequest, replies: { 200: ParcelDeleteReply, 404: ErrorReply, 409: ErrorReply }, statuses: { 404: 'no such parcel', 409: 'removed already' } }),
  /** One parcel gets a status (the single form of PUT parcel/status/group). */
  parcelStatus: ep({
    method: 'PUT', path: 'app/v1/parcel/status', roles: ADMIN_ONLY, body: ParcelStatusRequest, replies: { 200: ParcelStatusReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 404: 'no such parcel', 409: 'Przesyłka ma już ten status', 422: 'unknown status, bad when' },
  }),
  /** `{id}` the parcel id, `{label}` dl or 100150; clients only for their own parcels (404 otherwise). */
  parcelLabelMetadata: ep({ method: 'GET', path: 'app/v1/parcel/{id}/label/{label}/metadata', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: LabelMetadata, 404: ErrorReply }, statuses: { 404: 'no such parcel or label size' } }),
} as const



