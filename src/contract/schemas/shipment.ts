import { Schema } from 'effect'
import { MSG } from '../messages.ts'
import { SHIPMENT_MSG } from '../messages/shipment.ts'
import { SHIPMENT } from '../constants.ts'
import { Email, RequiredString } from '../validation.ts'

/**
 * Shipments (S3 §3). Request bodies are validated with these schemas in the browser and on the
 * server; field errors come out keyed as the spec shows them: sender.*, recipient.*, content.*,
 * parcels.{n}.weight.declared, parcels.{n}.dimensions.declared.{height|width|length}.
 */

/** 1 home delivery, 2 home return, 3 locker delivery, 4 locker return (S3 §3). */
export const DeliveryService = Schema.Literals([1, 2, 3, 4])
export type DeliveryService = typeof DeliveryService.Type
export const isReturnService = (s: number) => s === 2 || s === 4
export const isLockerService = (s: number) => s === 3 || s === 4

const min = (n: number) => Schema.isGreaterThanOrEqualTo(n, { message: `Minimalna wartość to ${n}` })
const Num = Schema.Finite

export const Country = Schema.Struct({ id: Schema.Number, name: Schema.String, iso_code: Schema.String, currency: Schema.String })

export const Party = Schema.Struct({
  name: RequiredString,
  private_person: Schema.Boolean,
  contact_name: Schema.optional(Schema.NullOr(Schema.String)),
  email: Schema.optional(Schema.NullOr(Schema.Union([Email, Schema.Literal('')]))),
  phone: Schema.Struct({
    prefix: Schema.String.check(Schema.isPattern(/^\+\d{2,3}$/, { message: MSG.invalidValue })),
    number: Schema.String.check(Schema.isPattern(/^\d{6,12}$/, { message: MSG.invalidValue })),
  }),
  address: Schema.optional(
    Schema.NullOr(
      Schema.Struct({
        locality: Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String })),
        postal_code: Schema.String,
        details: Schema.String,
      }),
    ),
  ),
  country: Schema.Struct({ id: Schema.Number }),
  locker: Schema.optional(Schema.NullOr(Schema.Struct({ id: Schema.Number, name: Schema.String }))),
})
export type Party = typeof Party.Type

export const Content = Schema.Struct({
  declared_content: RequiredString,
  declared_value: Num.check(min(0)),
  cash_on_delivery_value: Num.check(min(0)),
  currency: Schema.String,
})

export const AdditionalData = Schema.Struct({
  note: Schema.optional(Schema.NullOr(Schema.String)),
  first_reference_number: Schema.optional(Schema.NullOr(Schema.String)),
  second_reference_number: Schema.optional(Schema.NullOr(Schema.String)),
})

export const Dimensions = Schema.Struct({
  height: Num.check(min(SHIPMENT.minDimensionCm)),
  width: Num.check(min(SHIPMENT.minDimensionCm)),
  length: Num.check(min(SHIPMENT.minDimensionCm)),
})

export const ParcelInput = Schema.Struct({
  in_shipment_order: Schema.Int,
  weight: Schema.Struct({ declared: Num.check(min(SHIPMENT.minWeightKg)) }),
  dimensions: Schema.Struct({ declared: Dimensions }),
})
export type ParcelInput = typeof ParcelInput.Type

const shipmentFields = {
  delivery_service: DeliveryService,
  client_id: Schema.optional(Schema.NullOr(Schema.Int)),
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

/** The rules across fields (S3 §4, §5): the entered party by service; lockers carry one parcel. */
const shipmentRules = Schema.makeFilter((s: ShipmentShape) => {
  const issues: Array<{ path: string[]; issue: string }> = []
  const party = isReturnService(s.delivery_service) ? 'sender' : 'recipient'
  const p = s[party]
  if (!p) issues.push({ path: [party], issue: MSG.required })
  else if (isLockerService(s.delivery_service) && !p.locker) issues.push({ path: [party, 'locker'], issue: MSG.required })
  else if (!isLockerService(s.delivery_service) && (!p.address || !p.address.locality || !p.address.details.trim()))
    issues.push({ path: [party, 'address'], issue: MSG.required })
  if (p && !p.private_person && !p.contact_name?.trim()) issues.push({ path: [party, 'contact_name'], issue: MSG.required })
  if (isLockerService(s.delivery_service) && s.parcels.length > 1) issues.push({ path: ['parcels'], issue: SHIPMENT_MSG.lockerMultiPack })
  return issues.length ? issues : undefined
})

export const ShipmentCreateRequest = Schema.Struct(shipmentFields).check(shipmentRules)
export type ShipmentCreateRequest = typeof ShipmentCreateRequest.Type
export const ShipmentUpdateRequest = Schema.Struct({ id: Schema.Int, ...shipmentFields }).check(shipmentRules)
export type ShipmentUpdateRequest = typeof ShipmentUpdateRequest.Type

