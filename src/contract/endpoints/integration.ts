import * as Schema from 'effect/Schema'
import { PUBLIC } from '../access.ts'
import { INTEGRATION } from '../constants/integration.ts'
import { type Endpoint, ep } from '../endpoint.ts'
import { Empty } from '../schemas/common.ts'
import {
  ChangesQuery, ChangesReply, IntegrationCreatedShipment, IntegrationError, IntegrationShipmentRequest, LabelParams, OpenApiDocument,
  QuoteReply, QuoteRequest, TokenReply, TokenRequest, TrackingReply,
} from '../schemas/integration.ts'

/**
 * The integration API for clients' shop systems, under `/api/integration/v1/` (docs/integration.md).
 * Not part of the back office's table (endpoints.ts): its callers are a client's external API
 * credential, not signed-in people, so `roles` is PUBLIC and `auth` says what opens it:
 * `credential` = a bearer token from `token` (or the credential's stored token), for a client with
 * API access on, from an allowed address; every such call is rate limited per credential and logged.
 * The OpenAPI document (src/server/http/openapi.ts) is generated from this table.
 */
export interface IntegrationEndpoint extends Endpoint {
  readonly auth: 'none' | 'credential'
  /** One line for the reference page. */
  readonly summary: string
  /** Requires the Idempotency-Key header. */
  readonly idempotent?: boolean
}

const path = <P extends string>(p: P) => `${INTEGRATION.base}${p}` as const

/** A file reply (PDF): the bytes, not JSON. */
const Pdf = Schema.Unknown

export const integrationEndpoints = {
  integrationToken: {
    ...ep({
      method: 'POST', path: path('token'), roles: PUBLIC, body: TokenRequest,
      replies: { 200: TokenReply, 401: IntegrationError, 403: IntegrationError, 422: IntegrationError, 429: IntegrationError },
    }),
    auth: 'none',
    summary: `Token dostępu: login i hasło danych dostępowych do API (albo ich token) → token ważny ${INTEGRATION.tokenTtlSeconds} s.`,
  },
  integrationShipmentCreate: {
    ...ep({
      method: 'POST', path: path('shipments'), roles: PUBLIC, body: IntegrationShipmentRequest,
      replies: { 201: IntegrationCreatedShipment, 401: IntegrationError, 403: IntegrationError, 409: IntegrationError, 422: IntegrationError, 429: IntegrationError, 451: IntegrationError },
    }),
    auth: 'credential',
    idempotent: true,
    summary: `Nowa przesyłka (każda usługa, te same reguły co formularz). Nagłówek ${INTEGRATION.idempotencyHeader}: ponowienie zwraca pierwszą odpowiedź.`,
  },
  integrationLabel: {
    ...ep({
      method: 'GET', path: path('shipments/{internalNumber}/labels/{format}'), roles: PUBLIC, body: Empty, params: LabelParams, file: true,
      replies: { 200: Pdf, 401: IntegrationError, 403: IntegrationError, 404: IntegrationError, 409: IntegrationError, 429: IntegrationError },
    }),
    auth: 'credential',
    summary: 'Etykiety przesyłki (PDF): format dl (A4 poziomo) albo 100150 (100 × 150 mm).',
  },
  integrationTracking: {
    ...ep({
      method: 'GET', path: path('shipments/{internalNumber}/tracking'), roles: PUBLIC, body: Empty,
      replies: { 200: TrackingReply, 401: IntegrationError, 403: IntegrationError, 404: IntegrationError, 429: IntegrationError },
    }),
    auth: 'credential',
    summary: 'Historia statusów przesyłki i jej paczek, od najnowszych.',
  },
  integrationChanges: {
    ...ep({
      method: 'GET', path: path('changes'), roles: PUBLIC, body: Empty, query: ChangesQuery,
      replies: { 200: ChangesReply, 401: IntegrationError, 403: IntegrationError, 422: IntegrationError, 429: IntegrationError },
    }),
    auth: 'credential',
    summary: 'Przesyłki klienta zmienione po kursorze (nowe statusy, utworzenie, usunięcie); next_cursor do następnego zapytania.',
  },
  integrationQuote: {
    ...ep({
      method: 'POST', path: path('quote'), roles: PUBLIC, body: QuoteRequest,
      replies: { 200: QuoteReply, 401: IntegrationError, 403: IntegrationError, 422: IntegrationError, 429: IntegrationError },
    }),
    auth: 'credential',
    summary: 'Wycena przesyłki jeszcze nie utworzonej, tym samym silnikiem co rozliczenia: kwota z rozbiciem.',
  },
  integrationOpenApi: {
    ...ep({ method: 'GET', path: path('openapi.json'), roles: PUBLIC, body: Empty, replies: { 200: OpenApiDocument } }),
    auth: 'none',
    summary: 'Ten dokument OpenAPI 3.1.',
  },
} as const satisfies Record<string, IntegrationEndpoint>

export type IntegrationEndpoints = typeof integrationEndpoints
export type IntegrationEndpointName = keyof IntegrationEndpoints

/** The reference page (swagger-ui, served by the server), beside the document. */
export const INTEGRATION_DOCS_PATH = path('docs')
