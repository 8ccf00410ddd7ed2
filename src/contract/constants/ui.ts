/** What the browser screens share: search delays, toasts, languages, storage keys, the login notice. */

export const SEARCH_MIN_CHARS = 3
/** Type-ahead suggestion lists are at most this high. */
export const SUGGESTION_LIST_MAX_HEIGHT_PX = 200
/**
 * Typed searches wait this long before asking the server: listing
 * filters, server-table search boxes, type-ahead choosers, the town finder.
 */
export const SEARCH_DELAY_MS = 250
/**
 * A list's first page asked ahead with its screen's code (a sidebar link's click) is given to the
 * screen's own first identical request only this soon after; later it asks again.
 */
export const AHEAD_FRESH_MS = 5_000

/** Toasts. */
export const TOAST_DEFAULT_MS = 10_000
export const TOAST_POSITION = 'bottom-left' as const
export const TOAST_MS = {
  bigPopup: 950,
  s1: 1_000,
  sortingMessage: 1_500,
  s3: 3_000,
  blockedDispatch: 3_950,
  s5: 5_000,
  s10: 10_000,
  s15: 15_000,
  s20: 20_000,
  s50: 50_000,
} as const

/** Languages of the public pages' PL/RO switch (the back office is Polish only). */
export const TRACKING_LANGUAGES = ['pl', 'ro'] as const
export const TRACKING_DEFAULT_LANGUAGE = 'ro'

/** Browser storage keys. */
export const STORAGE_KEY = {
  user: 'user',
  language: 'language',
  parcelListCriteria: 'parcel-list-criteria',
  inspect: 'inspect',
} as const

/**
 * Login page notice: modernization downtime (first and last day, inclusive) and contact
 * address. The page offers the notice while the downtime is ahead or going on, not after it.
 */
export const MODERNIZATION_NOTICE = { from: '2026-09-06', to: '2026-09-13', email: 'biuro@example.com' } as const
