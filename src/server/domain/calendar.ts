import Holidays from 'date-holidays'
import { ADMIN } from '../../contract/constants/admin.ts'
import { ADMIN_MSG } from '../../contract/messages/admin.ts'
import type { CalendarDay, CalendarYearsReply } from '../../contract/schemas/admin.ts'
import { zonedDate } from '../../contract/time.ts'
import type { Queryable } from '../db/db.ts'
import { invalid, notFound } from './errors.ts'
import { isUniqueViolation } from './scanReply.ts'

/**
 * The calendar of non-working days: the public holidays of Poland, taken from the
 * date-holidays library (a maintained rule set: Easter-dependent days, and law changes such as
 * 24 December being a holiday from 2025), plus days the operator adds. `calendar_days` is the
 * truth: a year's public holidays are written into it the first time the year is used (seed,
 * the year's days, adding a day, the next working day), once per year (`calendar_years`), so an
 * operator who deletes a holiday works on it.
 *
 * The next working day skips weekends and every day of the calendar; billing periods and payment
 * due dates use it (`nextWorkingDay`).
 */

/** A day as yyyy-mm-dd. */
export type Day = string

const holidaysOf = new Holidays(ADMIN.holidayCountry, { languages: ['pl'], types: ['public'] })

/** Public holidays of a year (yyyy-mm-dd, Polish name), in date order. */
export function publicHolidays(year: number): Array<{ date: Day; name: string }> {
  return holidaysOf
    .getHolidays(year, 'pl')
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
}

const utc = (day: Day) => {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!))
}
export const addDays = (day: Day, n: number): Day => {
  const t = utc(day)
  t.setUTCDate(t.getUTCDate() + n)
  return t.toISOString().slice(0, 10)
}
/** Saturday or Sunday. */
export const isWeekend = (day: Day) => {
  const w = utc(day).getUTCDay()
  return w === 0 || w === 6
}

/** Longest run of non-working days the search walks through before giving up (never reached in practice). */
const MAX_SEARCH_DAYS = 400

/** The first day after `from` that is neither a weekend nor a day off. Pure: the days off are given. */
export function nextWorkingDay(from: Day, isDayOff: (day: Day) => boolean): Day {
  let day = addDays(from, 1)
  for (let i = 0; i < MAX_SEARCH_DAYS; i++, day = addDays(day, 1)) {
    if (!isWeekend(day) && !isDayOff(day)) return day
  }
  throw new Error(`no working day within ${MAX_SEARCH_DAYS} days after ${from}`)
}

/** Today in the operator's time zone. */
export const today = (now: Date = new Date()): Day => zonedDate(now)

const inRange = (year: number) => Number.isInteger(year) && year >= ADMIN.calendarYears.min && year <= ADMIN.calendarYears.max

/** Writes the public holidays of the years not filled yet (each year once; concurrent callers fill it once). */
export async function ensureYears(q: Queryable, years: readonly number[]): Promise<void> {
  for (const year of new Set(years.filter(inRange))) {
    const [won] = await q.query<{ year: number }>(`insert into calendar_years (year) values ($1) on conflict do nothing returning year`, [year])
    if (!won) continue
    const days = publicHolidays(year)
    await q.query(
      `insert into calendar_days (day, name, holiday)
       select d::date, n, true from unnest($1::text[], $2::text[]) as x(d, n)
       on conflict (day) do nothing`,
      [days.map((d) => d.date), days.map((d) => d.name)],
    )
  }
}

const DAY_COLUMNS = `id, to_char(day, 'YYYY-MM-DD') as date, name, holiday`

/** Years offered by the selector: those that have days, plus the years around the current one. */
export async function calendarYears(q: Queryable, now: Date = new Date()): Promise<CalendarYearsReply> {
  const day = today(now)
  const current = Number(day.slice(0, 4))
  await ensureYears(q, [current, current + 1])
  const rows = await q.query<{ year: number }>(
    `select distinct extract(year from day)::int as year from calendar_days union select year from calendar_years order by 1`,
  )
  const around = Array.from({ length: ADMIN.calendarYearsOffered.before + ADMIN.calendarYearsOffered.after + 1 }, (_, i) => current - ADMIN.calendarYearsOffered.before + i)
  const list = [...new Set([...rows.map((r) => r.year), ...around])].sort((a, b) => a - b)
  return { list, current, today: day }
}

export async function yearDays(q: Queryable, year: number): Promise<CalendarDay[]> {
  if (!inRange(year)) throw notFound(ADMIN_MSG.yearOutOfRange)
  await ensureYears(q, [year])
  return q.query<CalendarDay>(
    `select ${DAY_COLUMNS} from calendar_days where day >= make_date($1, 1, 1) and day < make_date($1 + 1, 1, 1) order by day`,
    [year],
  )
}

export async function addDay(q: Queryable, input: { date: Day; name: string }): Promise<CalendarDay> {
  const year = Number(input.date.slice(0, 4))
  await ensureYears(q, [year])
  try {
    const [row] = await q.query<CalendarDay>(
      `insert into calendar_days (day, name, holiday) values ($1::date, $2, false)
       on conflict (day) do nothing returning ${DAY_COLUMNS}`,
      [input.date, input.name.trim()],
    )
    if (!row) throw invalid({ date: [ADMIN_MSG.dayTaken] })
    return row
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ date: [ADMIN_MSG.dayTaken] })
    throw e
  }
}

export async function deleteDay(q: Queryable, id: number): Promise<void> {
  const rows = await q.query(`delete from calendar_days where id = $1 returning id`, [id])
  if (!rows.length) throw notFound(ADMIN_MSG.dayNotFound)
}

/** The next working day after `from` (default today), reading the calendar's days. */
export async function nextWorkingDayFrom(q: Queryable, from: Day = today()): Promise<Day> {
  const until = addDays(from, MAX_SEARCH_DAYS)
  const years = Array.from({ length: Number(until.slice(0, 4)) - Number(from.slice(0, 4)) + 1 }, (_, i) => Number(from.slice(0, 4)) + i)
  await ensureYears(q, years)
  const rows = await q.query<{ date: Day }>(
    `select to_char(day, 'YYYY-MM-DD') as date from calendar_days where day > $1::date and day <= $2::date`,
    [from, until],
  )
  const off = new Set(rows.map((r) => r.date))
  return nextWorkingDay(from, (d) => off.has(d))
}

