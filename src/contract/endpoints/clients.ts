import * as Schema from 'effect/Schema'
import { ADMIN_AND_CLIENT, ADMIN_ONLY } from '../access.ts'
import { CLIENTS } from '../constants/clients.ts'
import { ep } from '../endpoint.ts'
import { ClientRef, Empty, ErrorReply, IdBody, MessageReply, paged, PagingRequest } from '../schemas/common.ts'
import { OperationalPriceList } from '../schemas/prices.ts'
import {
  AdditionalParameter, AdditionalParameterRequest, AdditionalPropertyType, BillingPeriod, Client, ClientCreateRequest,
  ClientListRequest, ClientNavigation, ClientRow, ClientUpdateRequest, CountryRow, CourierContact, CourierRow, Credential,
  CredentialCheckReply, CredentialCheckRequest, CredentialCreateRequest, CredentialPinRequest, CredentialType,
  CredentialUpdateRequest, CurrentActiveQuery, DefaultAccessData, ExternalCredential, ExternalCredentialCreateRequest,
  ExternalCredentialDeleteRequest, ExternalCredentialUpdateRequest, GeneratedPassword, HasCredentialType,
  HasDefaultCredentials, IaiUpdateRequest, OperationalPriceListRow, PriceBand, PriceBandCreateRequest,
  PriceBandUpdateRequest, PriceListUsed, ShipmentsCount,
} from '../schemas/clients.ts'
import { Text } from '../validation.ts'

const CHECK_STATUSES = { 406: 'the courier API refuses the login, password or service' } as const

