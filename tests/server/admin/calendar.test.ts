import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATE_MSG } from '../../../src/contract/validation.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { MSG } from '../../../src/contract/messages.ts'
import { nextWorkingDay, publicHolidays } from '../../../src/server/domain/calendar.ts'
import { type TestApp, startApp } from '../support.ts'
import { CALENDAR_MSG } from '../../../src/contract/messages/calendar.ts'

/** Calendar of non-working days: the next working day, the calls by role and bad input. */

const holidaySet = async (...years: number[]) => new Set((await Promise.all(years.map((y) => publicHolidays(y)))).flat().map((h) => h.date))
const withHolidays = async (from: string, extra: string[] = []) => {
  const off = await holidaySet(Number(from.slice(0, 4)), Number(from.slice(0, 4)) + 1)
  for (const d of extra) off.add(d)
  return nextWorkingDay(from, (d) => off.has(d))
}

describe('next working day (pure rule with the Polish public holidays)', () => {
  it.each([
    ['2025-04-18', '2025-04-22', 'Good Friday is a working day; Easter Sunday and Easter Monday are not'],
    ['2025-04-30', '2025-05-02', '1 May is a holiday, 2 May a working day'],
    ['2025-05-02', '2025-05-05', '3 May falls on Saturday, then Sunday'],
    ['2026-04-30', '2026-05-04', '1 May on Friday, 3 May on Sunday'],
    ['2025-11-10', '2025-11-12', '11 November'],
    ['2025-12-23', '2025-12-29', '24 December is a holiday from 2025, then Christmas and a weekend'],
    ['2024-12-23', '2024-12-24', '24 December 2024 was still a working day'],
    ['2026-11-27', '2026-11-30', 'Friday → Monday'],
    ['2026-11-28', '2026-11-30', 'Saturday → Monday'],
    ['2026-12-31', '2027-01-04', 'New Year on Friday, then the weekend (the next year\'s holidays count)'],
  ])('after %s comes %s (%s)', async (from, expected) => {
    expect(await withHolidays(from)).toBe(expected)
  })

  it('a day the operator added is skipped like a holiday', async () => {
    expect(await withHolidays('2026-11-24', ['2026-11-25', '2026-11-26'])).toBe('2026-11-27')
  })

  it('the library gives the holidays with Polish names, 24 December from 2025 only', async () => {
    const names = Object.fromEntries((await publicHolidays(2025)).map((h) => [h.date, h.name]))
    expect(names['2025-04-21']).toBe('Drugi dzień Wielkanocy')
    expect(names['2025-11-11']).toBe('Narodowe Święto Niepodległości')
    expect(names['2025-12-24']).toBeDefined()
    expect((await publicHolidays(2024)).map((h) => h.date)).not.toContain('2024-12-24')
  })
})

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

