/** Address database, postal codes and countries. */

/**
 * Address database. The spec gives the 3-character threshold (SEARCH_MIN_CHARS);
 * the rest is chosen here: at most `searchLimit` suggestions per search, the public town finder
 * searches `townSearchDelayMs` after the last keystroke, the importer writes `importBatchSize`
 * rows per statement and lists at most `importMaxReportedErrors` bad rows.
 */
export const ADDRESS = {
  searchLimit: 20,
  importBatchSize: 500,
  importMaxReportedErrors: 100,
  /** Country of the public town finder (.../database/RO/town/autocomplete). */
  townFinderCountryId: 1,
} as const
/** Postal code format per country id (1 RO, 2 PL, 3 HU, 4 BG). */
export const POSTAL_CODE_FORMAT: Readonly<Record<number, { pattern: RegExp; example: string }>> = {
  1: { pattern: /^\d{6}$/, example: '010011' },
  2: { pattern: /^\d{2}-\d{3}$/, example: '43-100' },
  3: { pattern: /^\d{4}$/, example: '1051' },
  4: { pattern: /^\d{4}$/, example: '1000' },
}

/** Countries. */
export const COUNTRY = { RO: 1, PL: 2, HU: 3, BG: 4 } as const
