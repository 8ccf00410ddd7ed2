import rosetta from 'rosetta'
import { ADDRESS_KEY_TEXT, POSTAL_FINDER_TEXT } from '../../contract/messages/address.ts'
import { SESSION_KEY_TEXT } from '../../contract/messages/session.ts'
import { SHIPMENTS_KEY_TEXT } from '../../contract/messages/shipments.ts'
import { STATUSES_KEY_TEXT } from '../../contract/messages/statuses.ts'
import { TRACKING_KEY_TEXT, TRACKING_TEXT } from '../../contract/messages/tracking.ts'
import { USERS_KEY_TEXT } from '../../contract/messages/users.ts'
import { pickLanguage } from './language.ts'
import ro from './ro.json'

/** The Polish texts of the message keys the spec names (server replies, toasts). */
const KEY_TEXT: Record<string, string> = {
  ...SESSION_KEY_TEXT,
  ...USERS_KEY_TEXT,
  ...STATUSES_KEY_TEXT,
  ...SHIPMENTS_KEY_TEXT,
  ...ADDRESS_KEY_TEXT,
  ...TRACKING_KEY_TEXT,
}

/** The public pages' dictionary in Polish, built from the message objects; ro.json must hold the same keys. */
const PUBLIC_PL = {
  town_not_found: ADDRESS_KEY_TEXT.town_not_found,
  postal_finder: POSTAL_FINDER_TEXT,
  parcel_search_error: TRACKING_KEY_TEXT.parcel_search_error,
  parcel_tracking_empty: TRACKING_KEY_TEXT.parcel_tracking_empty,
  tracking: TRACKING_TEXT,
}
type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> }
const PUBLIC_RO: Dictionary<typeof PUBLIC_PL> = ro

// The PL/RO switch of the public pages (tracking, postal-code finder).
const publicPages = rosetta<Record<string, unknown>>({ pl: PUBLIC_PL, ro: PUBLIC_RO })

/** The Polish text of a message key; text that is not a key (a server's Polish message) is shown as is. */
export function t(key: string): string {
  return KEY_TEXT[key] ?? key
}

/** Translates for a public page in its chosen language; falls back to the key. */
export function tIn(lang: string, key: string, params?: Record<string, unknown>): string {
  const out = publicPages.t(key, params, lang)
  return out === '' || out === undefined ? key : out
}

export { pickLanguage }
