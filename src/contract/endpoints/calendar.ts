import * as Schema from 'effect/Schema'
import { ADMIN_ONLY, ANY_SIGNED_IN } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, IdBody, MessageReply, ErrorReply } from '../schemas/common.ts'
import { CalendarCountryQuery, CalendarDay, CalendarDayAdded, CalendarDayRequest, CalendarYearsReply, NextWorkingDayQuery, NextWorkingDayReply } from '../schemas/calendar.ts'

/** The calendar of non-working days (per country) and the next working day. */
export const calendarEndpoints = {
  calendarYears: ep({ method: 'GET', path: 'calendar/years', roles: ADMIN_ONLY, body: Empty, replies: { 200: CalendarYearsReply } }),
  /** The days of a year of a country (`?country=`, default PL), by date; the year's public holidays are written the first time the year is used. */
  calendarDays: ep({ method: 'GET', path: 'calendar/year/{year}/days', roles: ADMIN_ONLY, body: Empty, query: CalendarCountryQuery, replies: { 200: Schema.Array(CalendarDay), 404: ErrorReply }, statuses: { 404: 'year out of range' } }),
  calendarDayAdd: ep({
    method: 'POST', path: 'calendar/day', roles: ADMIN_ONLY, body: CalendarDayRequest, replies: { 201: CalendarDayAdded, 422: ErrorReply },
    statuses: { 201: 'Dzień wolny został dodany do listy!', 422: 'date and name required; the date already in the calendar' },
  }),
  calendarDayDelete: ep({
    method: 'DELETE', path: 'calendar/day', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply },
    statuses: { 200: 'Dzień wolny został usunięty z kalendarza!', 404: 'no such day' },
  }),
  /** The first working day after `?date=` (default today, Europe/Warsaw) in `?country=` (default PL): not a weekend, not a day of its calendar. */
  nextWorkingDay: ep({ method: 'GET', path: 'app/v1/calendar/next_working_day', roles: ANY_SIGNED_IN, body: Empty, query: NextWorkingDayQuery, replies: { 200: NextWorkingDayReply } }),
} as const
