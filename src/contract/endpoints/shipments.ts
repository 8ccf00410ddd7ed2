import * as Schema from 'effect/Schema'
import { ADMIN_AND_CLIENT, ADMIN_ONLY, ANY_SIGNED_IN, PUBLIC, STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, FileBody, MessageReply, PublicTokenQuery } from '../schemas/common.ts'
import {
  AdoptReply, AdoptRequest, Country, CreatedShipmentReply, InternalInfoReply,
  SetBufferNumberRequest, ShipmentCreateRequest, ShipmentDeleteRequest,
  ShipmentIdRequest, ShipmentInvoice, ShipmentReply, ShipmentUpdateRequest,
} from '../schemas/shipments.ts'
import { AccountedAmountsReply } from '../schemas/prices.ts'

/**
 * Shipments (the parcel listing: endpoints/parcels.ts; the history rows and public tracking:
 * endpoints/tracking.ts).
 * A client reading another client's shipment, label or history gets 404 'Taka przesyłka nie
 * istnieje'. `{internalNumber}` is any number of one of the shipment's
 * parcels (internal, out, in, buffer, return or duplicated number); the shipment's own number is
 * its first parcel's internal number.
 */
export const shipmentEndpoints = {
  /**
   * The shipment (context 'shipment'), or a parcel that is not (yet) a client's shipment (context
   * 'parcel': no shipment at all — created at intake by init_scan or a duplicated row, then
   * shipment.id is null and the browser shows the danger icon — or a buffer shipment still
   * waiting for its client, then parcels holds only that parcel).
   */
  shipmentGet: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: ShipmentReply, 404: ErrorReply }, statuses: { 404: 'Taka przesyłka nie istnieje' } }),
  /**
   * Clients create for their own client (client_id from the session; a client_id in the body is
   * ignored); admins must give client_id. Internal numbers RE + 9 digits from a sequence; the
   * shipment's number is its first parcel's. The other party (sender for deliveries, recipient for
   * returns) is the client's company at the operator's facility. Registration with the courier
   * follows at once (SHIPMENT_REGISTRATION_FAILED problem when no courier serves the route).
   */
  shipmentCreate: ep({
    method: 'POST', path: 'app/v2/shipment/', roles: ADMIN_AND_CLIENT, body: ShipmentCreateRequest,
    statuses: {
      201: 'Przesyłka została utworzona poprawnie!',
      422: 'field errors (sender.*, recipient.*, content.*, parcels.{n}.weight.declared, parcels.{n}.dimensions.declared.*, parcels, client_id)',
      451: 'Nadawanie do tego kraju jest niedozwolone!',
    },
    replies: { 201: CreatedShipmentReply, 422: MessageReply, 451: MessageReply },
  }),
  /** Only while shipmentEditable allows (else 409 'Nie można zapisać zmian!'); service, client and country stay. */
  shipmentUpdate: ep({
    method: 'PUT', path: 'app/v2/shipment/', roles: ADMIN_AND_CLIENT, body: ShipmentUpdateRequest, replies: { 200: CreatedShipmentReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply, 451: ErrorReply },
    updates: { find: 'shipmentGet', part: 'shipment' },
    statuses: { 200: 'Pomyślnie zapisano zmiany!', 404: 'Taka przesyłka nie istnieje', 409: 'Nie można zapisać zmian!', 422: 'field errors', 451: 'Nadawanie do tego kraju jest niedozwolone!' },
  }),
  /** Mark as removed: 409 with the failure message when a rule forbids it. */
  shipmentDelete: ep({
    method: 'DELETE', path: 'app/v2/shipment/', roles: ADMIN_AND_CLIENT, body: ShipmentDeleteRequest, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply },
    statuses: { 200: 'Przesyłka została oznaczona jako usunięta!', 404: 'Taka przesyłka nie istnieje', 409: 'Nie można oznaczyć przesyłki jako usuniętej!' },
  }),
  /** Retry the registration with the external courier (problem SHIPMENT_REGISTRATION_FAILED, status reported). */
  shipmentRegister: ep({
    method: 'PATCH', path: 'app/v2/shipment/', roles: ADMIN_ONLY, body: ShipmentIdRequest, replies: { 200: CreatedShipmentReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 200: 'Pomyślnie zarejestrowano przesyłkę u kuriera zewnętrznego!', 404: 'Taka przesyłka nie istnieje', 409: 'already registered', 422: 'Nie udało się zarejestrować przesyłki u kuriera zewnętrznego' },
  }),
  shipmentInternalInfo: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}/internal_info', roles: ADMIN_ONLY, body: Empty, replies: { 200: InternalInfoReply } }),
  /** Invoices the shipment was billed on (none until invoicing exists: an empty list). */
  shipmentInvoices: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}/invoices', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(ShipmentInvoice) } }),
  /** Charges of the shipment (none until charging exists: main null, after_service empty → 'Brak naliczeń!'). */
  shipmentAccountedAmounts: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}/accounted-amounts', roles: ADMIN_ONLY, body: Empty, replies: { 200: AccountedAmountsReply } }),
  /**
   * Labels, one page per parcel with the Code128 of the 28-character label barcode; saved as
   * {internalNumber}.pdf. 409 'Twoja etykieta nie jest jeszcze gotowa!' while the shipment is not
   * registered with its courier, or for a record that is not a shipment (context 'parcel').
   */
  labelsDl: ep({
    method: 'GET', path: 'app/v2/shipment/{internalNumber}/labels/dl', roles: ANY_SIGNED_IN, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply, 409: ErrorReply }, file: true, publicToken: true,
    statuses: { 404: 'Taka przesyłka nie istnieje', 409: 'Twoja etykieta nie jest jeszcze gotowa!' },
  }),
  labels100150: ep({
    method: 'GET', path: 'app/v2/shipment/{internalNumber}/labels/100150', roles: ANY_SIGNED_IN, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply, 409: ErrorReply }, file: true, publicToken: true,
    statuses: { 404: 'Taka przesyłka nie istnieje', 409: 'Twoja etykieta nie jest jeszcze gotowa!' },
  }),
  /** The caller's client's allowed destination countries (admin: all countries). */
  allowedCountries: ep({ method: 'GET', path: 'app/v2/client-panel/allowed_countries', roles: ADMIN_AND_CLIENT, body: Empty, replies: { 200: Schema.Array(Country) } }),
  /** The by-client-id variant (path not shown in the spec; chosen): the admin creating for a client. */
  clientAllowedCountries: ep({ method: 'GET', path: 'app/v1/client/{id}/allowed_countries', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(Country) } }),

  // ---- buffer, unprocessable and duplicated parcels ----
  parcelAdoptBuffer: ep({
    method: 'PATCH', path: 'app/v1/parcel/adopt/buffer', roles: ADMIN_ONLY, body: AdoptRequest, replies: { 200: AdoptReply, 404: ErrorReply, 409: ErrorReply },
    statuses: { 200: 'Zapisano klienta dla przesyłki buforowej', 404: 'parcel or client not found', 409: 'not a buffer parcel / already has a client' },
  }),
  parcelAdoptUnprocessable: ep({
    method: 'PATCH', path: 'app/v1/parcel/adopt/unprocessable', roles: ADMIN_ONLY, body: AdoptRequest, replies: { 200: AdoptReply, 404: ErrorReply, 409: ErrorReply },
    statuses: { 200: 'Zapisano klienta dla przesyłki nieprocesowalnej', 404: 'parcel or client not found', 409: 'not an unprocessable parcel' },
  }),
  setNewBufferNumber: ep({
    method: 'PUT', path: 'app/v1/parcel/set-new-buffer-number', roles: STAFF, body: SetBufferNumberRequest, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 200: 'Pomyślnie ustawiono nowy numer przesyłki!', 404: 'no such parcel', 409: 'not a duplicated parcel', 422: 'number taken' },
  }),
  /** PDF 100×150 with the return number (RE_ + 9 digits) of a duplicated parcel, opened with `?_public_token=`. */
  returnSticker: ep({
    method: 'GET', path: 'app/v1/parcel/{internalNumber}/generate-return-sticker', roles: ADMIN_ONLY, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply, 409: ErrorReply }, file: true, publicToken: true,
    statuses: { 404: 'no such parcel', 409: 'not a duplicated parcel' },
  }),

  // ---- images (public: <img> sends no bearer header) ----
  assetFlag: ep({ method: 'GET', path: 'app/v1/asset/flag/{isoCode}', roles: PUBLIC, body: Empty, replies: { 200: FileBody }, file: true }),
  assetDangerIcon: ep({ method: 'GET', path: 'app/v1/asset/icon/danger', roles: PUBLIC, body: Empty, replies: { 200: FileBody }, file: true }),
} as const
