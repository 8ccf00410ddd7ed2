import { COUNTRY_NAME } from './address.ts'

/** Polish texts of the calendar of non-working days (the specification's toasts). */
export const CALENDAR_MSG = {
  invalidDate: 'Nieprawidłowa data (rrrr-mm-dd)',
  dayAdded: 'Dzień wolny został dodany do listy!',
  dayRemoved: 'Dzień wolny został usunięty z kalendarza!',
  dayTaken: 'Ten dzień jest już w kalendarzu',
  dayNotFound: 'Nie znaleziono dnia w kalendarzu',
  yearOutOfRange: 'Rok spoza obsługiwanego zakresu',
} as const

/** Labels of the calendar screen (chosen). */
export const CALENDAR_LABEL = {
  holiday: 'Święto państwowe',
  ownDay: 'Dzień wolny operatora',
  /** Countries of the calendar selector. */
  calendarCountry: COUNTRY_NAME,
} as const

/** Labels, headings, buttons and hints of the calendar screens. */
export const CALENDAR_TEXT = {
  addDayOff: 'Dodaj dzień wolny',
  year: 'Rok',
  noDaysOff: 'Brak dni wolnych w tym roku',
  newDayOff: 'Nowy dzień wolny',
  deleteDayConfirm: (date: string, name: string) => `Usunąć dzień ${date} (${name}) z kalendarza?`,
  calendar: 'Kalendarz dni wolnych',
  kind: 'Rodzaj',
  dateRequired: 'Data *',
} as const
