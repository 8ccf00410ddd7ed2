import { useState } from 'react'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { ADDRESS } from '../../../contract/constants/address.ts'
import { SEARCH_MIN_CHARS, TRACKING_LANGUAGES } from '../../../contract/constants/ui.ts'
import { ROUTES } from '../../../contract/routes.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectTownSearch } from '../../../../machines/addressTownSearch.ts'
import { tIn } from '../../i18n/index.ts'
import { inspect } from '../../inspector/index.ts'
import { type Lang, initialLanguage, storeLanguage, townFinder } from '../../wiring/tracking.ts'
import type { ScreenProps } from '../../screen.ts'
import { Field } from '../../ui/form.tsx'
import { LANGUAGE_NAME } from '../../../contract/messages/ui.ts'


/**
 * Public postal-code finder: language flags PL and RO (default ro, remembered under
 * 'language'), town search from 3 characters, results (name, county, municipality, postal code),
 * town-not-found message. The search flow is machines/addressTownSearch.ts.
 */
export default function PostalCodeFinderView(_props: ScreenProps) {
  const [lang, setLang] = useState<Lang>(initialLanguage)
  const [state, send] = useMachine(townFinder, { inspect })
  const api = connectTownSearch(state, send)
  const tr = (key: string, params?: Record<string, unknown>) => tIn(lang, key, params)
  const { text, towns, error, tooShort } = api
  const choose = (l: Lang) => {
    setLang(l)
    storeLanguage(l)
  }

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
                title={LANGUAGE_NAME[l]}
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
            onChange={(e) => api.type(e.target.value)}
            hint={tooShort ? tr('postal_finder.min_chars', { n: SEARCH_MIN_CHARS }) : undefined}
          />
        </form>

        {api.isSearching && (
          <p className="hint" aria-live="polite">
            {tr('postal_finder.searching')}
          </p>
        )}

        {api.notFound && (
          <div className="alert alert-danger" role="alert" data-testid="town-not-found">
            {tr('town_not_found')}
          </div>
        )}

        {error !== null && (
          <div className="alert alert-danger" role="alert" data-testid="town-search-error">
            {error || tr('postal_finder.search_failed')}{' '}
            <button type="button" className="link" onClick={api.retry}>
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
