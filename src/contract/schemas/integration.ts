import * as Schema from 'effect/Schema'
import { INTEGRATION } from '../constants/integration.ts'
import { SHIPMENT } from '../constants/shipments.ts'
import { MSG } from '../messages.ts'
import { INTEGRATION_MSG } from '../messages/integration.ts'
import { Int4, RequiredString, Text } from '../validation.ts'
import { AdditionalData, DeliveryService, Party } from './shipments.ts'

/**
 * Bodies and replies of the integration API (endpoints/integration.ts). Money, weights and
 * dimensions are decimal strings on the wire ("10.00", "1.500", "30.0"); the shipment's other
 * fields are the form's own (schemas/shipments.ts), and a create is checked again with the form's
 * schema, so its rules and messages are the form's.
 */

/** Patterns carry the `u` flag: effect writes a JSON Schema `pattern` only for Unicode RegExps. */
const decimalString = (integerDigits: number, scale: number, message: string) =>
  Schema.String.check(Schema.isPattern(new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`, 'u'), { message }))
/** numeric(12, 2) */
export const MoneyString = decimalString(10, 2, INTEGRATION_MSG.money).annotate({ description: 'Kwota, np. "10.00"', examples: ['10.00'] })
/** numeric(10, 3), kg */
export const WeightString = decimalString(7, 3, INTEGRATION_MSG.weight).annotate({ description: 'Waga w kg, np. "1.500"', examples: ['1.500'] })
/** numeric(10, 1), cm */
export const LengthString = decimalString(9, 1, INTEGRATION_MSG.length).annotate({ description: 'Wymiar w cm, np. "30.0"', examples: ['30.0'] })

// ---- token ----------------------------------------------------------------------------------------

export const TokenRequest = Schema.Struct({
  username: Schema.optional(Schema.NullOr(Text())),
  password: Schema.optional(Schema.NullOr(Text())),
  token: Schema.optional(Schema.NullOr(Text())),
}).annotate({ description: 'Login i hasło danych dostępowych do API albo ich token.' })
export type TokenRequest = typeof TokenRequest.Type

export const TokenReply = Schema.Struct({
  access_token: Schema.String,
  token_type: Schema.Literal('Bearer'),
  expires_in: Schema.Number,
  client_id: Schema.Number,
})
export type TokenReply = typeof TokenReply.Type

// ---- shipments ------------------------------------------------------------------------------------

export const IntegrationParcel = Schema.Struct({
  in_shipment_order: Int4,
  weight: Schema.Struct({ declared: WeightString }),
  dimensions: Schema.Struct({ declared: Schema.Struct({ height: LengthString, width: LengthString, length: LengthString }) }),
})

/** The form's shipment with decimal strings; the client is the credential's. */
export const IntegrationShipmentRequest = Schema.Struct({
  delivery_service: DeliveryService,
  sender: Schema.NullOr(Party),
  recipient: Schema.NullOr(Party),
  content: Schema.Struct({
    declared_content: RequiredString,
    declared_value: MoneyString,
    cash_on_delivery_value: MoneyString,
    /** Ignored: the content's currency is the country's. */
    currency: Schema.optional(Schema.NullOr(Text())),
  }),
  additional_data: Schema.optional(Schema.NullOr(AdditionalData)),
  parcels: Schema.Array(IntegrationParcel).check(
    Schema.isMinLength(1, { message: MSG.required }),
    Schema.isMaxLength(SHIPMENT.maxParcels, { message: `Maksymalnie ${SHIPMENT.maxParcels} paczek` }),
  ),
})
export type IntegrationShipmentRequest = typeof IntegrationShipmentRequest.Type

export const IntegrationCreatedShipment = Schema.Struct({ message: Schema.String, internal_waybill: Schema.String, id: Schema.Number })

export const IntegrationError = Schema.Struct({
  message: Schema.String,
  errors: Schema.optional(Schema.Record(Schema.String, Schema.Array(Schema.String))),
})

export const TrackingRow = Schema.Struct({ when: Schema.String, name: Schema.String, name_ro: Schema.String })
export const TrackingReply = Schema.Struct({
  internal_waybill: Schema.String,
  history: Schema.Struct({
    shipment: Schema.Array(TrackingRow),
    parcels: Schema.Array(Schema.Struct({ waybill: Schema.String, history: Schema.Array(TrackingRow) })),
  }),
})

export const LabelParams = Schema.Struct({
  internalNumber: Text(),
  format: Schema.Literals(INTEGRATION.labelFormats),
})

export const CursorString = Schema.String.check(Schema.isPattern(/^\d{1,18}$/u, { message: INTEGRATION_MSG.cursor }))
export const ChangesQuery = Schema.Struct({
  cursor: Schema.optional(CursorString),
  limit: Schema.optional(Schema.String.check(Schema.isPattern(/^\d{1,3}$/u, { message: MSG.invalidValue }))),
})

export const ShipmentChange = Schema.Struct({
  id: Schema.Number,
  internal_waybill: Schema.String,
  delivery_service: Schema.Number,
  /** The status of the shipment's first parcel (Polish name and its code). */
  status: Schema.NullOr(Schema.String),
  status_code: Schema.NullOr(Schema.String),
  status_at: Schema.NullOr(Schema.String),
  deleted: Schema.Boolean,
  /** Pass the reply's next_cursor (not this) to ask for later changes. */
  cursor: Schema.String,
})
export const ChangesReply = Schema.Struct({
  changes: Schema.Array(ShipmentChange),
  next_cursor: Schema.String,
  has_more: Schema.Boolean,
})
export type ChangesReply = typeof ChangesReply.Type

// ---- price quote ----------------------------------------------------------------------------------

export const QuoteRequest = Schema.Struct({
  country_id: Int4,
  delivery_service: DeliveryService,
  parcels: Schema.Array(
    Schema.Struct({
      weight: WeightString,
      dimensions: Schema.Struct({ height: LengthString, width: LengthString, length: LengthString }),
    }),
  ).check(
    Schema.isMinLength(1, { message: MSG.required }),
    Schema.isMaxLength(SHIPMENT.maxParcels, { message: `Maksymalnie ${SHIPMENT.maxParcels} paczek` }),
  ),
  cash_on_delivery_value: Schema.optional(Schema.NullOr(MoneyString)),
  declared_value: Schema.optional(Schema.NullOr(MoneyString)),
})
export type QuoteRequest = typeof QuoteRequest.Type

export const QuoteReply = Schema.Struct({
  amount: Schema.String,
  currency: Schema.String,
  accounting_weight: Schema.String,
  price_list: Schema.Struct({ id: Schema.Number, name: Schema.String }),
  lines: Schema.Array(Schema.Struct({ kind: Schema.String, amount: Schema.String, note: Schema.String })),
})
export type QuoteReply = typeof QuoteReply.Type

/** The OpenAPI document (validated by the test, not here). */
export const OpenApiDocument = Schema.Record(Schema.String, Schema.Unknown)
