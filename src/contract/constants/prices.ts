/** Numbers and names of operational price lists, courier prices and charging (docs/prices.md). */

import { PRICE_LIST_TYPES } from './clients.ts'

export { PRICE_LIST_TYPES }
export type PriceListKind = (typeof PRICE_LIST_TYPES)[number]

/** The nine surcharge blocks of a price list, in the order the form shows them. */
export const SURCHARGES = ['cod', 'insurance', 'oversize', 'overweight', 'multi_pack', 'cod_card_payment', 'unclaimed', 'collect_from_client', 'non_conveyable'] as const
export type Surcharge = (typeof SURCHARGES)[number]

/** Surcharges stated in the list's specific-factors currency (they follow amounts paid in the destination's money). */
export const SPECIFIC_SURCHARGES: readonly Surcharge[] = ['cod', 'insurance', 'cod_card_payment']

/**
 * Where a list stands today among the lists of its kind (type, owner, country or courier, special
 * association): `in_force` — the one that charges today (begun, not deactivated, the newest begin
 * date, then the newest list); `future` — begins later; `superseded` — begun, but a newer one is in
 * force; `deactivated`.
 */
export const PRICE_LIST_STANDINGS = ['in_force', 'future', 'superseded', 'deactivated'] as const
export type PriceListStanding = (typeof PRICE_LIST_STANDINGS)[number]

export const FACTOR_TYPES = ['lump_sum', 'percent'] as const
export type FactorType = (typeof FACTOR_TYPES)[number]

export const PRICES = {
  /** Rows per page of the price-list tables. */
  pageSize: 25,
  /** Table redraw delay of the price-list tables (ms). */
  redrawDelayMs: 100,
  /** Amounts, factors and thresholds of a list: 0 to 100 000 with 2 decimals, step 0.01. */
  amountMin: 0,
  amountMax: 100_000,
  amountScale: 2,
  /** Weight thresholds: kg with 3 decimals, above 0. */
  thresholdScale: 3,
  /** At most this many thresholds on one list. */
  maxThresholds: 50,
  /** Defaults of a new list. */
  defaultCountryId: 1,
  defaultCurrency: 'PLN',
  /** The operator's own currency: client price bands and courier prices are in it (they carry none of their own). */
  baseCurrency: 'PLN',
  defaultSpecificFactorsCurrency: 'RON',
  defaultThresholdsKg: [3, 5, 15, 20, 30] as readonly number[],
  defaultBaseAmount: '0.00',
  /** Courier prices: every bound 0 to 100. */
  courierPriceMin: 0,
  courierPriceMax: 100,
  /** Name length limit of a list. */
  nameMax: 255,
  specialAssociationMax: 100,
} as const

export const CHARGING = {
  /** Volumetric weight (kg) = length × width × height (cm) / this divisor. */
  volumetricDivisor: 5000,
  /** A parcel whose sum of sides (cm) exceeds the client's SIDE_FORMULA_LIMIT is oversize; this when the client has none. */
  defaultSideFormulaLimit: 300,
  /** A parcel is non-conveyable when its longest side (cm) or its weight (kg) exceeds these. */
  nonConveyableSideCm: 120,
  nonConveyableWeightKg: 31.5,
  /**
   * giant_amount: a main charge above this many times the list's highest base amount (what the
   * heaviest ordinary shipment pays) is far above the client's usual.
   */
  giantFactor: 10,
  /** The special association a marketplace (eMAG) shipment looks for first. */
  marketplaceAssociation: 'eMAG',
  /** Client parameters read by charging. */
  realWeightParameter: {
    1: 'USE_REAL_WEIGHT_FOR_ROMANIA_SHIPMENTS_ACCOUNTING',
    3: 'USE_REAL_WEIGHT_FOR_HUNGARY_SHIPMENTS_ACCOUNTING',
    4: 'USE_REAL_WEIGHT_FOR_BULGARIA_SHIPMENTS_ACCOUNTING',
  } as Readonly<Record<number, string>>,
  sideFormulaParameter: 'SIDE_FORMULA_LIMIT',
  /** Delivery service of a home return: the courier collects the parcel from the client's customer. */
  collectFromClientService: 2,
  /** Shipments read per batch when a statement charges a period. */
  readBatch: 1000,
} as const

export const CHARGE_ERROR_TYPES = ['no_operational_price_list_match', 'missing_amount', 'giant_amount'] as const
