import { TIME_ZONE } from '../../contract/constants/platform.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import { invalid } from './errors.ts'
import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import { zoneOffsetMs } from '../../contract/time.ts'
import { scanError } from './floorScanReply.ts'

/** Dates of the shipments area: ISO strings out, Europe/Warsaw days in (listing ranges). */

/** A timestamptz as PGlite (Date) or pg (Date) or text gives it → ISO string; null stays null. */
export function iso(v: unknown): string | null {
  if (v == null) return null
  const d = v instanceof Date ? v : typeof v === 'number' ? new Date(v) : new Date(String(v))
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
export const isoOr = (v: unknown, fallback: string) => iso(v) ?? fallback

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
const fields = (ms: number) => Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value])) as Record<string, string>
/** How far Warsaw wall-clock time is ahead of UTC at the instant `ms`. */
const offsetMs = (ms: number) => {
  const p = fields(ms)
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(ms / 1000) * 1000
}

/** The day `ms` falls on in Warsaw: yyyy-mm-dd. */
export function warsawDay(ms = Date.now()): string {
  const p = fields(ms)
  return `${p.year}-${p.month}-${p.day}`
}

export const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Midnight opening the Warsaw day `day` (yyyy-mm-dd), as an instant; null when not a date. */
export function warsawMidnight(day: string): Date | null {
  const m = DAY_PATTERN.exec(day.trim().slice(0, 10))
  if (!m) return null
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)
  if (Number.isNaN(wall)) return null
  const first = wall - offsetMs(wall)
  return new Date(wall - offsetMs(first))
}

/** The Warsaw day after `day`. */
export function nextDay(day: string): string {
  const m = DAY_PATTERN.exec(day.trim().slice(0, 10))!
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]! + 1)).toISOString().slice(0, 10)
}

/** Date and time as people read them: yyyy-mm-dd hh:mm in Warsaw. */
export function warsawDateTime(v: unknown): string {
  const s = iso(v)
  if (!s) return ''
  const p = fields(new Date(s).getTime())
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
}

/**
 * A status date from a form ("yyyy-mm-dd hh:mm[:ss]" in Warsaw, or ISO with an offset) through the
 * scan's parseWhen below (which refuses dates in the future); anything else → 422 on `field`.
 */
export function statusWhen(raw: string | null | undefined, field = 'when'): Date | null {
  if (raw == null || raw.trim() === '') return null
  const text = raw.trim()
  if (!/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(text)) throw invalid({ [field]: [WAREHOUSE_ANSWER.whenFormat] })
  return parseWhen(text, field)
}

/**
 * The status date of a scan: "yyyy-mm-dd hh:mm:ss" in Europe/Warsaw, or ISO with an offset;
 * absent → null (the database's now()). More than a few minutes ahead → 422.
 */
export function parseWhen(raw: string | null | undefined, field = 'when'): Date | null {
  if (!raw) return null
  let date: Date
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(raw)) date = new Date(raw.replace(' ', 'T'))
  else {
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(raw)!
    const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0))
    const first = guess - zoneOffsetMs(guess)
    date = new Date(guess - zoneOffsetMs(first))
  }
  if (Number.isNaN(date.getTime())) throw scanError(422, WAREHOUSE_ANSWER.whenFormat, { errors: { [field]: [WAREHOUSE_ANSWER.whenFormat] } })
  if (date.getTime() > Date.now() + WAREHOUSE.maxFutureWhenMs) throw scanError(422, WAREHOUSE_ANSWER.whenInFuture, { errors: { [field]: [WAREHOUSE_ANSWER.whenInFuture] } })
  return date
}
