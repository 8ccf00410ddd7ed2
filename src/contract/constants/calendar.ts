/** The calendar of non-working days. */
export const CALENDAR = {
  /** The operator's own calendar (billing periods, payment due dates); public holidays come from the date-holidays library. */
  holidayCountry: 'PL',
  /** Countries with a calendar: the operator's and the destinations' (last-mile estimates). */
  calendarCountries: ['PL', 'RO', 'HU', 'BG'] as const,
  /** Years the calendar accepts. */
  calendarYears: { min: 2000, max: 2100 },
  /** The year selector offers the years that have days and these years around the current one. */
  calendarYearsOffered: { before: 1, after: 2 },
  /** Longest texts accepted (chosen; the specification gives none). */
  maxLength: { calendarName: 100 },
} as const
