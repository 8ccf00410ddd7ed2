import { addDay, calendarYears, deleteDay, nextWorkingDayFrom, today, yearDays } from '../../domain/calendar.ts'
import { actorOf } from '../../domain/audit.ts'
import { notFound } from '../../domain/errors.ts'
import { type Handlers, reply } from '../handler.ts'
import { CALENDAR_MSG } from '../../../contract/messages/calendar.ts'

/** A calendar year from the path: anything but a whole number in range is simply not found. */
const yearParam = (raw: string | undefined) => {
  const year = /^\d{4}$/.test(raw ?? '') ? Number(raw) : NaN
  if (!Number.isInteger(year)) throw notFound(CALENDAR_MSG.yearOutOfRange)
  return year
}

export const calendarHandlers: Handlers<'calendarYears' | 'calendarDays' | 'calendarDayAdd' | 'calendarDayDelete' | 'nextWorkingDay'> = {
  calendarYears: ({ deps }) => deps.db.tx((q) => calendarYears(q)),
  calendarDays: ({ deps, params, queryData }) => deps.db.tx((q) => yearDays(q, yearParam(params.year), queryData.country)),
  calendarDayAdd: async (c) => {
    const day = await c.deps.db.tx((q) => addDay(q, c.body, actorOf(c)))
    return reply(201, { message: CALENDAR_MSG.dayAdded, year: Number(day.date.slice(0, 4)), day })
  },
  calendarDayDelete: async (c) => {
    await c.deps.db.tx((q) => deleteDay(q, c.body.id, actorOf(c)))
    return { message: CALENDAR_MSG.dayRemoved }
  },
  nextWorkingDay: async ({ deps, queryData }) => {
    const from = queryData.date ?? today()
    return { from, date: await deps.db.tx((q) => nextWorkingDayFrom(q, from, queryData.country)) }
  },
}
