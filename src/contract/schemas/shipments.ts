import * as Schema from 'effect/Schema'
import { MSG } from '../messages.ts'
import { SHIPMENT_MSG } from '../messages/shipments.ts'
import { INPUT } from '../constants/platform.ts'
import { SHIPMENT } from '../constants/shipments.ts'
import { Decimal, Email, Int4, RequiredString, Text } from '../validation.ts'

/**
 * Shipments. Request bodies are validated with these schemas in the browser and on the
 * server; field errors come out keyed as the spec shows them: sender.*, recipient.*, content.*,
 * parcels.{n}.weight.declared, parcels.{n}.dimensions.declared.{height|width|length}.
 */

/** 1 home delivery, 2 home return, 3 locker delivery, 4 locker return. */
export const DeliveryService = Schema.Literals([1, 2, 3, 4])
export type DeliveryService = typeof DeliveryService.Type
export const isReturnService = (s: number) => s === 2 || s === 4
export const isLockerService = (s: number) => s === 3 || s === 4

const min = (n: number) => Schema.isGreaterThanOrEqualTo(n, { message: `Minimalna wartość to ${n}` })
/** Amounts: numeric(12, 2) columns. Weights: numeric(10, 3), kg. Dimensions: numeric(10, 1), cm. */
const Money = Decimal(12, 2)
/** An amount with more decimals than SHIPMENT.moneyScale is refused, never rounded (123.456789, 0.001). */
const moneyScale = Schema.makeFilter((n: number) => {
  const scaled = n * 10 ** SHIPMENT.moneyScale
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 ? undefined : SHIPMENT_MSG.amountScale(SHIPMENT.moneyScale)
})
const Weight = Decimal(10, 3)
const Length = Decimal(10, 1)

export const Country = Schema.Struct({ id: Schema.Number, name: Schema.String, iso_code: Schema.String, currency: Schema.String })

export const Party = Schema.Struct({
  name: RequiredString,
  private_person: Schema.Boolean,
  contact_name: Schema.optional(Schema.NullOr(Text())),
  email: Schema.optional(Schema.NullOr(Schema.Union([Email, Schema.Literal('')]))),
  phone: Schema.Struct({
    prefix: Text(4).check(Schema.isPattern(/^\+\d{2,3}$/, { message: MSG.invalidValue })),
    number: Text(12).check(Schema.isPattern(/^\d{6,12}$/, { message: MSG.invalidValue })),
  }),
  address: Schema.optional(
    Schema.NullOr(
      Schema.Struct({
        locality: Schema.NullOr(Schema.Struct({ id: Int4, name: Text() })),
        postal_code: Text(),
        details: Text(),
      }),
    ),
  ),
  country: Schema.Struct({ id: Int4 }),
  locker: Schema.optional(Schema.NullOr(Schema.Struct({ id: Int4, name: Text() }))),
})
export type Party = typeof Party.Type

export const Content = Schema.Struct({
  declared_content: RequiredString,
  declared_value: Money.check(min(0), moneyScale),
  cash_on_delivery_value: Money.check(min(0), moneyScale),
  currency: Text(),
})

export const AdditionalData = Schema.Struct({
  note: Schema.optional(Schema.NullOr(Text(INPUT.longTextMax))),
  first_reference_number: Schema.optional(Schema.NullOr(Text())),
  second_reference_number: Schema.optional(Schema.NullOr(Text())),
})

export const Dimensions = Schema.Struct({
  height: Length.check(min(SHIPMENT.minDimensionCm)),
  width: Length.check(min(SHIPMENT.minDimensionCm)),
  length: Length.check(min(SHIPMENT.minDimensionCm)),
})

export const ParcelInput = Schema.Struct({
  in_shipment_order: Int4,
  weight: Schema.Struct({ declared: Weight.check(min(SHIPMENT.minWeightKg)) }),
  dimensions: Schema.Struct({ declared: Dimensions }),
})
export type ParcelInput = typeof ParcelInput.Type

const shipmentFields = {
  delivery_service: DeliveryService,
  client_id: Schema.optional(Schema.NullOr(Int4)),
  sender: Schema.NullOr(Party),
  recipient: Schema.NullOr(Party),
  content: Content,
  additional_data: Schema.optional(Schema.NullOr(AdditionalData)),
  parcels: Schema.Array(ParcelInput).check(
    Schema.isMinLength(1, { message: MSG.required }),
    Schema.isMaxLength(SHIPMENT.maxParcels, { message: `Maksymalnie ${SHIPMENT.maxParcels} paczek` }),
  ),
}

