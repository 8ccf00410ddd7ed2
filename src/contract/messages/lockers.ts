import { COUNTRY_NAME } from './address.ts'

/** Polish texts of the locker files (chosen). */
export const LOCKER_MSG = {
  lockerCountryUnknown: 'Pliki automatów są dostępne dla RO, HU i BG',
} as const

/** Countries of the locker files. */
export const LOCKER_LABEL = {
  lockerCountry: { RO: COUNTRY_NAME.RO, HU: COUNTRY_NAME.HU, BG: COUNTRY_NAME.BG },
} as const

/** Labels, headings, buttons and hints of the lockers screens. */
export const LOCKERS_TEXT = {
  downloads: 'Pliki do pobrania',
  filesHint: 'Pliki CSV (UTF-8): identyfikator, nazwa, adres, kod pocztowy, miejscowość i współrzędne automatu, gotowe do importu w sklepie.',
  integration: 'Integracja sklepu internetowego – automaty paczkowe',
  lockersOf: (country: string, code: string) => `Automaty – ${country} (${code})`,
} as const