/** Clients and the client card: the client record, additional parameters, courier credentials, external API credentials. */
export const clientEndpoints = {
  // ---- clients ----
  clientList: ep({ method: 'POST', path: 'app/v1/client/list', roles: ADMIN_ONLY, body: ClientListRequest, replies: { 200: paged(ClientRow) } }),
  clients: ep({ method: 'GET', path: 'clients', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(ClientRef) } }),
  /** 0 means the caller's own client; a client user sees nothing else (404). */
  clientData: ep({ method: 'GET', path: 'client/data/{id}', roles: ADMIN_AND_CLIENT, body: Empty, replies: { 200: Client } }),
  clientCreate: ep({ method: 'POST', path: 'client', roles: ADMIN_ONLY, body: ClientCreateRequest, replies: { 201: Client } }),
  clientUpdate: ep({ method: 'PUT', path: 'app/v1/client/', roles: ADMIN_ONLY, body: ClientUpdateRequest, replies: { 200: Client }, updates: { find: 'clientData' } }),
  /** Block = soft delete (deleted_at set). */
  clientBlock: ep({ method: 'DELETE', path: 'client', roles: ADMIN_ONLY, body: IdBody, replies: { 200: Client } }),
  /** Unblock; path not shown in the spec, chosen here. */
  clientRestore: ep({ method: 'PATCH', path: 'client/restore', roles: ADMIN_ONLY, body: IdBody, replies: { 200: Client } }),
  clientIaiPassword: ep({ method: 'GET', path: 'client/iai/password', roles: ADMIN_ONLY, body: Empty, replies: { 200: GeneratedPassword } }),
  clientIaiUpdate: ep({ method: 'PUT', path: 'client/iai', roles: ADMIN_ONLY, body: IaiUpdateRequest, replies: { 200: MessageReply } }),
  defaultAccessData: ep({ method: 'GET', path: 'ask/credentials/DPD', roles: ADMIN_ONLY, body: Empty, replies: { 200: DefaultAccessData } }),
  clientNavigation: ep({ method: 'GET', path: 'app/v1/client/{id}/navigation', roles: ADMIN_ONLY, body: Empty, replies: { 200: ClientNavigation } }),
  clientFindPeriod: ep({
    method: 'GET', path: 'app/v1/client/findPeriod/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: BillingPeriod, 404: ErrorReply },
    statuses: { 404: 'the client has no billing period (no ACCOUNT_PERIOD parameter)' },
  }),
  clientShipmentsCount: ep({
    method: 'GET', path: 'app/v1/client/{id}/shipments_count', roles: ADMIN_ONLY, body: Empty, replies: { 200: ShipmentsCount, 404: ErrorReply },
    statuses: { 404: 'the client has no billing period' },
  }),
  clientHasDefaultCredentials: ep({ method: 'GET', path: 'app/v1/client/{id}/hasDefaultCredentialsId', roles: ADMIN_ONLY, body: Empty, replies: { 200: HasDefaultCredentials } }),
  countryList: ep({ method: 'GET', path: 'app/v1/country/list', roles: ADMIN_AND_CLIENT, body: Empty, replies: { 200: Schema.Array(CountryRow) } }),
  courierContacts: ep({
    method: 'GET', path: 'app/v1/courier/{id}/search/contacts', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(CourierContact) },
    query: Schema.Struct({ query: Schema.optional(Text(CLIENTS.maxLength.short)) }),
  }),

  // ---- price bands ----
  clientPrices: ep({ method: 'GET', path: 'client/prices/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(PriceBand) } }),
  priceBandGet: ep({ method: 'GET', path: 'price/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: PriceBand } }),
  priceBandCreate: ep({ method: 'POST', path: 'client/prices', roles: ADMIN_ONLY, body: PriceBandCreateRequest, replies: { 201: PriceBand } }),
  priceBandUpdate: ep({ method: 'PUT', path: 'client/prices', roles: ADMIN_ONLY, body: PriceBandUpdateRequest, replies: { 200: PriceBand }, updates: { find: 'priceBandGet' } }),
  priceBandDelete: ep({ method: 'DELETE', path: 'client/prices', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply } }),

  // ---- additional parameters ----
  additionalTypes: ep({ method: 'GET', path: 'app/v1/client/additional_property_types', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(AdditionalPropertyType) } }),
  additionalType: ep({ method: 'GET', path: 'app/v1/client/additional_property_types/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: AdditionalPropertyType } }),
  additionalList: ep({ method: 'GET', path: 'app/v1/client/{id}/additional', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(AdditionalParameter) } }),
  additionalCreate: ep({ method: 'POST', path: 'app/v1/client/{id}/additional', roles: ADMIN_ONLY, body: AdditionalParameterRequest, replies: { 201: AdditionalParameter } }),
  additionalUpdate: ep({ method: 'PUT', path: 'app/v1/client/{id}/additional', roles: ADMIN_ONLY, body: AdditionalParameterRequest, replies: { 200: AdditionalParameter } }),
  /** The parameter of the client by its type id (a client has each type at most once). */
  additionalGet: ep({ method: 'GET', path: 'app/v1/client/{id}/additional/{typeId}', roles: ADMIN_ONLY, body: Empty, replies: { 200: AdditionalParameter } }),
  additionalDelete: ep({ method: 'DELETE', path: 'app/v1/client/{id}/additional/{typeId}', roles: ADMIN_ONLY, body: Empty, replies: { 200: MessageReply } }),

  // ---- courier credentials ----
  couriers: ep({ method: 'GET', path: 'couriers', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(CourierRow) } }),
  credentialTypes: ep({ method: 'GET', path: 'credential/types', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(CredentialType) } }),
  credentialProtectedAssigns: ep({ method: 'GET', path: 'credential/protected/assigns', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(Schema.String) } }),
  credentials: ep({ method: 'GET', path: 'credentials', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(Credential) } }),
  clientCredentials: ep({ method: 'GET', path: 'client/{id}/credentials', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(Credential) } }),
  clientHasCredentialType: ep({ method: 'GET', path: 'client/{id}/credentials/type/{assign}', roles: ADMIN_ONLY, body: Empty, replies: { 200: HasCredentialType } }),
  credentialGet: ep({ method: 'GET', path: 'credential/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Credential } }),
  /** Checked with the courier first: 406 when the courier API refuses. */
  credentialCreate: ep({ method: 'POST', path: 'credential', roles: ADMIN_ONLY, body: CredentialCreateRequest, replies: { 201: Credential, 406: ErrorReply }, statuses: CHECK_STATUSES }),
  credentialUpdate: ep({ method: 'PUT', path: 'credential', roles: ADMIN_ONLY, body: CredentialUpdateRequest, replies: { 200: Credential, 406: ErrorReply }, statuses: CHECK_STATUSES }),
  credentialDelete: ep({ method: 'DELETE', path: 'credential', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply } }),
  /** Pins an existing account to one more client. */
  credentialReuse: ep({ method: 'PUT', path: 'credential/reuse', roles: ADMIN_ONLY, body: CredentialPinRequest, replies: { 200: Credential } }),
  credentialCheck: ep({ method: 'PUT', path: 'credential/check', roles: ADMIN_ONLY, body: CredentialCheckRequest, replies: { 200: CredentialCheckReply, 406: ErrorReply }, statuses: CHECK_STATUSES }),
  /** The permission-check modal: contract number, e-mail and phone of the account. */
  credentialPermissions: ep({ method: 'PATCH', path: 'app/v1/credential/', roles: ADMIN_ONLY, body: CredentialCheckRequest, replies: { 200: CredentialCheckReply, 406: ErrorReply }, statuses: CHECK_STATUSES }),
  /** Makes the account the client's main one (pinning it if needed). */
  credentialMainSet: ep({ method: 'POST', path: 'credential/main', roles: ADMIN_ONLY, body: CredentialPinRequest, replies: { 200: Credential } }),
  /** Unpins the account from the client (protected accounts too). */
  credentialUnpin: ep({ method: 'DELETE', path: 'credential/main', roles: ADMIN_ONLY, body: CredentialPinRequest, replies: { 200: MessageReply } }),

  // ---- external API credentials ----
  externalCredentials: ep({ method: 'GET', path: 'app/v1/client/{id}/external_api_credentials/', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(ExternalCredential) } }),
  externalCredentialGet: ep({ method: 'GET', path: 'app/v1/client/{id}/external_api_credentials/{credId}', roles: ADMIN_ONLY, body: Empty, replies: { 200: ExternalCredential } }),
  externalCredentialCreate: ep({ method: 'POST', path: 'app/v1/client/{id}/external_api_credentials/', roles: ADMIN_ONLY, body: ExternalCredentialCreateRequest, replies: { 201: ExternalCredential } }),
  externalCredentialUpdate: ep({ method: 'PUT', path: 'app/v1/client/{id}/external_api_credentials/', roles: ADMIN_ONLY, body: ExternalCredentialUpdateRequest, replies: { 200: ExternalCredential } }),
  /** Revoke: the integration API refuses the credential (and the tokens it got) from now on; the row stays. */
  externalCredentialRevoke: ep({ method: 'PATCH', path: 'app/v1/client/{id}/external_api_credentials/{credId}/revoke', roles: ADMIN_ONLY, body: Empty, replies: { 200: ExternalCredential } }),
  externalCredentialDelete: ep({ method: 'DELETE', path: 'app/v1/client/{id}/external_api_credentials/', roles: ADMIN_ONLY, body: ExternalCredentialDeleteRequest, replies: { 200: MessageReply } }),

  // ---- operational price lists read from the client card ----
  priceListsOfClient: ep({ method: 'POST', path: 'app/v1/operational_price_list/{type}/list/{clientId}', roles: ADMIN_ONLY, body: PagingRequest, replies: { 200: paged(OperationalPriceListRow) } }),
  /** The whole list (form fields, thresholds, whether in use): src/contract/schemas/prices.ts. */
  priceListOne: ep({ method: 'GET', path: 'app/v1/operational_price_list/{type}/one/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: OperationalPriceList } }),
  priceListCheck: ep({ method: 'GET', path: 'app/v1/operational_price_list/{type}/check/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: PriceListUsed } }),
  priceListSpecialAssociations: ep({ method: 'GET', path: 'app/v1/operational_price_list/{type}/special_associations', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(Schema.String) } }),
  priceListCurrentActive: ep({ method: 'GET', path: 'app/v1/operational_price_list/{type}/current_active', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(Schema.Number) } }),
  /** Active lists of client `id` (its own, else the default ones), optionally for a country and courier. */
  priceListCurrentActiveFor: ep({
    method: 'GET', path: 'app/v1/operational_price_list/{type}/current_active/{id}', roles: ADMIN_ONLY, body: Empty,
    replies: { 200: Schema.Array(Schema.Number) }, query: CurrentActiveQuery,
  }),
} as const
