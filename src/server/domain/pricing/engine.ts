import Decimal from 'decimal.js'
import { CHARGING, SPECIFIC_SURCHARGES, type PriceListKind, type Surcharge } from '../../../contract/constants/prices.ts'
import { boundedMemo } from './boundedMemo.ts'
import type { AccountedAmount, ChargeLine, ChargeResult, PriceListData, Pricer, PricerData, ShipmentToCharge } from './types.ts'

/**
 * The pure charging engine: given every list that may apply (loaded once), charges a shipment
 * synchronously with no I/O. Exact decimals (decimal.js); every amount is rounded half-up to
 * 0.01 where it is written on a line, and the totals add the rounded lines.
 */

// A private Decimal, half-up: 28 significant digits hold any product of our numbers (amounts below 1e12 with 8 decimals).
const D = Decimal.clone({ precision: 28, rounding: Decimal.ROUND_HALF_UP })
type Dec = InstanceType<typeof D>
const ZERO = new D(0)
const money = (d: Dec) => d.toDecimalPlaces(2, D.ROUND_HALF_UP)
// toFixed rounds with the clone's half-up: the same text as money(d).toFixed(2), one rounding fewer.
const fmt = (d: Dec) => d.toFixed(2)
const kg = (d: Dec) => d.toDecimalPlaces(3, D.ROUND_HALF_UP)
/** A decimal text parsed, or null when it is not a finite number. */
const parseDecimal = (s: string): Dec | null => {
  try {
    const d = new D(s)
    return d.isFinite() ? d : null
  } catch {
    return null
  }
}
/**
 * Decimals are immutable, and a statement repeats the same few texts (weights, sides, rates)
 * thousands of times: each text is parsed once, and at most 50 000 parsed texts are kept.
 */
export const parsedDecimals = boundedMemo(50_000, parseDecimal)
const dec = (s: string | null | undefined): Dec | null => (s == null || s === '' ? null : parsedDecimals.get(s))

interface Factor {
  percent: boolean
  value: Dec
  min: Dec | null
  max: Dec | null
}
interface List {
  data: PriceListData
  /** `note`: the threshold as the base line names it ("do 15 kg"). */
  thresholds: { limit: Dec; base: Dec; note: string }[]
  maxBase: Dec
  factors: Record<Surcharge, Factor>
  /** Rate from the specific-factors currency into the list's currency. */
  specificRate: Dec
  /** specificRate as stored with a charge (8 decimals). */
  specificRateText: string
  /** The base line's note above the last threshold, or without thresholds. */
  beyondNote: string
}

/** Parcels' accounting weight: measured, or the larger of measured and volumetric unless real weight is the client's rule. */
export function accountingWeight(parcels: ShipmentToCharge['parcels'], realWeight: boolean): Dec {
  let sum = ZERO
  for (const p of parcels) {
    const w = dec(p.weight) ?? ZERO
    let acc = w
    if (!realWeight) {
      const l = dec(p.length), wd = dec(p.width), h = dec(p.height)
      if (l && wd && h) {
        const vol = l.times(wd).times(h).dividedBy(CHARGING.volumetricDivisor)
        if (vol.greaterThan(acc)) acc = vol
      }
    }
    sum = sum.plus(kg(acc))
  }
  return sum
}