describe('calendar calls', () => {
  it('years: the current and the next year, today; admin only', async () => {
    const res = await app.call(E.calendarYears, { token: app.tokens.admin })
    expect(res.status).toBe(200)
    const year = new Date().getFullYear()
    expect(res.body.list).toEqual(expect.arrayContaining([res.body.current, res.body.current + 1]))
    expect(Math.abs(res.body.current - year)).toBeLessThanOrEqual(1)
    expect(res.body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    for (const who of ['worker', 'client'] as const) expect((await app.call(E.calendarYears, { token: app.tokens[who] })).status).toBe(403)
    expect((await app.call(E.calendarYears)).status).toBe(401)
  })

  it('days of a year: the public holidays, seeded; a later year is filled the first time it is asked for', async () => {
    const { body: years } = await app.call(E.calendarYears, { token: app.tokens.admin })
    const days = (await app.call(E.calendarDays, { token: app.tokens.admin, params: { year: years.current } })).body
    expect(days.filter((d: { holiday: boolean }) => d.holiday).map((d: { date: string }) => d.date)).toEqual((await publicHolidays(years.current)).map((h) => h.date))
    expect(days.find((d: { holiday: boolean }) => !d.holiday)).toMatchObject({ date: `${years.current}-12-31`, name: 'Inwentaryzacja magazynu' })
    const later = await app.call(E.calendarDays, { token: app.tokens.admin, params: { year: 2031 } })
    expect(later.status).toBe(200)
    expect(later.body.map((d: { date: string }) => d.date)).toContain('2031-11-11')
    expect((await app.call(E.calendarYears, { token: app.tokens.admin })).body.list).toContain(2031)
  })

  it('each country has its own calendar: PL by default, RO, HU and BG with their public holidays; a day added goes to one country', async () => {
    const withQuery = <E extends { path: string }>(ep: E, query: string): E => ({ ...ep, path: `${ep.path}?${query}` })
    const daysOf = async (country: string | null) =>
      (await app.call(country ? withQuery(E.calendarDays, `country=${country}`) : E.calendarDays, { token: app.tokens.admin, params: { year: 2026 } })).body as Array<{ date: string; name: string; holiday: boolean }>
    const pl = await daysOf(null)
    expect(pl.map((d) => d.date)).toContain('2026-11-11')
    expect(await daysOf('PL')).toEqual(pl)
    const ro = await daysOf('RO')
    expect(ro.find((d) => d.date === '2026-01-24')).toMatchObject({ holiday: true })
    expect(ro.map((d) => d.date)).toContain('2026-12-01')
    expect(ro.map((d) => d.date)).not.toContain('2026-11-11')
    expect((await daysOf('HU')).map((d) => d.date)).toEqual(expect.arrayContaining(['2026-03-15', '2026-08-20', '2026-10-23']))
    expect((await daysOf('BG')).map((d) => d.date)).toEqual(expect.arrayContaining(['2026-03-03', '2026-09-06', '2026-09-22']))
    for (const country of ['RO', 'HU', 'BG'] as const) expect((await daysOf(country)).map((d) => d.date)).toEqual((await publicHolidays(2026, country)).map((h) => h.date))
    // A day of Romania's calendar only; the same date may then be added to Poland's.
    const added = await app.call(E.calendarDayAdd, { token: app.tokens.admin, body: { date: '2026-07-14', name: 'Inwentaryzacja Bukareszt', country: 'RO' } })
    expect(added.status).toBe(201)
    expect((await daysOf('RO')).map((d) => d.date)).toContain('2026-07-14')
    expect((await daysOf('PL')).map((d) => d.date)).not.toContain('2026-07-14')
    expect((await app.call(E.calendarDayAdd, { token: app.tokens.admin, body: { date: '2026-07-14', name: 'Dzień firmy', country: 'PL' } })).status).toBe(201)
    // The next working day of a destination skips its own holidays: 1 December is Romania's national day.
    const next = await app.call(withQuery(E.nextWorkingDay, 'date=2026-11-27&country=RO'), { token: app.tokens.admin })
    expect(next.body.date).toBe('2026-12-02')
    const nextPl = await app.call(withQuery(E.nextWorkingDay, 'date=2026-11-27'), { token: app.tokens.admin })
    expect(nextPl.body.date).toBe('2026-11-30')
    // An unknown country is refused.
    expect((await app.call(withQuery(E.calendarDays, 'country=DE'), { token: app.tokens.admin, params: { year: 2026 } })).status).toBe(422)
    expect((await app.call(E.calendarDayAdd, { token: app.tokens.admin, body: { date: '2026-07-15', name: 'x', country: 'DE' } })).status).toBe(422)
  })

  it.each([['abc'], ['1999'], ['2101'], ['99999']])('days of year %s: 404', async (year) => {
    expect((await app.request('GET', `calendar/year/${year}/days`, { token: app.tokens.admin })).status).toBe(404)
  })

  it('add a day (201 with its year), it shows in the year and moves the next working day; delete it', async () => {
    const before = await app.call(E.nextWorkingDay, { token: app.tokens.admin, params: {} })
    expect(before.status).toBe(200)
    const next = await app.request('GET', 'app/v1/calendar/next_working_day?date=2030-06-11', { token: app.tokens.admin })
    expect(next.body).toEqual({ from: '2030-06-11', date: '2030-06-12' })
    const added = await app.call(E.calendarDayAdd, { token: app.tokens.admin, body: { date: '2030-06-12', name: 'Dzień firmy' } })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ message: CALENDAR_MSG.dayAdded, year: 2030, day: { date: '2030-06-12', name: 'Dzień firmy', holiday: false } })
    const days = (await app.call(E.calendarDays, { token: app.tokens.admin, params: { year: 2030 } })).body
    expect(days.map((d: { date: string }) => d.date)).toContain('2030-06-12')
    expect((await app.request('GET', 'app/v1/calendar/next_working_day?date=2030-06-11', { token: app.tokens.admin })).body.date).toBe('2030-06-13')
    // The same date again: 422 on the date, nothing written.
    const again = await app.call(E.calendarDayAdd, { token: app.tokens.admin, body: { date: '2030-06-12', name: 'Drugi raz' } })
    expect(again.status).toBe(422)
    expect(again.body.errors.date).toEqual([CALENDAR_MSG.dayTaken])
    const removed = await app.call(E.calendarDayDelete, { token: app.tokens.admin, body: { id: added.body.day.id } })
    expect(removed.status).toBe(200)
    expect(removed.body.message).toBe(CALENDAR_MSG.dayRemoved)
    expect((await app.call(E.calendarDayDelete, { token: app.tokens.admin, body: { id: added.body.day.id } })).status).toBe(404)
    expect((await app.request('GET', 'app/v1/calendar/next_working_day?date=2030-06-11', { token: app.tokens.admin })).body.date).toBe('2030-06-12')
  })

  it.each([
    [{ date: '2030-02-30', name: 'x' }, 'date', DATE_MSG.date],
    [{ date: '30.06.2030', name: 'x' }, 'date', DATE_MSG.date],
    [{ date: '1999-05-05', name: 'x' }, 'date', DATE_MSG.date],
    [{ date: '2030-06-20', name: '   ' }, 'name', MSG.required],
    [{ date: '2030-06-20', name: 'x'.repeat(101) }, 'name', MSG.maxLength(100)],
    [{ date: '2030-06-20', name: 'Dzień\u0000wolny' }, 'name', MSG.forbiddenCharacters],
    [{ name: 'x' }, 'date', MSG.required],
    [{ date: 20300620, name: 'x' }, 'date', MSG.invalidValue],
  ])('bad day %j: 422 on %s, nothing written', async (body, field, message) => {
    const [{ n: before }] = await app.db.query<{ n: number }>(`select count(*)::int as n from calendar_days`)
    const res = await app.call(E.calendarDayAdd, { token: app.tokens.admin, body })
    expect(res.status).toBe(422)
    expect(res.body.errors[field]).toContain(message)
    const [{ n: after }] = await app.db.query<{ n: number }>(`select count(*)::int as n from calendar_days`)
    expect(after).toBe(before)
  })

  it('writing calls are admin only; the next working day is for anyone signed in; bad ids and dates', async () => {
    expect((await app.call(E.calendarDayAdd, { token: app.tokens.worker, body: { date: '2030-06-20', name: 'x' } })).status).toBe(403)
    expect((await app.call(E.calendarDayDelete, { token: app.tokens.client, body: { id: 1 } })).status).toBe(403)
    expect((await app.call(E.calendarDayDelete, { token: app.tokens.admin, body: { id: 2 ** 31 } })).status).toBe(422)
    expect((await app.call(E.nextWorkingDay, { token: app.tokens.client })).status).toBe(200)
    expect((await app.request('GET', 'app/v1/calendar/next_working_day?date=2030-13-01', { token: app.tokens.admin })).status).toBe(422)
    expect((await app.call(E.nextWorkingDay)).status).toBe(401)
  })
})
