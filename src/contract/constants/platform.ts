/** The server and the wire: time zone, input limits, XSRF, port, data directory, API base. */

/** Dates are shown in the operator's time zone. */
export const TIME_ZONE = 'Europe/Warsaw'

/**
 * Limits on what a request may carry (chosen: the spec is silent). Every text field, path and
 * query parameter has a maximum length; every integer fits a PostgreSQL int4; every decimal fits
 * its numeric(precision, scale) column. Larger bodies are refused before they are read whole.
 */
export const INPUT = {
  /** Largest request body (bytes): 413 above it. */
  maxBodyBytes: 1_048_576,
  /** Longest one-line text (names, codes, numbers, search texts). */
  textMax: 255,
  /** Longest free text (notes, comments). */
  longTextMax: 2_000,
  /** Longest caption printed on a tag: the label is 92 mm wide, two lines of 13 pt. */
  tagLabelMax: 100,
  /** Range of an int4 column. */
  int4Min: -2_147_483_648,
  int4Max: 2_147_483_647,
} as const

/**
 * The days a date or date-time taken in may fall on (chosen: the spec is silent). Anything outside,
 * or a day or time that does not exist (30 February, 25:61), is a 422, never rolled over.
 */
export const DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const

/** XSRF double-submit cookie. */
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'

/** Server defaults (README: configuration). */
export const DEFAULT_PORT = 3000
export const DEFAULT_DATA_DIR = './data'
export const API_BASE = '/api/'
