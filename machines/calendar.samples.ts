import type { CalendarDay } from '../src/contract/schemas/calendar.ts'
import { calendarMachine } from './calendar.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { CALENDAR_MSG } from '../src/contract/messages/calendar.ts'

export const calendarYears = { list: [2025, 2026, 2027, 2028], current: 2026, today: '2026-11-25' }
export const elevenNovember: CalendarDay = { id: 11, date: '2026-11-11', name: 'Narodowe Święto Niepodległości', holiday: true }
export const inventoryDay: CalendarDay = { id: 40, date: '2026-12-31', name: 'Inwentaryzacja magazynu', holiday: false }

export const calendarSamples = defineSamples(calendarMachine, {
  inputs: { '/calendar': undefined },
  events: [
    doneActor('loadYears', calendarYears, '2025–2028'),
    errorActor('loadYears', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
    { type: 'RETRY' },
    doneActor('loadDays', [elevenNovember, inventoryDay], 'two days'),
    errorActor('loadDays', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    named('2027', { type: 'CHOOSE_YEAR', year: 2027 }),
    named('Romania', { type: 'CHOOSE_COUNTRY', country: 'RO' }),
    { type: 'OPEN_ADD' },
    named('name ""', { type: 'CHANGE', field: 'name', value: '' }),
    named('name "Dzień firmy"', { type: 'CHANGE', field: 'name', value: 'Dzień firmy' }),
    named('date 2026-12-28', { type: 'CHANGE', field: 'date', value: '2026-12-28' }),
    { type: 'SUBMIT' },
    { type: 'CANCEL' },
    doneActor('addDay', { year: 2026, message: CALENDAR_MSG.dayAdded }, '2026'),
    errorActor('addDay', httpError(422, { message: 'Przesłane dane są nieprawidłowe', errors: { date: [CALENDAR_MSG.dayTaken] } }), '422 date taken'),
    named('delete 31.12', { type: 'DELETE', day: inventoryDay }),
    { type: 'CONFIRM' },
    doneActor('deleteDay', { message: CALENDAR_MSG.dayRemoved }, 'deleted'),
    errorActor('deleteDay', httpError(404, { message: CALENDAR_MSG.dayNotFound }), '404'),
  ],
  // The failure text does not change what can happen next.
  key: ({ failure: _f, ...rest }) => rest,
})
