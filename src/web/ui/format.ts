import { formatDate, formatDateTime, zonedDate, zonedParts } from '../../contract/time.ts'

/** Display helpers of the browser; dates come from the one zoned formatter in src/contract/time.ts. */
export { formatDate, formatDateTime }

/** Today in Europe/Warsaw as yyyy-mm-dd (date filters, defaults). */
export const warsawToday = (now: Date = new Date()): string => zonedDate(now)

/**
 * Now in Europe/Warsaw as yyyy-mm-ddThh:mm:ss (the value of a datetime-local input with step 1).
 * Seconds matter: a status given "now" must come after one given a few seconds earlier.
 */
export function warsawNowLocal(now: Date = new Date()): string {
  const p = zonedParts(now)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`
}

/** A datetime-local value (Europe/Warsaw) as the server reads a "when": yyyy-mm-dd hh:mm:ss. */
export const localToServerDateTime = (v: string) => (v.length === 16 ? `${v.replace('T', ' ')}:00` : v.replace('T', ' '))

/** Amounts: 2 decimals, Polish style. */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  if (value == null) return '—'
  const n = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
  return currency ? `${n} ${currency}` : n
}

export const yesNo = (v: boolean | null | undefined) => (v == null ? '—' : v ? 'Tak' : 'Nie')
