import rosetta from 'rosetta'
import { DEFAULT_LANGUAGE, STORAGE_KEY, SUPPORTED_LANGUAGES } from '../../contract/constants/ui.ts'
import { pickLanguage } from './language.ts'
import pl from './pl.json'
import ro from './ro.json'

// ro: the public pages that offer Romanian (tracking, postal-code finder).
const i18n = rosetta<Record<string, unknown>>({ pl, ro })

const storedLanguage = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY.language))
const browserLanguage = () => (typeof navigator === 'undefined' ? null : navigator.language)

i18n.locale(pickLanguage(SUPPORTED_LANGUAGES, DEFAULT_LANGUAGE, storedLanguage(), browserLanguage()))

/** Translates a message key; text that is not a key (a server's Polish message) is shown as is. */
export function t(key: string, params?: Record<string, unknown>): string {
  const out = i18n.t(key, params)
  return out === '' || out === undefined ? key : out
}

/** Translates in a given language (public pages with their own PL/RO switch); falls back to the key. */
export function tIn(lang: string, key: string, params?: Record<string, unknown>): string {
  const out = i18n.t(key, params, lang)
  return out === '' || out === undefined ? key : out
}

export { pickLanguage }
