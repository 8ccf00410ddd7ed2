import { TIME_ZONE } from '../../contract/constants.ts'

const dateTime = new Intl.DateTimeFormat('pl-PL', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})
const dateOnly = new Intl.DateTimeFormat('pl-PL', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** "2024-05-01T10:00:00Z" → "01.05.2024, 12:00" in Europe/Warsaw; empty values → "—". */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '—'
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? String(value) : dateTime.format(d)
}

export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '—'
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? String(value) : dateOnly.format(d)
}

const warsawParts = (d: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>

/** Today in Europe/Warsaw as yyyy-mm-dd (date filters, defaults). */
export function warsawToday(now: Date = new Date()): string {
  const p = warsawParts(now)
  return `${p.year}-${p.month}-${p.day}`
}

/**
 * Now in Europe/Warsaw as yyyy-mm-ddThh:mm:ss (the value of a datetime-local input with step 1).
 * Seconds matter: a status given "now" must come after one given a few seconds earlier.
 */
export function warsawNowLocal(now: Date = new Date()): string {
  const p = warsawParts(now)
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
