import rosetta from 'rosetta'
import { DEFAULT_LANGUAGE, STORAGE_KEY, SUPPORTED_LANGUAGES } from '../../contract/constants.ts'
import { pickLanguage } from './language.ts'
import pl from './pl.json'

const i18n = rosetta<Record<string, string>>({ pl })

const storedLanguage = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY.language))
const browserLanguage = () => (typeof navigator === 'undefined' ? null : navigator.language)

i18n.locale(pickLanguage(SUPPORTED_LANGUAGES, DEFAULT_LANGUAGE, storedLanguage(), browserLanguage()))

/** Translates a message key; text that is not a key (a server's Polish message) is shown as is. */
export function t(key: string, params?: Record<string, unknown>): string {
  const out = i18n.t(key, params)
  return out === '' || out === undefined ? key : out
}

export { pickLanguage }
