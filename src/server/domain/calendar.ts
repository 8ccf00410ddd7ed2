import type Holidays from 'date-holidays'
import type { CalendarDay, CalendarYearsReply } from '../../contract/schemas/calendar.ts'
import { zonedDate } from '../../contract/time.ts'
import type { Queryable } from '../db/db.ts'
import { type Actor, changesOf, record } from './audit.ts'
import { invalid, notFound } from './errors.ts'
import { isUniqueViolation } from './floorScanReply.ts'
import { CALENDAR } from '../../contract/constants/calendar.ts'
import { CALENDAR_MSG } from '../../contract/messages/calendar.ts'

/**
 * The calendar of non-working days of each country (CALENDAR.calendarCountries: Poland, the
 * operator's own, and the destinations RO, HU, BG for last-mile estimates): the public holidays,
 * taken from the date-holidays library (a maintained rule set: Easter-dependent days, and law changes such as
 * 24 December being a holiday from 2025), plus days the operator adds. `calendar_days` is the
 * truth: a country's year of public holidays is written into it the first time the year is used
 * (seed, the year's days, adding a day, the next working day), once per country and year
 * (`calendar_years`), so an operator who deletes a holiday works on it.
 *
 * The next working day skips weekends and every day of the country's calendar; billing periods
 * and payment due dates use Poland's (`nextWorkingDay`).
 */

/** A day as yyyy-mm-dd. */
export type Day = string

export type CalendarCountry = (typeof CALENDAR.calendarCountries)[number]
const OWN: CalendarCountry = CALENDAR.holidayCountry

const libraries = new Map<CalendarCountry, Holidays>()
const holidaysOf = async (country: CalendarCountry) => {
  let h = libraries.get(country)
  if (!h) {
    // The library and its rule set load at the first use, not with the server.
    const { default: Holidays } = await import('date-holidays')
    h = new Holidays(country, { languages: ['pl'], types: ['public'] })
    libraries.set(country, h)
  }
  return h
}

/** Public holidays of a country's year (yyyy-mm-dd; the name in Polish where the library has it, else the country's language), one per day, in date order. */
export async function publicHolidays(year: number, country: CalendarCountry = OWN): Promise<Array<{ date: Day; name: string }>> {
  const byDay = new Map<Day, string>()
  for (const h of (await holidaysOf(country)).getHolidays(year, 'pl')) {
    const date = h.date.slice(0, 10)
    if (h.type === 'public' && !byDay.has(date)) byDay.set(date, h.name)
  }
  return [...byDay].map(([date, name]) => ({ date, name }))
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

const inRange = (year: number) => Number.isInteger(year) && year >= CALENDAR.calendarYears.min && year <= CALENDAR.calendarYears.max

/** Writes the public holidays of the years not filled yet (each year once; concurrent callers fill it once). */
export async function ensureYears(q: Queryable, years: readonly number[], country: CalendarCountry = OWN): Promise<void> {
  for (const year of new Set(years.filter(inRange))) {
    const [won] = await q.query<{ year: number }>(`insert into calendar_years (country, year) values ($1, $2) on conflict do nothing returning year`, [country, year])
    if (!won) continue
    const days = await publicHolidays(year, country)
    await q.query(
      `insert into calendar_days (country, day, name, holiday)
       select $1, d::date, n, true from unnest($2::text[], $3::text[]) as x(d, n)
       on conflict (country, day) do nothing`,
      [country, days.map((d) => d.date), days.map((d) => d.name)],
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
    `select distinct extract(year from day)::int as year from calendar_days union select distinct year from calendar_years order by 1`,
  )
  const around = Array.from({ length: CALENDAR.calendarYearsOffered.before + CALENDAR.calendarYearsOffered.after + 1 }, (_, i) => current - CALENDAR.calendarYearsOffered.before + i)
  const list = [...new Set([...rows.map((r) => r.year), ...around])].sort((a, b) => a - b)
  return { list, current, today: day }
}

export async function yearDays(q: Queryable, year: number, country: CalendarCountry = OWN): Promise<CalendarDay[]> {
  if (!inRange(year)) throw notFound(CALENDAR_MSG.yearOutOfRange)
  await ensureYears(q, [year], country)
  return q.query<CalendarDay>(
    `select ${DAY_COLUMNS} from calendar_days where country = $2 and day >= make_date($1, 1, 1) and day < make_date($1 + 1, 1, 1) order by day`,
    [year, country],
  )
}

export async function addDay(q: Queryable, input: { date: Day; name: string; country?: CalendarCountry }, actor: Actor): Promise<CalendarDay> {
  const year = Number(input.date.slice(0, 4))
  const country = input.country ?? OWN
  await ensureYears(q, [year], country)
  try {
    const [row] = await q.query<CalendarDay>(
      `insert into calendar_days (country, day, name, holiday) values ($3, $1::date, $2, false)
       on conflict (country, day) do nothing returning ${DAY_COLUMNS}`,
      [input.date, input.name.trim(), country],
    )
    if (!row) throw invalid({ date: [CALENDAR_MSG.dayTaken] })
    await record(q, actor, { entity: 'calendar_day', entityId: row.id, action: 'create', changes: changesOf(null, { country, ...row }, { omit: ['id'] }) })
    return row
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid({ date: [CALENDAR_MSG.dayTaken] })
    throw e
  }
}

export async function deleteDay(q: Queryable, id: number, actor: Actor): Promise<void> {
  const [row] = await q.query<CalendarDay & { country: string }>(`delete from calendar_days where id = $1 returning country, ${DAY_COLUMNS}`, [id])
  if (!row) throw notFound(CALENDAR_MSG.dayNotFound)
  await record(q, actor, { entity: 'calendar_day', entityId: id, action: 'delete', changes: changesOf(row, null, { omit: ['id'] }) })
}

/** The next working day after `from` (default today), reading the country's calendar (default Poland's). */
export async function nextWorkingDayFrom(q: Queryable, from: Day = today(), country: CalendarCountry = OWN): Promise<Day> {
  const until = addDays(from, MAX_SEARCH_DAYS)
  const years = Array.from({ length: Number(until.slice(0, 4)) - Number(from.slice(0, 4)) + 1 }, (_, i) => Number(from.slice(0, 4)) + i)
  await ensureYears(q, years, country)
  const rows = await q.query<{ date: Day }>(
    `select to_char(day, 'YYYY-MM-DD') as date from calendar_days where country = $3 and day > $1::date and day <= $2::date`,
    [from, until, country],
  )
  const off = new Set(rows.map((r) => r.date))
  return nextWorkingDay(from, (d) => off.has(d))
}

