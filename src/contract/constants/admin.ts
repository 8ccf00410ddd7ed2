/** Admin screens: calendar, statuses, unknown aliases, locker files, resignations. */

/**
 * Admin screens: calendar, statuses, unknown aliases, locker files, reported resignations
 *. Lengths and ranges are chosen here (the spec gives none).
 */
export const ADMIN = {
  /** The operator's own calendar (billing periods, payment due dates); public holidays come from the date-holidays library. */
  holidayCountry: 'PL',
  /** Countries with a calendar: the operator's and the destinations' (last-mile estimates). */
  calendarCountries: ['PL', 'RO', 'HU', 'BG'] as const,
  /** Years the calendar accepts. */
  calendarYears: { min: 2000, max: 2100 },
  /** The year selector offers the years that have days and these years around the current one. */
  calendarYearsOffered: { before: 1, after: 2 },
  /** Newest outbox messages the admin's "Poczta wychodząca" lists. */
  outboxListLimit: 100,
  /** Locker download countries. */
  lockerCountries: ['RO', 'HU', 'BG'] as const,
  /** Longest texts accepted. */
  maxLength: { statusName: 100, statusDisplayedName: 255, calendarName: 100, waybill: 64, note: 1000, alias: 100, systemId: 64 },
  /** Modes of DELETE app/v1/parcel: the one parcel, or every parcel of its shipment. */
  parcelDeleteModes: ['parcel', 'shipment'] as const,
} as const
