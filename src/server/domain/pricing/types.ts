import type { FactorType, PriceListKind, Surcharge } from '../../../contract/constants/prices.ts'

/** The charging engine's shapes (src/server/domain/pricing). All amounts are decimal strings ('12.50'). */

export type ChargeErrorType = 'no_operational_price_list_match' | 'missing_amount' | 'giant_amount'

export interface ParcelToCharge {
  internalNumber: string
  /** kg: the measured weight (the declared one when never measured). */
  weight: string | null
  /** cm */
  length: string | null
  width: string | null
  height: string | null
}

/** What the engine needs of one shipment. Optional fields default to "does not apply". */
export interface ShipmentToCharge {
  shipmentId: number
  internalWaybill: string
  clientId: number | null
  countryId: number | null
  /** The courier whose cost list applies (deliveries: last mile, returns: first mile). */
  courierId: number | null
  /** yyyy-mm-dd: decides which list is active. */
  chargedOn: string
  parcels: ParcelToCharge[]
  /** 1 home delivery, 2 home return, 3 locker delivery, 4 locker return. */
  deliveryService?: number
  isReturn?: boolean
  /** Marketplace (eMAG) shipment: a list with that special association is preferred. */
  isEmag?: boolean
  /** Cash on delivery and declared value, in `currency` (the shipment's). */
  codValue?: string
  declaredValue?: string
  currency?: string
  /** The cash on delivery was paid by card. */
  codCardPayment?: boolean
  /** Came back unclaimed to the returns warehouse: an after-service charge. */
  unclaimed?: boolean
  /** Could not travel on the conveyor (besides what its size and weight say). */
  nonConveyable?: boolean
}

export interface ChargeLine {
  kind: 'base' | string
  amount: string
  note: string
}

/** One charge with its WHY. */
export interface AccountedAmount {
  kind: 'main' | 'after_service' | 'cost'
  amount: string
  currency: string
  accountingWeight: string
  priceListId: number
  priceListName: string
  lines: ChargeLine[]
  /** The list's specific-factors currency and its rate into `currency` (cod, insurance, cod card payment). */
  specificFactorsCurrency: string
  specificExchangeRate: string
}

export type ChargeResult =
  | { ok: true; amounts: AccountedAmount[] }
  /**
   * Not charged cleanly. `amounts` is set when the charge itself was computed but needs a person's
   * review (giant_amount): it is stored and billed once the error is reviewed.
   */
  | { ok: false; type: ChargeErrorType; additionalData: Record<string, unknown>; amounts?: AccountedAmount[] }

export interface Pricer {
  charge(s: ShipmentToCharge): ChargeResult
}

// ---- what loadPricer reads, handed to the pure engine -----------------------------------------------

export interface FactorRow {
  type: FactorType
  value: string
  minimal: string | null
  maximal: string | null
}

export interface PriceListData {
  id: number
  type: PriceListKind
  name: string
  clientId: number | null
  countryId: number | null
  courierId: number | null
  specialAssociation: string
  /** yyyy-mm-dd */
  beginDate: string
  /** yyyy-mm-dd (Warsaw) of the deactivation: the list applies to days before it. */
  deactivatedOn: string | null
  currency: string
  specificFactorsCurrency: string
  thresholds: { limitingThreshold: string; baseAmount: string }[]
  factors: Record<Surcharge, FactorRow>
}

export interface ClientChargingParameters {
  /** Country ids the client is charged by real (measured) weight for. */
  realWeightCountries: number[]
  /** cm; null = the default. */
  sideFormulaLimit: string | null
}

export interface PricerData {
  lists: PriceListData[]
  /** Currency code → how many PLN one unit is worth. */
  plnRates: Record<string, string>
  clients: Record<number, ClientChargingParameters>
  defaultSideFormulaLimit: string
}
