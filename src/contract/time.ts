import { TIME_ZONE } from './constants/platform.ts'

/**
 * Dates and times in the operator's time zone (Europe/Warsaw), one formatter for the server (a
 * scan's "when" read as Warsaw time) and the browser (tables, scan forms, status history).
 */
export interface ZonedParts {
  year: string
  month: string
  day: string
  hour: string
  minute: string
  second: string
}

const zoned = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** The calendar fields (zero-padded) of an instant in Europe/Warsaw. */
export function zonedParts(d: Date): ZonedParts {
  const p = Object.fromEntries(zoned.formatToParts(d).map((x) => [x.type, x.value]))
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! }
}

/** Milliseconds Europe/Warsaw is ahead of UTC at this instant. */
export function zoneOffsetMs(utcMs: number): number {
  const p = zonedParts(new Date(utcMs))
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(utcMs / 1000) * 1000
}

type When = string | Date | null | undefined
/** Empty values → "—", unreadable ones as they are, dates through `show`. */
const formatWith = (show: (p: ZonedParts) => string) => (value: When): string => {
  if (value == null || value === '') return '—'
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? String(value) : show(zonedParts(d))
}

/** A calendar day (yyyy-mm-dd) moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10)
}

/** "2024-05-01T10:00:00Z" → "01.05.2024 12:00" (tables; shown through src/contract/format.ts). */
export const formatDateTime = formatWith((p) => `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`)
/** "2024-05-01T10:00:00Z" → "01.05.2024". */
export const formatDate = formatWith((p) => `${p.day}.${p.month}.${p.year}`)
/** "2024-05-01T10:00:00Z" → "2024-05-01 12:00:00" (the scan's "when", the status history's date). */
export const formatScanTime = formatWith((p) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`)
/** yyyy-mm-dd of an instant (day filters). */
export const zonedDate = (d: Date): string => {
  const p = zonedParts(d)
  return `${p.year}-${p.month}-${p.day}`
}
