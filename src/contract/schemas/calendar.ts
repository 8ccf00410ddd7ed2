import * as Schema from 'effect/Schema'
import { CALENDAR } from '../constants/calendar.ts'
import { NonBlankText } from '../validation.ts'
import { IsoDate } from './common.ts'

/** The calendar of non-working days: its years, the days of a country, the next working day. Dates yyyy-mm-dd. */

/** GET calendar/years: years that have days and the years around the current one, the current year, today. */
export const CalendarYearsReply = Schema.Struct({ list: Schema.Array(Schema.Number), current: Schema.Number, today: Schema.String })
export type CalendarYearsReply = typeof CalendarYearsReply.Type
/** A non-working day: a public holiday (from the holiday library) or one the operator added. */
export const CalendarDay = Schema.Struct({ id: Schema.Number, date: Schema.String, name: Schema.String, holiday: Schema.Boolean })
export type CalendarDay = typeof CalendarDay.Type
/** A country with a calendar (ISO code); absent: the operator's own (PL). */
export const CalendarCountry = Schema.Literals(CALENDAR.calendarCountries)
export type CalendarCountry = typeof CalendarCountry.Type
export const CalendarCountryQuery = Schema.Struct({ country: Schema.optional(CalendarCountry) })
export const CalendarDayRequest = Schema.Struct({ date: IsoDate, name: NonBlankText(CALENDAR.maxLength.calendarName), country: Schema.optional(CalendarCountry) })
export type CalendarDayRequest = typeof CalendarDayRequest.Type
/** POST calendar/day answers the year of the day, so the screen shows that year. */
export const CalendarDayAdded = Schema.Struct({ message: Schema.String, year: Schema.Number, day: CalendarDay })
export const NextWorkingDayQuery = Schema.Struct({ date: Schema.optional(IsoDate), country: Schema.optional(CalendarCountry) })
export const NextWorkingDayReply = Schema.Struct({ date: Schema.String, from: Schema.String })
