import * as Schema from 'effect/Schema'
import { FACTOR_TYPES, PRICES, SURCHARGES, type Surcharge } from '../constants/prices.ts'
import { PRICES_MSG } from '../messages/prices.ts'
import { OperationalPriceListRow, PriceListType } from './clients.ts'
import { Decimal, Id, IdFromString, NonBlankText, StrictDate, Text } from '../validation.ts'

/** Operational price lists (the full form), courier prices, currencies and a shipment's accounted amounts. */

const scaleOk = (scale: number) => (n: number) => Math.abs(Math.round(n * 10 ** scale) - n * 10 ** scale) < 1e-6

/** 0 to 100 000 with 2 decimals (factor step 0.01). */
export const PriceAmount = Decimal(9, 2).check(
  Schema.makeFilter((n: number) => (n >= PRICES.amountMin && n <= PRICES.amountMax && scaleOk(PRICES.amountScale)(n) ? undefined : PRICES_MSG.amountRange)),
)
/** A weight threshold: above 0, at most 100 000 kg, 3 decimals. */
export const ThresholdKg = Decimal(9, 3).check(
  Schema.makeFilter((n: number) => (n > 0 && n <= PRICES.amountMax && scaleOk(PRICES.thresholdScale)(n) ? undefined : PRICES_MSG.thresholdRange)),
)
const IsoDate = StrictDate
const CurrencyCode = Text(3).check(Schema.isPattern(/^[A-Z]{3}$/, { message: PRICES_MSG.unknownCurrency }))
export const FactorType = Schema.Literals(FACTOR_TYPES)

// ---- the nine surcharge blocks, flat as the wire carries them ----------------------------------------

type FactorFieldsOf<T, A, M> = { [K in Surcharge as `${K}_account_factor_type`]: T } & { [K in Surcharge as `${K}_account_factor`]: A } & {
  [K in Surcharge as `${K}_account_factor_minimal` | `${K}_account_factor_maximal`]: M
}
function factorFields<T, A, M>(type: T, amount: A, bound: M): FactorFieldsOf<T, A, M> {
  const out: Record<string, T | A | M> = {}
  for (const x of SURCHARGES) {
    out[`${x}_account_factor_type`] = type
    out[`${x}_account_factor`] = amount
    out[`${x}_account_factor_minimal`] = bound
    out[`${x}_account_factor_maximal`] = bound
  }
  return out as FactorFieldsOf<T, A, M>
}

export const WeightThreshold = Schema.Struct({ limiting_threshold: ThresholdKg, base_amount: PriceAmount })

const requestFields = {
  name: NonBlankText(PRICES.nameMax),
  /** null or empty: no association. */
  special_association: Schema.optional(Schema.NullOr(Text(PRICES.specialAssociationMax))),
  begin_date: IsoDate,
  currency: CurrencyCode,
  specific_factors_currency: CurrencyCode,
  id_client: Schema.optional(Schema.NullOr(Id)),
  id_courier: Schema.optional(Schema.NullOr(Id)),
  id_country: Schema.optional(Schema.NullOr(Id)),
  weight_thresholds: Schema.Array(WeightThreshold).check(Schema.isMaxLength(PRICES.maxThresholds, { message: PRICES_MSG.tooManyThresholds })),
  ...factorFields(FactorType, PriceAmount, Schema.optional(Schema.NullOr(PriceAmount))),
}
type RequestShape = {
  weight_thresholds: ReadonlyArray<{ limiting_threshold: number }>
} & Record<string, unknown>

/** Percent minimum ≤ maximum on every block; thresholds strictly rising. Errors name the field. */
const listChecks = Schema.makeFilter((v: RequestShape) => {
  const issues: { path: (string | number)[]; issue: string }[] = []
  for (const x of SURCHARGES) {
    const min = v[`${x}_account_factor_minimal`]
    const max = v[`${x}_account_factor_maximal`]
    if (typeof min === 'number' && typeof max === 'number' && min > max) issues.push({ path: [`${x}_account_factor_maximal`], issue: PRICES_MSG.minAboveMax })
  }
  v.weight_thresholds.forEach((t, i) => {
    if (i > 0 && t.limiting_threshold <= v.weight_thresholds[i - 1]!.limiting_threshold)
      issues.push({ path: ['weight_thresholds', i, 'limiting_threshold'], issue: PRICES_MSG.thresholdsRising })
  })
  return issues.length ? issues : undefined
})

export const PriceListCreateRequest = Schema.Struct(requestFields).check(listChecks)
export type PriceListCreateRequest = typeof PriceListCreateRequest.Type
export const PriceListUpdateRequest = Schema.Struct({ id: Id, ...requestFields }).check(listChecks)
export type PriceListUpdateRequest = typeof PriceListUpdateRequest.Type