type ShipmentShape = {
  readonly delivery_service: number
  readonly sender: Party | null
  readonly recipient: Party | null
  readonly parcels: ReadonlyArray<unknown>
}

/**
 * The rules across fields: the entered party by service; lockers carry one parcel.
 * Exported: a schema filter only runs once every field decodes, so a form that wants all its
 * errors at once runs these on the raw draft as well.
 */
export function shipmentRuleIssues(s: ShipmentShape): Array<{ path: string[]; issue: string }> {
  const issues: Array<{ path: string[]; issue: string }> = []
  const party = isReturnService(s.delivery_service) ? 'sender' : 'recipient'
  const p = s[party]
  if (!p) issues.push({ path: [party], issue: MSG.required })
  else if (isLockerService(s.delivery_service) && !p.locker) issues.push({ path: [party, 'locker'], issue: MSG.required })
  else if (!isLockerService(s.delivery_service) && (!p.address || !p.address.locality || !p.address.details?.trim()))
    issues.push({ path: [party, 'address'], issue: MSG.required })
  if (p && !p.private_person && !p.contact_name?.trim()) issues.push({ path: [party, 'contact_name'], issue: MSG.required })
  if (isLockerService(s.delivery_service) && s.parcels.length > 1) issues.push({ path: ['parcels'], issue: SHIPMENT_MSG.lockerMultiPack })
  return issues
}

const shipmentRules = Schema.makeFilter((s: ShipmentShape) => {
  const issues = shipmentRuleIssues(s)
  return issues.length ? issues : undefined
})

export const ShipmentCreateRequest = Schema.Struct(shipmentFields).check(shipmentRules)
export type ShipmentCreateRequest = typeof ShipmentCreateRequest.Type
export const ShipmentUpdateRequest = Schema.Struct({ id: Int4, ...shipmentFields }).check(shipmentRules)
export type ShipmentUpdateRequest = typeof ShipmentUpdateRequest.Type


// ---- replies ----------------------------------------------------------------------

const NullableString = Schema.NullOr(Schema.String)
const Measured = Schema.NullOr(Schema.Struct({ height: Schema.Number, width: Schema.Number, length: Schema.Number }))

export const PartyView = Schema.Struct({
  name: Schema.String,
  private_person: Schema.Boolean,
  contact_name: NullableString,
  email: NullableString,
  phone: Schema.Struct({ prefix: Schema.String, number: Schema.String }),
  address: Schema.NullOr(
    Schema.Struct({
      locality: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
      postal_code: Schema.String,
      details: Schema.String,
    }),
  ),
  country: Country,
  locker: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
})
export type PartyView = typeof PartyView.Type

export const ParcelWaybill = Schema.Struct({
  internal: Schema.String,
  external_first_mile: NullableString,
  external_last_mile: NullableString,
  external_return: NullableString,
  external_duplicated: NullableString,
  external_buffer: NullableString,
})

export const ParcelView = Schema.Struct({
  id: Schema.Number,
  waybill: ParcelWaybill,
  in_shipment_order: Schema.Number,
  weight: Schema.Struct({ declared: Schema.Number, measured: Schema.NullOr(Schema.Number) }),
  dimensions: Schema.Struct({ declared: Schema.Struct({ height: Schema.Number, width: Schema.Number, length: Schema.Number }), measured: Measured }),
  timestamps: Schema.Struct({
    shipping_warehouse_received_at: NullableString,
    return_warehouse_received_at: NullableString,
    delivered_at: NullableString,
  }),
  couriers: Schema.Struct({ first_mile: NullableString, last_mile: NullableString }),
  last_status: NullableString,
})
export type ParcelView = typeof ParcelView.Type

export const InternalInfo = Schema.Struct({
  creator: Schema.String,
  is_emag: Schema.Boolean,
  is_return: Schema.Boolean,
  shipment_id: Schema.NullOr(Schema.Number),
  parcel_id: Schema.NullOr(Schema.Number),
  processable: Schema.Boolean,
  correctly_requested_at: NullableString,
  error_message: NullableString,
})

