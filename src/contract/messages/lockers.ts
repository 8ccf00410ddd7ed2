/** Polish texts of the locker files (chosen). */
export const LOCKER_MSG = {
  lockerCountryUnknown: 'Pliki automatów są dostępne dla RO, HU i BG',
} as const

/** Countries of the locker files. */
export const LOCKER_LABEL = {
  lockerCountry: { RO: 'Rumunia', HU: 'Węgry', BG: 'Bułgaria' },
} as const
