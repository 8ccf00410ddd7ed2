import { useEffect, useRef, useState } from 'react'
import { useMachine } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import { fromPromise } from 'xstate'
import { STORAGE_KEY, TRACKING_DEFAULT_LANGUAGE, TRACKING_LANGUAGES } from '../../../contract/constants/ui.ts'
import { endpoints as ep } from '../../../contract/endpoints.ts'
import { ROUTES, href } from '../../../contract/routes.ts'
import type { PublicHistoryReply } from '../../../contract/schemas/shipment.ts'
import { normalizeNumber, trackingMachine } from '../../../../machines/tracking.ts'
import { call } from '../../api/client.ts'
import { pickLanguage, tIn } from '../../i18n/index.ts'
import { inspect } from '../../inspector/index.ts'
import type { ScreenProps } from '../../screen.ts'
import { formatDateTime } from '../../ui/format.ts'

type Lang = (typeof TRACKING_LANGUAGES)[number]

const stateString = (v: unknown): string =>
  typeof v === 'string' ? v : Object.entries(v as Record<string, unknown>).map(([k, c]) => `${k}.${stateString(c)}`).join(',')

/** The machine with its real call: the public history, no sign-in. */
const publicTracking = trackingMachine.provide({
  actors: {
    fetchHistory: fromPromise<PublicHistoryReply, { internalNumber: string }>(({ input }) => call(ep.publicHistory, undefined, { internalNumber: input.internalNumber })),
  },
})

/** Default language: the stored one, else the browser's if pl or ro, else ro. */
function initialLanguage(): Lang {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY.language)
  return pickLanguage(TRACKING_LANGUAGES, TRACKING_DEFAULT_LANGUAGE, stored, typeof navigator === 'undefined' ? null : navigator.language)
}
const FLAG_LABEL: Record<Lang, string> = { pl: 'Polski', ro: 'Română' }

/**
 * Public tracking, /tracking and /tracking/{id}: language PL/RO, the parcel number
 * (required), and one history tab per parcel with the status names in the chosen language.
 * The flow is machines/tracking.ts; the address carries the number searched.
 */
export default function TrackingView({ params }: ScreenProps) {
  const [lang, setLang] = useState<Lang>(initialLanguage)
  const [, navigate] = useLocation()
  const [state, send] = useMachine(publicTracking, { input: { number: params.id ?? '' }, inspect })
  const [tab, setTab] = useState(0)
  const tr = (key: string, p?: Record<string, unknown>) => tIn(lang, key, p)
  const { number, history, error, required, searched } = state.context

  // The address changed (search submitted, back button): search that number.
  const firstId = useRef(params.id)
  useEffect(() => {
    if (params.id === firstId.current) return
    firstId.current = params.id
    if (params.id) send({ type: 'SEARCH', number: params.id })
  }, [params.id, send])
  useEffect(() => setTab(0), [searched])

  const choose = (l: Lang) => {
    setLang(l)
    localStorage.setItem(STORAGE_KEY.language, l)
  }
  const submit = () => {
    const n = normalizeNumber(number)
    if (n && n === searched && params.id === n) send({ type: 'SEARCH' })
    else if (n) navigate(href('trackingId', { id: n }))
    else send({ type: 'SEARCH' })
  }
  const parcels = history?.parcels ?? []
  const parcel = parcels[Math.min(tab, parcels.length - 1)]

  return (
    <main className="public-page" data-machine="tracking" data-state={stateString(state.value)} lang={lang} data-testid="tracking-page">
      <section className="card public-card">
        <header className="public-header">
          <h1>{tr('tracking.title')}</h1>
          <div className="lang-flags" role="group" aria-label={tr('tracking.language')}>
            {TRACKING_LANGUAGES.map((l) => (
              <button key={l} type="button" className={`flag-button${l === lang ? ' active' : ''}`} aria-pressed={l === lang} title={FLAG_LABEL[l]} data-lang={l} onClick={() => choose(l)}>
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
              onChange={(e) => send({ type: 'TYPE', number: e.target.value })}
            />
            {required && (
              <ul className="field-errors" role="alert">
                <li>{tr('tracking.required')}</li>
              </ul>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={state.matches('searching')}>
            {state.matches('searching') ? tr('tracking.searching') : tr('tracking.search')}
          </button>
        </form>

        {(state.matches('notFound') || state.matches('empty')) && (
          <div className={`alert ${state.matches('empty') ? 'alert-warning' : 'alert-danger'}`} role="alert" data-testid="tracking-message">
            {tr(error ?? 'parcel_search_error')}
          </div>
        )}

        {state.matches('found') && history && (
          <div data-testid="tracking-result">
            <h2>{tr('tracking.shipment', { number: searched })}</h2>
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
        )}

        <p className="public-links">
          <Link href={ROUTES.home.path}>{tr('tracking.back')}</Link>
        </p>
      </section>
    </main>
  )
}