export const ShipmentView = Schema.Struct({
  id: Schema.NullOr(Schema.Number),
  client: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
  delivery_service: Schema.NullOr(DeliveryService),
  sender: Schema.NullOr(PartyView),
  recipient: Schema.NullOr(PartyView),
  /** Amounts as decimal text ("120.00"), as the update takes them back. */
  content: Schema.NullOr(Schema.Struct({ declared_content: Schema.String, declared_value: Schema.String, cash_on_delivery_value: Schema.String, currency: Schema.String })),
  additional_data: Schema.NullOr(Schema.Struct({ note: NullableString, first_reference_number: NullableString, second_reference_number: NullableString })),
  parcels: Schema.Array(ParcelView),
  waybill: Schema.String,
  external_couriers: Schema.Struct({ first_mile: NullableString, last_mile: NullableString }),
  internal_info: InternalInfo,
  created_at: Schema.String,
  deleted_at: NullableString,
})
export type ShipmentView = typeof ShipmentView.Type

/** GET app/v2/shipment/{internalNumber}: the shipment, or a lone parcel (context 'parcel'). */
export const ShipmentReply = Schema.Struct({ context: Schema.Literals(['shipment', 'parcel']), shipment: ShipmentView })
export type ShipmentReply = typeof ShipmentReply.Type

/** POST (201) and PUT (200) app/v2/shipment/: the shipment's number (the browser goes to /shipment/{internal_waybill}). */
export const CreatedShipmentReply = Schema.Struct({ message: Schema.String, internal_waybill: Schema.String, id: Schema.Number })

/**
 * Editable only when the role is not warehouse_worker and, for an existing shipment, it has no
 * correctly_requested_at, no buffer number and no duplicated number. Shared by the
 * server (PUT refused) and the browser (read-only form).
 */
export function shipmentEditable(role: number, s: ShipmentView | null): boolean {
  if (role === 1) return false
  if (!s) return true
  if (s.internal_info.correctly_requested_at) return false
  return !s.parcels.some((p) => p.waybill.external_buffer || p.waybill.external_duplicated)
}

// ---- internal info, invoices, accounted amounts (tabs of the shipment screen) -------------------------------

export const Problem = Schema.Struct({
  id: Schema.Number,
  rule: Schema.Struct({ name: Schema.String, code: Schema.String }),
  /** reported | resolved */
  status: Schema.String,
  created_at: Schema.String,
  resolved_at: NullableString,
  resolved_by: Schema.NullOr(Schema.Struct({ email: Schema.String })),
  /** base64 of the JSON the rule recorded (the 'view payload' modal decodes it). */
  payload: Schema.String,
})
export type Problem = typeof Problem.Type

export const InternalInfoReply = Schema.Struct({
  data: Schema.Struct({
    shipment: Schema.Struct({
      creator: Schema.String,
      is_return: Schema.Boolean,
      is_emag: Schema.Boolean,
      correctly_requested_at: NullableString,
      /** First-mile and last-mile service (courier names). */
      in_service: NullableString,
      out_service: NullableString,
    }),
    parcels: Schema.Array(
      Schema.Struct({
        internal_number: Schema.String,
        delay_counter: Schema.Number,
        status_checked_at: NullableString,
        read_client_alias: NullableString,
        processable: Schema.Boolean,
        error_message: NullableString,
      }),
    ),
    problems: Schema.Array(Problem),
  }),
})
export type InternalInfoReply = typeof InternalInfoReply.Type

export const ShipmentInvoice = Schema.Struct({ id: Schema.Number, number: Schema.String, issue_date: Schema.String })

// A shipment's accounted amounts (finance tab): src/contract/schemas/prices.ts.

// ---- buffer and unprocessable parcels, duplicated parcels (header buttons of the shipment screen) ---------------

/** PATCH app/v1/parcel/adopt/buffer | unprocessable; `return` only for unprocessable. */
export const AdoptRequest = Schema.Struct({
  id_parcel: Int4,
  id_client: Int4,
  is_emag_parcel: Schema.Union([Schema.Boolean, Schema.Literals([0, 1])]),
  return: Schema.optional(Schema.NullOr(Schema.Union([Schema.Boolean, Schema.Literals([0, 1])]))),
})
/** The browser shows `message` and opens /shipment/{internal_waybill} after 7 s. */
export const AdoptReply = Schema.Struct({ message: Schema.String, internal_waybill: Schema.String })

/** PUT app/v1/parcel/set-new-buffer-number: the new outgoing number of a duplicated parcel and the marketplace flag (0/1). */
export const SetBufferNumberRequest = Schema.Struct({
  parcel_id: Int4,
  barcode: RequiredString,
  emag: Schema.Union([Schema.Boolean, Schema.Literals([0, 1])]),
})

/** PATCH app/v2/shipment/ (retry registration with the external courier). */
export const ShipmentIdRequest = Schema.Struct({ id: Int4 })
export const ShipmentDeleteRequest = Schema.Struct({ waybill: RequiredString })
