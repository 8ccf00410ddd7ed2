import { useEffect, useRef, useState } from 'react'
import { useMachine } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import { TRACKING_LANGUAGES } from '../../../contract/constants/ui.ts'
import { ROUTES, href } from '../../../contract/routes.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { type TrackingProps, connectTracking, normalizeNumber } from '../../../../machines/tracking.ts'
import { tIn } from '../../i18n/index.ts'
import { inspect } from '../../inspector/index.ts'
import { type Lang, initialLanguage, publicTracking, storeLanguage } from '../../wiring/tracking.ts'
import type { ScreenProps } from '../../screen.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { LANGUAGE_NAME } from '../../../contract/messages/ui.ts'


/**
 * Public tracking, /tracking and /tracking/{id}: language PL/RO, the parcel number
 * (required), and one history tab per parcel with the status names in the chosen language.
 * The flow is machines/tracking.ts; the address carries the number searched.
 */
export default function TrackingView({ params }: ScreenProps) {
  const [lang, setLang] = useState<Lang>(initialLanguage)
  const [, navigate] = useLocation()
  const [state, send] = useMachine(publicTracking, { input: { number: params.id ?? '' }, inspect })
  const api = connectTracking(state, send)
  const tr = (key: string, p?: Record<string, unknown>) => tIn(lang, key, p)
  const { number, required, searched } = api

  // The address changed (search submitted, back button): search that number.
  const firstId = useRef(params.id)
  useEffect(() => {
    if (params.id === firstId.current) return
    firstId.current = params.id
    if (params.id) send({ type: 'SEARCH', number: params.id })
  }, [params.id, send])

  const choose = (l: Lang) => {
    setLang(l)
    storeLanguage(l)
  }
  const submit = () => {
    const n = normalizeNumber(number)
    if (n && n === searched && params.id === n) api.search()
    else if (n) navigate(href('trackingId', { id: n }))
    else api.search()
  }

  return (
    <main className="public-page" data-machine="tracking" data-state={stateString(state.value)} lang={lang} data-testid="tracking-page">
      <section className="card public-card">
        <header className="public-header">
          <h1>{tr('tracking.title')}</h1>
          <div className="lang-flags" role="group" aria-label={tr('tracking.language')}>
            {TRACKING_LANGUAGES.map((l) => (
              <button key={l} type="button" className={`flag-button${l === lang ? ' active' : ''}`} aria-pressed={l === lang} title={LANGUAGE_NAME[l]} data-lang={l} onClick={() => choose(l)}>
                <span className={`flag flag-${l}`} aria-hidden="true" />
                <span className="flag-code">{l.toUpperCase()}</span>
              </button>
            ))}
          </div>
        </header>

        <form
          role="search"
          className="tracking-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <div className={`field${required ? ' has-error' : ''}`}>
            <label htmlFor="f-tracking-number">{tr('tracking.number')}</label>
            <input
              id="f-tracking-number"
              name="number"
              autoComplete="off"
              autoFocus
              required
              aria-invalid={required}
              placeholder={tr('tracking.placeholder')}
              value={number}
              onChange={(e) => api.type(e.target.value)}
            />
            {required && (
              <ul className="field-errors" role="alert">
                <li>{tr('tracking.required')}</li>
              </ul>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={api.isSearching}>
            {api.isSearching ? tr('tracking.searching') : tr('tracking.search')}
          </button>
        </form>

        {api.message !== null && (
          <div className={`alert ${api.isEmpty ? 'alert-warning' : 'alert-danger'}`} role="alert" data-testid="tracking-message">
            {tr(api.message || 'parcel_search_error')}
          </div>
        )}

        {/* A new search starts again at its first parcel's tab. */}
        {api.history && <TrackingResult key={searched} api={api} lang={lang} tr={tr} />}

        <p className="public-links">
          <Link href={ROUTES.home.path}>{tr('tracking.back')}</Link>
        </p>
      </section>
    </main>
  )
}

/** The statuses of the parcels of one answer, a tab per parcel (the open tab is UI state). */
function TrackingResult({ api, lang, tr }: { api: TrackingProps; lang: Lang; tr: (key: string, p?: Record<string, unknown>) => string }) {
  const [tab, setTab] = useState(0)
  const parcels = api.history?.parcels ?? []
  const parcel = parcels[Math.min(tab, parcels.length - 1)]
  return (
    <div data-testid="tracking-result">
      <h2>{tr('tracking.shipment', { number: api.searched })}</h2>
      {parcels.length > 1 && (
        <div className="tabs" role="tablist">
          {parcels.map((p, i) => (
            <button key={p.waybill} type="button" role="tab" aria-selected={i === tab} className={i === tab ? 'active' : undefined} onClick={() => setTab(i)}>
              {tr('tracking.parcel')} {p.waybill}
            </button>
          ))}
        </div>
      )}
      {parcel && (
        <div className="table-wrap">
          <table className="table" data-testid="tracking-history" data-parcel={parcel.waybill}>
            <thead>
              <tr>
                <th>{tr('tracking.date')}</th>
                <th>{tr('tracking.status')}</th>
              </tr>
            </thead>
            <tbody>
              {parcel.history.map((r, i) => (
                <tr key={`${r.when}-${i}`}>
                  <td>{formatDateTime(r.when)}</td>
                  <td>{lang === 'ro' ? r.name_ro : r.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
