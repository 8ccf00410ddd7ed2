import { fromPromise } from 'xstate'
import { STORAGE_KEY, TRACKING_DEFAULT_LANGUAGE, TRACKING_LANGUAGES } from '../../contract/constants/ui.ts'
import { endpoints } from '../../contract/endpoints.ts'
import type { Town } from '../../contract/schemas/address.ts'
import type { PublicHistoryReply } from '../../contract/schemas/tracking.ts'
import { type TownSearchInput, townSearchMachine } from '../../../machines/addressTownSearch.ts'
import { trackingMachine } from '../../../machines/tracking.ts'
import { call } from '../api/client.ts'
import { pickLanguage } from '../i18n/index.ts'

/** The public pages' machines with their real calls (no sign-in): tracking and the postal-code finder. */

export const publicTracking = trackingMachine.provide({
  actors: {
    fetchHistory: fromPromise<PublicHistoryReply, { internalNumber: string }>(({ input }) => call(endpoints.publicHistory, undefined, { internalNumber: input.internalNumber })),
  },
})

export const townFinder = townSearchMachine.provide({
  actors: {
    searchTowns: fromPromise<readonly Town[], TownSearchInput>(({ input }) => call(endpoints.townAutocomplete, input)),
  },
})

export type Lang = (typeof TRACKING_LANGUAGES)[number]

/** Default language of the public pages: the stored one, else the browser's if pl or ro, else ro. */
export function initialLanguage(): Lang {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY.language)
  return pickLanguage(TRACKING_LANGUAGES, TRACKING_DEFAULT_LANGUAGE, stored, typeof navigator === 'undefined' ? null : navigator.language)
}
/** Remembers the language chosen. */
export const storeLanguage = (l: Lang) => localStorage.setItem(STORAGE_KEY.language, l)