export function makePricer(data: PricerData): Pricer {
  const ONE = new D(1)
  const rates = new Map<string, Dec | null>()
  const rate = (from: string, to: string): Dec | null => {
    if (from === to) return ONE
    const key = `${from}>${to}`
    let r = rates.get(key)
    if (r === undefined) {
      const a = dec(data.plnRates[from]), b = dec(data.plnRates[to])
      r = a && b && !b.isZero() ? a.dividedBy(b) : null
      rates.set(key, r)
    }
    return r
  }
  const defaultSideLimit = new D(data.defaultSideFormulaLimit)
  // Lists by type and owner: key `${type}|${clientId|''}|${country or courier|''}`, newest first.
  const byKey = new Map<string, List[]>()
  for (const l of data.lists) {
    const thresholds = l.thresholds
      .map((t) => {
        const limit = new D(t.limitingThreshold)
        return { limit, base: new D(t.baseAmount), note: `do ${kg(limit).toString()} kg` }
      })
      .sort((a, b) => a.limit.comparedTo(b.limit))
    const factors = {} as Record<Surcharge, Factor>
    for (const [name, f] of Object.entries(l.factors) as [Surcharge, PriceListData['factors'][Surcharge]][]) {
      factors[name] = { percent: f.type === 'percent', value: new D(f.value), min: dec(f.minimal), max: dec(f.maximal) }
    }
    const specificRate = rate(l.specificFactorsCurrency, l.currency) ?? ONE
    const list: List = {
      data: l,
      thresholds,
      maxBase: thresholds.reduce((m, t) => (t.base.greaterThan(m) ? t.base : m), ZERO),
      factors,
      specificRate,
      specificRateText: specificRate.toDecimalPlaces(8).toString(),
      beyondNote: thresholds.length ? `powyżej ${kg(thresholds.at(-1)!.limit).toString()} kg` : 'brak progów',
    }
    const key = `${l.type}|${l.clientId ?? ''}|${(l.type === 'cost' ? l.courierId : l.countryId) ?? ''}`
    const arr = byKey.get(key) ?? []
    arr.push(list)
    byKey.set(key, arr)
  }
  for (const arr of byKey.values()) arr.sort((a, b) => (a.data.beginDate < b.data.beginDate ? 1 : a.data.beginDate > b.data.beginDate ? -1 : b.data.id - a.data.id))

  const activeIn = (key: string, day: string, assoc: string): List | null => {
    for (const l of byKey.get(key) ?? []) {
      if (l.data.specialAssociation !== assoc) continue
      if (l.data.beginDate > day) continue
      if (l.data.deactivatedOn !== null && l.data.deactivatedOn <= day) continue
      return l
    }
    return null
  }

  /** The client's own active list, else the default; for a marketplace shipment its association first. Lists with no country/courier serve all. */
  const findList = (type: PriceListKind, s: ShipmentToCharge, assoc: string): List | null => {
    const target = type === 'cost' ? s.courierId : s.countryId
    const owners = s.clientId != null ? [s.clientId, ''] : ['']
    const assocs = assoc ? [assoc, ''] : ['']
    for (const a of assocs)
      for (const owner of owners)
        for (const t of target != null ? [target, ''] : ['']) {
          const l = activeIn(`${type}|${owner}|${t}`, s.chargedOn, a)
          if (l) return l
        }
    return null
  }

  const apply = (f: Factor, base: Dec, count: number, unit: string): { amount: Dec; note: string } => {
    if (!f.percent) {
      const amount = money(f.value.times(count))
      return { amount, note: count === 1 ? `${fmt(f.value)} ${unit}` : `${count} × ${fmt(f.value)} ${unit}` }
    }
    let amount = money(base.times(f.value).dividedBy(100).times(count))
    let note = `${f.value.toFixed(2)}% × ${fmt(base)} ${unit}${count === 1 ? '' : ` × ${count}`}`
    if (f.min && amount.lessThan(f.min)) {
      amount = money(f.min)
      note += ` (minimum ${fmt(f.min)})`
    }
    if (f.max && amount.greaterThan(f.max)) {
      amount = money(f.max)
      note += ` (maksimum ${fmt(f.max)})`
    }
    return { amount, note }
  }

  /** What charging needs of the shipment itself, whatever the list: computed once per shipment. */
  const factsOf = (s: ShipmentToCharge) => {
    const params = s.clientId != null ? data.clients[s.clientId] : undefined
    const realWeight = s.countryId != null && !!params?.realWeightCountries.includes(s.countryId)
    const weight = accountingWeight(s.parcels, realWeight)
    const sideLimit = dec(params?.sideFormulaLimit) ?? defaultSideLimit
    let oversize = 0
    let nonConveyable = 0
    for (const p of s.parcels) {
      const sides = [dec(p.length), dec(p.width), dec(p.height)].filter((x): x is Dec => x !== null)
      const sum = sides.reduce((a, b) => a.plus(b), ZERO)
      if (sum.greaterThan(sideLimit)) oversize++
      const longest = sides.reduce((a, b) => (b.greaterThan(a) ? b : a), ZERO)
      const w = dec(p.weight) ?? ZERO
      if (longest.greaterThan(CHARGING.nonConveyableSideCm) || w.greaterThan(CHARGING.nonConveyableWeightKg)) nonConveyable++
    }
    if (s.nonConveyable && nonConveyable === 0) nonConveyable = 1
    return { weight, sideLimit, oversize, nonConveyable }
  }

  /** Charges the shipment with one list: main lines (base and surcharges) and the after-service lines. */
  const chargeWith = (list: List, s: ShipmentToCharge, facts: ReturnType<typeof factsOf>) => {
    const cur = list.data.currency
    const spec = list.data.specificFactorsCurrency
    const { weight, sideLimit, oversize, nonConveyable } = facts
    const main: ChargeLine[] = []
    const after: ChargeLine[] = []
    const push = (to: ChargeLine[], kind: string, amount: Dec, note: string) => {
      if (!amount.isZero()) to.push({ kind, amount: fmt(amount), note })
    }

    // Base: the first threshold at or above the weight; above the last one its base plus overweight.
    let base = ZERO
    let over: Dec | null = null
    const t = list.thresholds.find((x) => x.limit.greaterThanOrEqualTo(weight))
    if (t) base = t.base
    else if (list.thresholds.length) {
      const last = list.thresholds[list.thresholds.length - 1]!
      base = last.base
      over = weight.minus(last.limit).ceil()
    }
    const tNote = t ? t.note : list.beyondNote
    push(main, 'base', base, `waga rozliczeniowa ${weight.toFixed(3)} kg, próg ${tNote}`)

    // Surcharges in the list currency, percent of the base amount.
    const f = list.factors
    if (over && over.greaterThan(0)) {
      const r = apply(f.overweight, base, over.toNumber(), cur)
      push(main, 'overweight', r.amount, `${over.toString()} kg ponad ostatni próg: ${r.note}`)
    }
    if (oversize) {
      const r = apply(f.oversize, base, oversize, cur)
      push(main, 'oversize', r.amount, `suma boków ponad ${sideLimit.toString()} cm: ${r.note}`)
    }
    if (s.parcels.length > 1) {
      const r = apply(f.multi_pack, base, s.parcels.length - 1, cur)
      push(main, 'multi_pack', r.amount, `${s.parcels.length - 1} kolejne paczki: ${r.note}`)
    }
    if (s.deliveryService === CHARGING.collectFromClientService) {
      const r = apply(f.collect_from_client, base, 1, cur)
      push(main, 'collect_from_client', r.amount, `odbiór od klienta: ${r.note}`)
    }
    if (nonConveyable) {
      const r = apply(f.non_conveyable, base, nonConveyable, cur)
      push(main, 'non_conveyable', r.amount, `niesortowalne: ${r.note}`)
    }
    if (s.unclaimed) {
      const r = apply(f.unclaimed, base, 1, cur)
      push(after, 'unclaimed', r.amount, `nieodebrana: ${r.note}`)
    }

    // Specific factors: computed in the specific-factors currency, then converted at its rate.
    const shipCur = s.currency ?? spec
    const toSpec = rate(shipCur, spec) ?? ONE
    const specific = (name: Surcharge, amountInShipment: Dec | null, applies: boolean, label: string) => {
      if (!applies) return
      const baseSpec = money((amountInShipment ?? ZERO).times(toSpec))
      const r = apply(f[name], baseSpec, 1, spec)
      const converted = money(r.amount.times(list.specificRate))
      const conv = spec === cur ? '' : ` = ${fmt(r.amount)} ${spec} × ${list.specificRate.toDecimalPlaces(6).toString()}`
      push(main, name, converted, `${label}: ${r.note}${conv}`)
    }
    if (SPECIFIC_SURCHARGES.length) {
      const cod = dec(s.codValue)
      const declared = dec(s.declaredValue)
      specific('cod', cod, !!cod && cod.greaterThan(0), 'pobranie')
      specific('insurance', declared, !!declared && declared.greaterThan(0), 'ubezpieczenie')
      specific('cod_card_payment', cod, !!s.codCardPayment && !!cod && cod.greaterThan(0), 'płatność kartą')
    }
    const sum = (lines: ChargeLine[]) => lines.reduce((a, l) => a.plus(l.amount), ZERO)
    return { weight, main, after, mainSum: sum(main), afterSum: sum(after) }
  }

  const amount = (list: List, kind: AccountedAmount['kind'], total: Dec, weight: Dec, lines: ChargeLine[]): AccountedAmount => ({
    kind,
    amount: fmt(total),
    currency: list.data.currency,
    accountingWeight: weight.toFixed(3),
    priceListId: list.data.id,
    priceListName: list.data.name,
    lines,
    specificFactorsCurrency: list.data.specificFactorsCurrency,
    specificExchangeRate: list.specificRateText,
  })

  return {
    charge(s: ShipmentToCharge): ChargeResult {
      const assoc = s.isEmag ? CHARGING.marketplaceAssociation : ''
      const income = findList('income', s, assoc)
      if (!income)
        return {
          ok: false,
          type: 'no_operational_price_list_match',
          additionalData: { operationalPriceListType: 'income', kind: 'main', operationalPriceListSpecialAssociation: assoc, clientId: s.clientId, countryId: s.countryId },
        }
      const own = factsOf(s)
      const c = chargeWith(income, s, own)
      const facts = { amount: fmt(c.mainSum), accountingWeight: c.weight.toFixed(3), parcelsCount: s.parcels.length, clientId: s.clientId, countryId: s.countryId, priceListId: income.data.id }
      if (c.mainSum.isZero()) return { ok: false, type: 'missing_amount', additionalData: facts }
      const amounts = [amount(income, 'main', c.mainSum, c.weight, c.main)]
      if (c.after.length) amounts.push(amount(income, 'after_service', c.afterSum, c.weight, c.after))
      // What the courier charges us: its cost list when one matches (no list → no cost, not an error).
      const cost = findList('cost', s, assoc)
      if (cost) {
        const k = chargeWith(cost, s, own)
        amounts.push(amount(cost, 'cost', k.mainSum.plus(k.afterSum), k.weight, [...k.main, ...k.after]))
      }
      // Far above the list's usual: charged all the same, and flagged for a person to review.
      if (income.maxBase.greaterThan(0) && c.mainSum.greaterThan(income.maxBase.times(CHARGING.giantFactor)))
        return { ok: false, type: 'giant_amount', additionalData: { ...facts, limit: fmt(income.maxBase.times(CHARGING.giantFactor)) }, amounts }
      return { ok: true, amounts }
    },
  }
}
