import * as Schema from 'effect/Schema'
import { ANY_SIGNED_IN, STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { ClientRef, Empty, ErrorReply, FileBody, MessageReply, NoBody, paged, PublicTokenQuery, PublicTokenReply } from '../schemas/common.ts'
import {
  CheckDimensionsReply, ClassifyErrorBody, ClassifyReply, ClassifyRequest, ClientVerifyReply, ClientVerifyRequest, Courier,
  DimensionsReply, DimensionsRequest, DimensionsSelectiveRequest, ExternalInboundScanReply, ExternalInboundScanRequest, HistoryRow,
  InstructionReply, InstructionRequest, ParcelFields, ParcelFindParams, ParcelFindQuery, ParcelIdentity, ResolveReply, ResolveRequest,
  ScanErrorBody, ScanReply, ScanRequest,
} from '../schemas/floor.ts'

/** Answer codes of the intake scan, in decision order. */
export const INTAKE_STATUSES = {
  205: 'workstation code: workstation set; no body (null-body status): reload the workstation, show "Pomyślnie ustawiono stanowisko!"',
  202: 'internal instruction: client set (data.client)',
  204: 'same user, barcode and status within 3 s of the last accepted scan: nothing written, no body',
  203: 'first-mile courier waybill not yet accepted: external inbound created (data.external_inbound); choose the client',
  208: 'parcel with messages and suggestions (not in the system without client, dispatch blocked, wrong alias, buffer without client, not cleared)',
  201: 'status written (or parcel created for the chosen client); messages may be empty (big success indicator); re_pasting_required',
  206: 'the parcel left its problem sector: list of messages, reset forms',
  403: 'no workstation (data.workstation null, message "Przed rozpoczęciem pracy musisz zeskanować stanowisko!") or a workstation of another type ("Jesteś zalogowany na innym stanowisku!")',
  404: 'workstation code of no workstation: "Stanowisko nie istnieje!"',
  406: 'workstation the role may not use (server message)',
  409: 'deleted or cancelled parcel (cancelled sector suggested)',
  422: 'validation (errors per field) or server message',
  423: 'workstation code of an occupied workstation: "Stanowisko jest już zajęte!"',
} as const

/** Answer codes of sorting: 201 sorted, 205 workstation, 402/403/405/406/410/412/424/425 refusals. */
export const CLASSIFY_STATUSES = {
  201: 'sorted: data.bucket {name, identifier} (null when sent to a problem sector), completed_multi_pack_waybill',
  204: 'repeated scan within 3 s: nothing written, no body',
  205: 'workstation set; no body',
  402: 'parcel with a wrong client alias (verification zone suggested)',
  403: 'no workstation, or logged in at a different workstation',
  404: 'parcel not in the system (receiving sector suggested)',
  405: 'client dispatch blocked (blocked-dispatch sector suggested)',
  406: 'no bucket for this route',
  410: 'deleted parcel (cancelled sector suggested)',
  412: 'part of a multi-pack waiting in the buffer: tell customer service',
  422: 'validation, status not offered here, parcel not cleared for dispatch',
  423: 'workstation code of an occupied workstation',
  424: 'multi-pack not fully scanned at intake (waiting room suggested)',
  425: 'scanned too early: not yet received at intake (receiving sector suggested)',
} as const

export const RESOLVE_STATUSES = {
  200: 'status given (sector cleared, or the parcel moved to the chosen sector)',
  202: 'the parcel sits in a sector: data.problematic_sector and data.status_types offered here',
  204: 'repeated scan within 3 s: nothing written, no body',
  205: 'workstation set; no body',
  403: 'no workstation, or not a PRBL workstation',
  404: 'parcel not in the system',
  422: 'parcel in no sector (without a status), status not offered here, validation',
} as const

/** Typed answers of the intake scan (same codes as INTAKE_STATUSES). */
const INTAKE_REPLIES = {
  201: ScanReply, 202: ScanReply, 203: ScanReply, 206: ScanReply, 208: ScanReply, 204: NoBody, 205: NoBody,
  403: ScanErrorBody, 404: ScanErrorBody, 406: ScanErrorBody, 409: ScanErrorBody, 422: ScanErrorBody, 423: ScanErrorBody,
} as const

/**
 * Scanning, sorting, resolution, parcel data of the intake screen, the client chooser, the external
 * inbound scan, labels and file tokens (the floor's records, tags and scan log: floorRecords.ts).
 */
export const scanEndpoints = {
  // ---- scans: one short transaction each ----
  parcelScan: ep({
    method: 'POST', path: 'app/v1/parcel/scan', scanLog: 'intake', roles: STAFF, body: ScanRequest, statuses: INTAKE_STATUSES,
    replies: INTAKE_REPLIES,
  }),
  parcelScanAssign: ep({
    method: 'PUT', path: 'app/v1/parcel/scan-and-assign-to-client', scanLog: 'intake', roles: STAFF, body: ScanRequest, statuses: INTAKE_STATUSES,
    replies: INTAKE_REPLIES,
  }),
  parcelClassify: ep({
    method: 'POST', path: 'app/v1/parcel/classify/courier', scanLog: 'sorting', roles: STAFF, body: ClassifyRequest, statuses: CLASSIFY_STATUSES,
    replies: {
      201: ClassifyReply, 204: NoBody, 205: NoBody,
      402: ClassifyErrorBody, 403: ClassifyErrorBody, 404: ClassifyErrorBody, 405: ClassifyErrorBody, 406: ClassifyErrorBody, 410: ClassifyErrorBody,
      412: ClassifyErrorBody, 422: ClassifyErrorBody, 423: ClassifyErrorBody, 424: ClassifyErrorBody, 425: ClassifyErrorBody,
    },
  }),
  problematicSectorResolve: ep({
    method: 'PUT', path: 'app/v1/problematic-sector/resolve', scanLog: 'resolve', roles: STAFF, body: ResolveRequest, statuses: RESOLVE_STATUSES,
    replies: { 200: ResolveReply, 202: ResolveReply, 204: NoBody, 205: NoBody, 403: ScanErrorBody, 404: ScanErrorBody, 422: ScanErrorBody },
  }),
  /** Decodes `text|base64(JSON)`. */
  internalInstructionCode: ep({
    method: 'PATCH', path: 'app/v1/warehouse/scan/internal_instruction_code', roles: STAFF, body: InstructionRequest,
    statuses: { 404: 'client or sector of the code does not exist', 422: 'not an instruction code' },
    replies: { 200: InstructionReply, 404: MessageReply, 422: MessageReply },
  }),

  // ---- client chooser of the intake screen ----
  /** Clients by name (or id) from 3 characters; shorter text finds nothing. */
  clientSearch: ep({ method: 'GET', path: 'app/v1/client/search/{text}', roles: STAFF, body: Empty, replies: { 200: Schema.Array(ClientRef) } }),
  clientVerifyChoose: ep({
    method: 'POST', path: 'app/v1/client/verify_choose', roles: STAFF, body: ClientVerifyRequest, replies: { 200: ClientVerifyReply, 422: ErrorReply },
    statuses: { 422: 'Niepoprawna weryfikacja wyboru klienta!' },
  }),

  // ---- parcel data on the intake screen ----
  /** `?fields[]=weight&fields[]=out_number...`; all fields when none given. `{idType}`: id, internal_number, out_number, in_number, buffer_number, return_number, duplicated_number, barcode. */
  parcelFind: ep({ method: 'GET', path: 'app/v1/parcel/find/{idType}/{value}', roles: STAFF, body: Empty, params: ParcelFindParams, query: ParcelFindQuery, replies: { 200: ParcelFields } }),
  /** Status history, newest first: date, status, where, user e-mail, workstation, sector. */
  parcelHistory: ep({ method: 'GET', path: 'app/v1/parcel/find/{idType}/{value}/history', roles: STAFF, body: Empty, params: ParcelFindParams, replies: { 200: Schema.Array(HistoryRow) } }),
  parcelCheckDimensions: ep({
    method: 'POST', path: 'app/v1/parcel/check-dimensions', roles: STAFF, body: DimensionsRequest,
    statuses: { 406: 'confirm: show messages[0]; declined → "Zmiany nie zostały zapisane"', 422: 'refused: show message' },

    replies: { 200: CheckDimensionsReply, 406: CheckDimensionsReply, 422: MessageReply },
  }),
  parcelDimensions: ep({ method: 'PATCH', path: 'app/v1/parcel/dimensions', roles: STAFF, body: DimensionsRequest, replies: { 200: DimensionsReply } }),
  parcelDimensionsSelective: ep({ method: 'PATCH', path: 'app/v1/parcel/dimensions-selective', roles: STAFF, body: DimensionsSelectiveRequest, replies: { 200: DimensionsReply } }),
  /** The replacement label (PDF, 100×150 mm) with the outbound number; opened in a new window with `?_public_token=`. 404 "Przesyłka nie posiada numeru wyjściowego". */
  parcelRepasteLabel: ep({
    method: 'GET', path: 'app/v1/parcel/{internalNumber}/label/re-paste', roles: STAFF, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody },
    file: true, publicToken: true,
  }),
  /** Scan-to-find (/parcel-search): resolves a barcode as a scan does. Clients see only their own parcels (404 otherwise). */
  parcelSearchScan: ep({ method: 'GET', path: 'app/v1/parcel/search/{barcode}', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: ParcelIdentity } }),

  // ---- external inbound ----
  externalInboundCouriers: ep({ method: 'GET', path: 'app/v1/external_inbound/couriers', roles: STAFF, body: Empty, replies: { 200: Schema.Array(Courier) } }),
  externalInboundScan: ep({
    method: 'POST', path: 'app/v1/external_inbound', scanLog: 'external_inbound', roles: STAFF, body: ExternalInboundScanRequest,
    statuses: { 201: 'accepted', 200: 'Przesyłka już istnieje w systemie', 422: 'courier not recognised from the barcode' },
    replies: { 200: ExternalInboundScanReply, 201: ExternalInboundScanReply, 422: MessageReply },
  }),

  // ---- file tokens ----
  /** A short-lived token for file endpoints opened in a new window (`?_public_token=`). */
  publicToken: ep({ method: 'GET', path: 'app/v1/public_token', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: PublicTokenReply } }),
} as const
