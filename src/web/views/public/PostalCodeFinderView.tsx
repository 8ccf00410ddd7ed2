import { useState } from 'react'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { fromPromise } from 'xstate'
import { ADDRESS } from '../../../contract/constants/address.ts'
import { SEARCH_MIN_CHARS, STORAGE_KEY, TRACKING_DEFAULT_LANGUAGE, TRACKING_LANGUAGES } from '../../../contract/constants/ui.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { ROUTES } from '../../../contract/routes.ts'
import type { Town } from '../../../contract/schemas/address.ts'
import { type TownSearchInput, isSearchable, townSearchMachine } from '../../../../machines/townSearch.ts'
import { call } from '../../api/client.ts'
import { pickLanguage, tIn } from '../../i18n/index.ts'
import { inspect } from '../../inspector/index.ts'
import type { ScreenProps } from '../../screen.ts'
import { Field } from '../../ui/form.tsx'

type Lang = (typeof TRACKING_LANGUAGES)[number]

/** The machine with its real search: the public autocomplete call. */
const finderMachine = townSearchMachine.provide({
  actors: {
    searchTowns: fromPromise<readonly Town[], TownSearchInput>(({ input }) => call(endpoints.townAutocomplete, input)),
  },
})

const stateString = (v: unknown): string =>
  typeof v === 'string' ? v : Object.entries(v as Record<string, unknown>).map(([k, c]) => `${k}.${stateString(c)}`).join(',')

function initialLanguage(): Lang {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY.language)
  return pickLanguage(TRACKING_LANGUAGES, TRACKING_DEFAULT_LANGUAGE, stored, typeof navigator === 'undefined' ? null : navigator.language)
}

const FLAG_LABEL: Record<Lang, string> = { pl: 'Polski', ro: 'Română' }

/**
 * Public postal-code finder: language flags PL and RO (default ro, remembered under
 * 'language'), town search from 3 characters, results (name, county, municipality, postal code),
 * town-not-found message. The search flow is machines/townSearch.ts.
 */
export default function PostalCodeFinderView(_props: ScreenProps) {
  const [lang, setLang] = useState<Lang>(initialLanguage)
  const [state, send] = useMachine(finderMachine, { inspect })
  const tr = (key: string, params?: Record<string, unknown>) => tIn(lang, key, params)
  const { text, towns, error } = state.context
  const choose = (l: Lang) => {
    setLang(l)
    localStorage.setItem(STORAGE_KEY.language, l)
  }
  const tooShort = text.trim() !== '' && !isSearchable(text)

  return (
    <main className="public-page" data-machine="townSearch" data-state={stateString(state.value)} lang={lang}>
      <section className="card public-card">
        <header className="public-header">
          <h1>{tr('postal_finder.title')}</h1>
          <div className="lang-flags" role="group" aria-label={tr('postal_finder.language')}>
            {TRACKING_LANGUAGES.map((l) => (
              <button
                key={l}
                type="button"
                className={`flag-button${l === lang ? ' active' : ''}`}
                aria-pressed={l === lang}
                title={FLAG_LABEL[l]}
                data-lang={l}
                onClick={() => choose(l)}
              >
                <span className={`flag flag-${l}`} aria-hidden="true" />
                <span className="flag-code">{l.toUpperCase()}</span>
              </button>
            ))}
          </div>
        </header>
        <p className="hint">{tr('postal_finder.intro')}</p>

        <form role="search" onSubmit={(e) => e.preventDefault()}>
          <Field
            label={tr('postal_finder.town')}
            name="searchText"
            type="search"
            autoComplete="off"
            autoFocus
            placeholder={tr('postal_finder.placeholder')}
            value={text}
            onChange={(e) => send({ type: 'TYPE', text: e.target.value })}
            hint={tooShort ? tr('postal_finder.min_chars', { n: SEARCH_MIN_CHARS }) : undefined}
          />
        </form>

        {(state.matches('debouncing') || state.matches('searching')) && (
          <p className="hint" aria-live="polite">
            {tr('postal_finder.searching')}
          </p>
        )}

        {state.matches('empty') && (
          <div className="alert alert-danger" role="alert" data-testid="town-not-found">
            {tr('town_not_found')}
          </div>
        )}

        {state.matches('error') && (
          <div className="alert alert-danger" role="alert" data-testid="town-search-error">
            {error || tr('postal_finder.search_failed')}{' '}
            <button type="button" className="link" onClick={() => send({ type: 'RETRY' })}>
              {tr('postal_finder.retry')}
            </button>
          </div>
        )}

        {towns.length > 0 && (
          <div className="table-wrap">
            <table className="table" data-testid="town-results">
              <thead>
                <tr>
                  <th>{tr('postal_finder.name')}</th>
                  <th>{tr('postal_finder.voivodeship')}</th>
                  <th>{tr('postal_finder.municipality')}</th>
                  <th>{tr('postal_finder.postal_code')}</th>
                </tr>
              </thead>
              <tbody>
                {towns.map((town) => (
                  <tr key={`${town.voivodeship}|${town.municipality}|${town.name}|${town.postal_code}`}>
                    <td>{town.name}</td>
                    <td>{town.voivodeship}</td>
                    <td>{town.municipality}</td>
                    <td className="postal-code">{town.postal_code}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {towns.length >= ADDRESS.searchLimit && <p className="hint">{tr('postal_finder.more_results', { n: ADDRESS.searchLimit })}</p>}

        <p className="public-links">
          <Link href={ROUTES.home.path}>{tr('postal_finder.back')}</Link>
        </p>
      </section>
    </main>
  )
}
