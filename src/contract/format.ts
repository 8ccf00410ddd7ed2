import { formatDate, formatDateTime } from './time.ts'

/**
 * The one pl-PL format of numbers, money and dates shown to people (every view, and any server
 * document that shows them as text). Pure: no DOM, no clock.
 *
 * - numbers: comma decimals, a (non-breaking) space between thousands from 10 000 on, as Intl's
 *   pl-PL does: 1661,77 · 12 345,5;
 * - money: always two decimals and the currency's code after the amount: "1661,77 PLN";
 * - dates: dd.mm.yyyy, date-times dd.mm.yyyy HH:mm, in Europe/Warsaw (src/contract/time.ts).
 *
 * Amounts arrive as decimal strings (the wire's form of money) and are formatted exactly, never
 * through a float. An empty value shows as EMPTY; a value that is not a number shows as it is.
 */
export const LOCALE = 'pl-PL'
/** What an empty amount, number or date shows. */
export const EMPTY = '—'
export { formatDate, formatDateTime }

type Numeric = number | string | null | undefined
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/

const formats = new Map<string, Intl.NumberFormat>()
function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`
  let f = formats.get(key)
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: min, maximumFractionDigits: max })
    formats.set(key, f)
  }
  return f
}

/** Formats with min..max decimals; a decimal string exactly (Intl reads it as a decimal, not a float). */
function formatWith(value: Numeric, min: number, max: number): string {
  if (value == null || value === '') return EMPTY
  if (typeof value === 'number') return Number.isFinite(value) ? numberFormat(min, max).format(value) : EMPTY
  const s = value.trim()
  if (!DECIMAL.test(s)) return value
  return numberFormat(min, max).format(s as `${number}`)
}

/** A number with comma decimals: as many decimals as it has, up to `maxDecimals` (default 3). "12,5", "1661,77". */
export const formatNumber = (value: Numeric, maxDecimals = 3): string => formatWith(value, 0, maxDecimals)

/** A number with exactly `decimals` decimals: "12,50". */
export const formatFixed = (value: Numeric, decimals: number): string => formatWith(value, decimals, decimals)

/** An amount with its currency's code: "1661,77 PLN" (two decimals, always). No currency given: the amount alone — use only where the currency heads the column. */
export function formatMoney(value: Numeric, currency: string | null | undefined): string {
  const n = formatWith(value, 2, 2)
  return n === EMPTY || !currency ? n : `${n} ${currency}`
}

/** A weight in kilograms: "12,5 kg". */
export function formatKg(value: Numeric): string {
  const n = formatNumber(value)
  return n === EMPTY ? n : `${n} kg`
}

/** A share as a percentage with `decimals` decimals: 0.125 → "12,5%" (pl-PL writes no space before %). */
export function formatPercent(share: number, decimals = 1): string {
  return Number.isFinite(share) ? `${formatWith(share * 100, 0, decimals)}%` : EMPTY
}

/** A calendar day written out in a sentence: "2026-05-01" → "1 maja 2026". */
export function formatLongDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return day
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d)
}
