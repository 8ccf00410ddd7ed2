/** The one text system: message keys read from the message objects, rosetta only for the public pages' PL/RO switch. */
import { describe, expect, it } from 'vitest'
import { SESSION_KEY_TEXT } from '../../src/contract/messages/session.ts'
import { TRACKING_TEXT } from '../../src/contract/messages/tracking.ts'
import { POSTAL_FINDER_TEXT } from '../../src/contract/messages/address.ts'
import { t, tIn } from '../../src/web/i18n/index.ts'
import ro from '../../src/web/i18n/ro.json' with { type: 'json' }

const leaves = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? leaves(v, `${prefix}${k}.`) : [`${prefix}${k}`]))

describe('texts of message keys', () => {
  it('a spec key reads its Polish text from the message objects; other text is shown as is', () => {
    expect(t('login_error')).toBe(SESSION_KEY_TEXT.login_error)
    expect(t('user_blocked_done')).toBe('Użytkownik został zablokowany')
    expect(t('Klient nie istnieje')).toBe('Klient nie istnieje')
  })

  it('the public pages switch between the Polish message objects and ro.json, key for key', () => {
    expect(tIn('pl', 'tracking.title')).toBe(TRACKING_TEXT.title)
    expect(tIn('ro', 'tracking.title')).toBe(ro.tracking.title)
    expect(tIn('pl', 'tracking.shipment', { number: 'RE100000001' })).toBe('Przesyłka RE100000001')
    expect(tIn('pl', 'postal_finder.min_chars', { n: 3 })).toBe('Wpisz co najmniej 3 znaki')
    const plKeys = ['town_not_found', 'parcel_search_error', 'parcel_tracking_empty', ...leaves(POSTAL_FINDER_TEXT, 'postal_finder.'), ...leaves(TRACKING_TEXT, 'tracking.')]
    expect(leaves(ro).sort()).toEqual(plKeys.sort())
    for (const key of plKeys) expect(tIn('pl', key)).not.toBe(key)
  })
})
