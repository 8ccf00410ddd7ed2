import * as Schema from 'effect/Schema'
import { ACCOUNT_PERIODS, CLIENTS, EXTERNAL_CREDENTIAL_TYPES, EXTERNAL_TYPES_WITH_LOGIN, PRICE_LIST_TYPES, VOLUME_CLASSES } from '../constants/clients.ts'
import { PRICE_LIST_STANDINGS } from '../constants/prices.ts'
import { CLIENT_MSG } from '../messages/clients.ts'
import { MSG } from '../messages.ts'
import { PagingRequest } from './common.ts'
import { Decimal, Email, Id, IdFromString, NonBlankText, RequiredText, StrictDate, Text } from '../validation.ts'

/**
 * Clients and what hangs off the client card: price bands, additional parameters, courier
 * accounts, external API credentials, the client's operational price lists.
 * Every string has a maximum length, every integer fits int4, every amount has its precision.
 */

const L = CLIENTS.maxLength
const Flag = Schema.Literals([0, 1])
/**
 * An amount for a numeric(precision, scale) column, between `min` and `max`, with at most `scale`
 * digits after the point.
 */
const amount = (precision: number, scale: number, min: number, max: number) =>
  Decimal(precision, scale).check(
    Schema.isBetween({ minimum: min, maximum: max }, { message: CLIENT_MSG.between(min, max) }),
    Schema.makeFilter((n: number) => (Math.abs(Math.round(n * 10 ** scale) - n * 10 ** scale) < 1e-6 ? undefined : CLIENT_MSG.decimals(scale))),
  )
const IsoDate = StrictDate

// ---- countries and couriers ---------------------------------------------------------------------

export const CountryRow = Schema.Struct({ id: Schema.Number, name: Schema.String, iso_code: Schema.String })
export const CourierRow = Schema.Struct({ id: Schema.Number, name: Schema.String, code: Schema.String, country_id: Schema.Number })
export type CourierRow = typeof CourierRow.Type

// ---- client ------------------------------------------------------------------------------------------

/** + and 2–3 digits (how the default +48 is written) or 00 and up to two digits. */
export const PhonePrefix = Text().check(Schema.isPattern(/^(\+\d{2,3}|00\d{0,2})$/, { message: CLIENT_MSG.phonePrefix }))
export const PhoneNumber = Text().check(Schema.isPattern(/^\d{9,10}$/, { message: CLIENT_MSG.phoneNumber }))

const clientFields = {
  name: NonBlankText(L.name),
  nip: NonBlankText(L.nip),
  email: Email,
  contact_name: Schema.optional(Text(L.short)),
  street: NonBlankText(L.short),
  city: NonBlankText(L.short),
  post_code: NonBlankText(L.postCode),
  address: Schema.optional(Text(L.text)),
  bank_account_number: Schema.optional(Text(L.short)),
  phone_number_prefix: PhonePrefix,
  phone_number: PhoneNumber,
  country_id: Id,
  cod_enabled: Flag,
  show_price_parcel: Flag,
  download_ext: Flag,
  api_enabled: Flag,
  ext_number: Flag,
  sender_signature: Schema.optional(Text(L.text)),
  shipment_note: Schema.optional(Text(L.text)),
  re_returning_address: NonBlankText(L.multiline),
  re_broadcasting_facility_address: NonBlankText(L.multiline),
  allowed_countries: Schema.Array(Id).check(Schema.isMaxLength(20)),
}
export const ClientUpdateRequest = Schema.Struct({ id: Id, ...clientFields })
export type ClientUpdateRequest = typeof ClientUpdateRequest.Type
/** The new-client form also requires the shipment note and may carry the default access data. */
export const ClientCreateRequest = Schema.Struct({
  ...clientFields,
  shipment_note: RequiredText(L.text),
  dpd_system_id: Schema.optional(Text(L.short)),
  dpd_api_password: Schema.optional(Text(L.short)),
  out_service: Schema.optional(Text(L.short)),
  iai_password: Schema.optional(Text(L.short)),
})
export type ClientCreateRequest = typeof ClientCreateRequest.Type