/** The whole list as the form reads it: the row, the currencies, the nine blocks (amounts as decimal strings), thresholds, and whether it is in use. */
export const OperationalPriceList = Schema.Struct({
  ...OperationalPriceListRow.fields,
  specific_factors_currency: Schema.String,
  used: Schema.Boolean,
  weight_thresholds: Schema.Array(Schema.Struct({ limiting_threshold: Schema.String, base_amount: Schema.String })),
  ...factorFields(FactorType, Schema.String, Schema.NullOr(Schema.String)),
})
export type OperationalPriceList = typeof OperationalPriceList.Type

export const CreatedId = Schema.Struct({ id: Schema.Number, message: Schema.String })

/** Current active default: query special_association, id_courier, id_country. */
export const CurrentActiveDefaultQuery = Schema.Struct({
  special_association: Schema.optional(Text(PRICES.specialAssociationMax)),
  id_courier: Schema.optional(IdFromString),
  id_country: Schema.optional(IdFromString),
})
export { PriceListType }

// ---- currencies, couriers -------------------------------------------------------------------------------

export const CurrencyRow = Schema.Struct({ code: Schema.String, name: Schema.String, pln_rate: Schema.String })
export type CurrencyRow = typeof CurrencyRow.Type

// ---- courier prices ---------------------------------------------------------------------------------------

const CourierBound = Decimal(5, 2).check(
  Schema.makeFilter((n: number) => (n >= PRICES.courierPriceMin && n <= PRICES.courierPriceMax && scaleOk(2)(n) ? undefined : PRICES_MSG.courierPriceRange)),
)
export const CourierPrice = Schema.Struct({
  id: Schema.Number,
  id_courier: Schema.Number,
  courier: Schema.String,
  net_price: Schema.String,
  vat_percentage: Schema.String,
  max_insurance_value: Schema.String,
  min_weight_value: Schema.String,
  max_weight_value: Schema.String,
  this_side_up: Schema.Boolean,
  liquid: Schema.Boolean,
  not_expose_to_frost: Schema.Boolean,
  cash_on_delivery: Schema.Boolean,
  caution: Schema.Boolean,
})
export type CourierPrice = typeof CourierPrice.Type
const Flag = Schema.optional(Schema.Boolean)
export const CourierPriceUpdateRequest = Schema.Struct({
  id: Id,
  net_price: CourierBound,
  vat_percentage: CourierBound,
  max_insurance_value: CourierBound,
  min_weight_value: CourierBound,
  max_weight_value: CourierBound,
  this_side_up: Flag,
  liquid: Flag,
  not_expose_to_frost: Flag,
  cash_on_delivery: Flag,
  caution: Flag,
}).check(
  Schema.makeFilter((v: { min_weight_value: number; max_weight_value: number }) =>
    v.min_weight_value <= v.max_weight_value ? undefined : { path: ['max_weight_value'], issue: PRICES_MSG.courierPriceMinAboveMax },
  ),
)
export type CourierPriceUpdateRequest = typeof CourierPriceUpdateRequest.Type

// ---- accounted amounts of a shipment (finance tab) ----------------------------------------------------

export const ChargeLineRow = Schema.Struct({ kind: Schema.String, amount: Schema.String, note: Schema.String })
/** One charge: the spec's summary fields (decimal strings, '0.00' when a surcharge did not apply) and the breakdown it came from. */
export const AccountedAmount = Schema.Struct({
  summary: Schema.String,
  specific_exchange_rate: Schema.NullOr(Schema.String),
  currency: Schema.String,
  specific_factors_currency: Schema.String,
  base: Schema.String,
  cod: Schema.String,
  insurance: Schema.String,
  oversize: Schema.String,
  overweight: Schema.String,
  multi_pack: Schema.String,
  cod_card_payment: Schema.String,
  unclaimed: Schema.String,
  collect_from_client: Schema.String,
  non_conveyable: Schema.String,
  accounting_weight: Schema.String,
  price_list_id: Schema.Number,
  price_list_name: Schema.String,
  charged_at: Schema.String,
  lines: Schema.Array(ChargeLineRow),
})
export type AccountedAmount = typeof AccountedAmount.Type
/** main null and after_service empty → the browser shows 'Brak naliczeń!'. */
export const AccountedAmountsReply = Schema.Struct({
  accounted_amounts: Schema.Struct({ main: Schema.NullOr(AccountedAmount), after_service: Schema.Array(AccountedAmount) }),
})
export type AccountedAmountsReply = typeof AccountedAmountsReply.Type
