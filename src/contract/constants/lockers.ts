/** Locker files. */
export const LOCKERS = {
  /** Countries with a locker file. */
  lockerCountries: ['RO', 'HU', 'BG'] as const,
} as const