export const Client = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  nip: Schema.String,
  email: Schema.String,
  contact_name: Schema.String,
  street: Schema.String,
  city: Schema.String,
  post_code: Schema.String,
  address: Schema.String,
  bank_account_number: Schema.String,
  phone_number_prefix: Schema.String,
  phone_number: Schema.String,
  country_id: Schema.Number,
  country: Schema.String,
  cod_enabled: Flag,
  show_price_parcel: Flag,
  download_ext: Flag,
  api_enabled: Flag,
  ext_number: Flag,
  sender_signature: Schema.String,
  shipment_note: Schema.String,
  re_returning_address: Schema.String,
  re_broadcasting_facility_address: Schema.String,
  allowed_countries: Schema.Array(Schema.Number),
  email_verified_at: Schema.NullOr(Schema.String),
  deleted_at: Schema.NullOr(Schema.String),
  /** The IAI password is never sent back; only whether one is set. */
  has_iai_password: Schema.Boolean,
})
export type Client = typeof Client.Type

export const VolumeClass = Schema.Literals(VOLUME_CLASSES)
export type VolumeClass = typeof VolumeClass.Type
export const Growth = Schema.Literals(['growing', 'shrinking', 'steady'])

export const ClientRow = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  country: Schema.String,
  city: Schema.String,
  post_code: Schema.String,
  street: Schema.String,
  address: Schema.String,
  phone_number_prefix: Schema.String,
  phone_number: Schema.String,
  email_verified_at: Schema.NullOr(Schema.String),
  deleted_at: Schema.NullOr(Schema.String),
  last_month_count: Schema.Number,
  previous_month_count: Schema.Number,
  volume_class: VolumeClass,
  last_month_class: VolumeClass,
  growth: Growth,
})
export type ClientRow = typeof ClientRow.Type

/** Criteria of POST app/v1/client/list, beside the paging. */
export const ClientListCriteria = Schema.Struct({
  client_alias_or_emag_name: Schema.optional(Text(L.short)),
  deleted: Schema.optional(Schema.Boolean),
  last_month: Schema.optional(Schema.Boolean),
  shipment_count_volume: Schema.optional(Schema.NullOr(VolumeClass)),
  last_mont_shipment_count_by_volume: Schema.optional(Schema.NullOr(VolumeClass)),
  /** true: growing, false: shrinking, null or absent: either. */
  volume_growing: Schema.optional(Schema.NullOr(Schema.Boolean)),
  missing_price_list: Schema.optional(Schema.Boolean),
})
export type ClientListCriteria = typeof ClientListCriteria.Type
export const ClientListRequest = Schema.Struct({ ...PagingRequest.fields, ...ClientListCriteria.fields })
export type ClientListRequest = typeof ClientListRequest.Type

export const BillingPeriod = Schema.Struct({ start: Schema.String, end: Schema.String })
/** Shipments in the client's current billing period; all null when the client has none (no ACCOUNT_PERIOD). */
export const ShipmentsCount = Schema.Struct({ count: Schema.NullOr(Schema.Number), start: Schema.NullOr(Schema.String), end: Schema.NullOr(Schema.String) })
export const ClientNavigation = Schema.Struct({ previous: Schema.NullOr(Schema.Number), next: Schema.NullOr(Schema.Number) })
export const DefaultAccessData = Schema.Struct({
  dpd_system_id: Schema.String,
  dpd_api_password: Schema.String,
  out_service: Schema.String,
  iai_password: Schema.String,
})
export type DefaultAccessData = typeof DefaultAccessData.Type
export const GeneratedPassword = Schema.Struct({ password: Schema.String })
export const IaiUpdateRequest = Schema.Struct({ id: Id, iai_password: RequiredText(L.short) })
export const HasDefaultCredentials = Schema.Struct({ has_default_credentials: Schema.Boolean })

/** The billing statement modal: start and end dates required, optional re_account. */
export const BillingStatementRequest = Schema.Struct({
  client_id: Id,
  start: IsoDate.check(Schema.isMinLength(1, { message: MSG.required })),
  end: IsoDate.check(Schema.isMinLength(1, { message: MSG.required })),
  re_account: Schema.optional(Schema.Boolean),
}).check(
  Schema.makeFilter((v: { start: string; end: string }) => (v.end >= v.start ? undefined : { path: ['end'], issue: CLIENT_MSG.billingDates })),
)

// ---- price bands --------------------------------------------------------------------------------------

// Columns: net_price numeric(10, 2), vat_percentage numeric(5, 2), weights numeric(6, 3).
const bound = amount(6, 3, CLIENTS.priceBandMin, CLIENTS.priceBandMax)
const priceBandFields = {
  id_client: Id,
  net_price: amount(10, 2, 0, 99_999_999.99),
  vat_percentage: amount(5, 2, CLIENTS.priceBandMin, CLIENTS.priceBandMax),
  min_weight_value: bound,
  max_weight_value: bound,
}
const minNotAboveMax = Schema.makeFilter((v: { min_weight_value: number; max_weight_value: number }) =>
  v.min_weight_value <= v.max_weight_value ? undefined : { path: ['max_weight_value'], issue: CLIENT_MSG.minAboveMax },
)
export const PriceBandCreateRequest = Schema.Struct(priceBandFields).check(minNotAboveMax)
export const PriceBandUpdateRequest = Schema.Struct({ id: Id, ...priceBandFields }).check(minNotAboveMax)
export const PriceBand = Schema.Struct({
  id: Schema.Number,
  service_id: Schema.String,
  id_client: Schema.Number,
  /** Decimal text ("9.50"). */
  net_price: Schema.String,
  vat_percentage: Schema.Number,
  min_weight_value: Schema.Number,
  max_weight_value: Schema.Number,
})
export type PriceBand = typeof PriceBand.Type

// ---- additional parameters ------------------------------------------------------------------------

export const ParameterInputType = Schema.Literals(['boolean', 'number', 'select', 'text', 'email', 'contact'])
export type ParameterInputType = typeof ParameterInputType.Type
export const AdditionalPropertyType = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  name: Schema.String,
  input_type: ParameterInputType,
  options: Schema.Array(Schema.String),
  option_keys: Schema.Array(Schema.String),
  default_value: Schema.String,
  courier_id: Schema.NullOr(Schema.Number),
  danger_when_empty: Schema.Boolean,
})
export type AdditionalPropertyType = typeof AdditionalPropertyType.Type
export const ExtraParameter = Schema.Struct({
  name: Schema.String,
  type: ParameterInputType,
  options: Schema.Array(Schema.String),
  option_keys: Schema.Array(Schema.String),
  value: Schema.String,
})
export const AdditionalParameter = Schema.Struct({
  id: Schema.Number,
  client_id: Schema.Number,
  type_id: Schema.Number,
  name: Schema.String,
  code: Schema.String,
  value: Schema.String,
  hidden_value: Schema.NullOr(Schema.String),
  extra_parameters: Schema.Array(ExtraParameter),
})
export type AdditionalParameter = typeof AdditionalParameter.Type
/** The value is checked against its type's input on the server (options, number, e-mail). */
export const AdditionalParameterRequest = Schema.Struct({ type_id: Id, value: Text(L.text) })
export const CourierContact = Schema.Struct({ name: Schema.String })

// ---- courier accounts -------------------------------------------------------------------------------

export const CredentialType = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  assign: Schema.String,
  id_courier: Schema.Number,
  protected: Schema.Boolean,
})
export type CredentialType = typeof CredentialType.Type
export const Credential = Schema.Struct({
  id: Schema.Number,
  id_courier: Schema.Number,
  courier: Schema.String,
  id_type: Schema.Number,
  assign: Schema.String,
  type: Schema.String,
  username: Schema.String,
  /** Stored encrypted; never sent back. */
  has_password: Schema.Boolean,
  contract_number: Schema.String,
  email: Schema.String,
  phone_number: Schema.String,
  service: Schema.String,
  note: Schema.String,
  comment: Schema.String,
  protected: Schema.Boolean,
  /** Clients the account is pinned to. */
  clients: Schema.Array(Schema.Number),
  /** For the client asked about: whether it is that client's main account. */
  main: Schema.Boolean,
})
export type Credential = typeof Credential.Type
const credentialFields = {
  id_courier: Schema.optional(Id),
  id_type: Id,
  username: NonBlankText(L.short),
  service: Schema.optional(Text(L.short)),
  note: Schema.optional(Text(L.text)),
  comment: Schema.optional(Text(L.text)),
}
export const CredentialCreateRequest = Schema.Struct({ id_client: Id, ...credentialFields, password: RequiredText(L.short) })
/** An empty or absent password keeps the stored one. */
export const CredentialUpdateRequest = Schema.Struct({ id: Id, ...credentialFields, password: Schema.optional(Text(L.short)) })
/** A check: the stored password of `id` is used when none is given. */
export const CredentialCheckRequest = Schema.Struct({
  id: Schema.optional(Id),
  id_courier: Schema.optional(Id),
  username: NonBlankText(L.short),
  password: Schema.optional(Text(L.short)),
  service: Schema.optional(Text(L.short)),
})
export type CredentialCheckRequest = typeof CredentialCheckRequest.Type
export const CredentialCheckReply = Schema.Struct({
  client_id: Schema.String,
  contract_number: Schema.String,
  email: Schema.String,
  phone_number: Schema.String,
})
export type CredentialCheckReply = typeof CredentialCheckReply.Type
export const CredentialPinRequest = Schema.Struct({ id: Id, id_client: Id })
export const HasCredentialType = Schema.Struct({ has: Schema.Boolean })

// ---- external API credentials ----------------------------------------------------------------------

export const ExternalCredentialType = Schema.Literals(EXTERNAL_CREDENTIAL_TYPES)
export type ExternalCredentialType = typeof ExternalCredentialType.Type
const Ip = Text(45).check(
  Schema.makeFilter((s: string) => (s === '' || /^[0-9a-fA-F.:,\s/]+$/.test(s) ? undefined : CLIENT_MSG.invalidIp)),
)
const externalFields = {
  type: ExternalCredentialType,
  username: Schema.optional(Text(CLIENTS.usernameMaxLength)),
  /** null or empty on update: the stored password stays (the single read answers it, the list null). */
  password: Schema.optional(Schema.NullOr(Text(L.short))),
  ip: Schema.optional(Ip),
}
const loginRequired = Schema.makeFilter((v: { type: string; username?: string | undefined; password?: string | null | undefined }) => {
  if (!EXTERNAL_TYPES_WITH_LOGIN.includes(v.type)) return undefined
  if (!v.username?.trim()) return { path: ['username'], issue: MSG.required }
  return undefined
})
const passwordRequired = Schema.makeFilter((v: { type: string; password?: string | null | undefined }) =>
  EXTERNAL_TYPES_WITH_LOGIN.includes(v.type) && !v.password ? { path: ['password'], issue: MSG.required } : undefined,
)
export const ExternalCredentialCreateRequest = Schema.Struct(externalFields).check(loginRequired, passwordRequired)
/** On update an empty password keeps the stored one. */
export const ExternalCredentialUpdateRequest = Schema.Struct({ id: Id, ...externalFields }).check(loginRequired)
export const ExternalCredentialDeleteRequest = Schema.Struct({ credentialsId: Id })
export const ExternalCredential = Schema.Struct({
  id: Schema.Number,
  client_id: Schema.Number,
  type: ExternalCredentialType,
  username: Schema.String,
  /** Only the single-record read carries the password (to hand it to the client); lists never do. */
  password: Schema.NullOr(Schema.String),
  token: Schema.String,
  ip: Schema.String,
  creator_id: Schema.NullOr(Schema.Number),
  created_at: Schema.String,
  /** Last call of the integration API with this credential (null: never used). */
  last_used_at: Schema.NullOr(Schema.String),
  /** Revoked: the integration API refuses it. */
  revoked_at: Schema.NullOr(Schema.String),
})
export type ExternalCredential = typeof ExternalCredential.Type

// ---- operational price lists of a client ------------------------------------------------------------

export const PriceListType = Schema.Literals(PRICE_LIST_TYPES)
export type PriceListType = typeof PriceListType.Type
export const OperationalPriceListRow = Schema.Struct({
  id: Schema.Number,
  id_client: Schema.NullOr(Schema.Number),
  type: PriceListType,
  name: Schema.String,
  special_association: Schema.String,
  begin_date: Schema.String,
  deactivated_at: Schema.NullOr(Schema.String),
  currency: Schema.String,
  id_courier: Schema.NullOr(Schema.Number),
  courier: Schema.NullOr(Schema.String),
  id_country: Schema.NullOr(Schema.Number),
  country: Schema.NullOr(Schema.String),
  /** The list in force today (see `standing`): the only one of its kind marked active. */
  active: Schema.Boolean,
  standing: Schema.Literals(PRICE_LIST_STANDINGS),
})
export type OperationalPriceListRow = typeof OperationalPriceListRow.Type
export const PriceListUsed = Schema.Struct({ used: Schema.Boolean })
export const CurrentActiveQuery = Schema.Struct({
  id_country: Schema.optional(IdFromString),
  id_courier: Schema.optional(IdFromString),
})
