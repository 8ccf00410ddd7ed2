import { useCallback, useEffect, useState } from 'react'
import { PROBLEM_RULE, SHIPMENT } from '../../../contract/constants/shipments.ts'
import { endpoints as ep } from '../../../contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../contract/messages/shipment.ts'
import { href } from '../../../contract/routes.ts'
import type { AccountedAmountsReply, HistoryReply, InternalInfoReply, Problem } from '../../../contract/schemas/shipment.ts'
import { ApiError, call } from '../../api/client.ts'
import { formatDate, formatDateTime, formatMoney, yesNo } from '../../ui/format.ts'
import { Confirm, Modal } from '../../ui/modal.tsx'
import { notify } from '../../ui/toast.tsx'
import { Tabs } from './ParcelDetails.tsx'

/** Loads one reply for a tab; `reload()` asks again. Plain loading, not a workflow. */
function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    setError(null)
    load().then(
      (d) => live && setData(d),
      (e: Error) => live && setError(e.message),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version])
  return { data, error, reload: useCallback(() => setVersion((v) => v + 1), []) }
}

function Loading({ error }: { error: string | null }) {
  return error ? (
    <div className="alert alert-danger" role="alert">
      {error}
    </div>
  ) : (
    <p className="loading">Ładowanie…</p>
  )
}

// ---- Historia ----------------------------------------------------------------------------------

/**
 * History tab: a common tab when the shipment has more than one parcel (date, status),
 * then one tab per parcel (date, status, user, workstation, problem sector in red); the admin
 * deletes a status where allowed, after confirmation.
 */
export function HistoryTab({ number }: { number: string }) {
  const { data, error, reload } = useLoad(() => call(ep.shipmentHistory, undefined, { internalNumber: number }), [number])
  const [active, setActive] = useState(0)
  const [deleting, setDeleting] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  if (!data) return <Loading error={error} />
  const { shipment, parcels } = data.history
  const common = parcels.length > 1
  const labels = [...(common ? ['Wspólna'] : []), ...parcels.map((p) => p.waybill)]
  const index = Math.min(active, labels.length - 1)
  const parcel = common ? (index === 0 ? null : parcels[index - 1]) : parcels[index]

  const remove = async () => {
    if (deleting === null) return
    setBusy(true)
    try {
      await call(ep.parcelHistoryDelete, { id: deleting })
      notify.success(SHIPMENT_MSG.historyStatusDeleted)
      reload()
    } catch (e) {
      notify.error((e as Error).message)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section data-testid="history-tab">
      <Tabs labels={labels} active={index} onChange={setActive} name="history" />
      {parcel === null || parcel === undefined ? (
        <HistoryTable rows={shipment.map((r) => ({ ...r, id: null }))} common />
      ) : (
        <HistoryTable rows={parcel.history} onDelete={setDeleting} />
      )}
      <Confirm open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </section>
  )
}

type Row = HistoryReply['history']['parcels'][number]['history'][number]

function HistoryTable({ rows, common, onDelete }: { rows: ReadonlyArray<Partial<Omit<Row, 'id'>> & { when: string; name: string; id: number | null }>; common?: boolean; onDelete?: (id: number) => void }) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid={common ? 'history-common' : 'history-parcel'}>
        <thead>
          <tr>
            <th>Data</th>
            <th>Status</th>
            {!common && (
              <>
                <th>Użytkownik</th>
                <th>Stanowisko</th>
                <th>Sektor problematyczny</th>
                <th>
                  <span className="sr-only">Akcje</span>
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={common ? 2 : 6} className="empty">
                Brak statusów
              </td>
            </tr>
          )}
          {rows.map((r, i) => (
            <tr key={r.id ?? `${r.when}-${i}`} data-history-id={r.id ?? undefined}>
              <td>{formatDateTime(r.when)}</td>
              <td>{r.name}</td>
              {!common && (
                <>
                  <td>{r.user ?? '—'}</td>
                  <td>{r.workstation ?? '—'}</td>
                  <td className={r.problematic_sector ? 'text-danger' : undefined}>{r.problematic_sector ?? '—'}</td>
                  <td>
                    {r.deletion_allowed && r.id !== null && onDelete && (
                      <button type="button" className="btn btn-sm btn-danger" onClick={() => onDelete(r.id!)}>
                        Usuń
                      </button>
                    )}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

// ---- Informacje wewnętrzne --------------------------------------------------------------------------

/** base64 of the rule's JSON, shown pretty-printed (falls back to the decoded text). */
export function decodePayload(b64: string): string {
  try {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    const text = new TextDecoder().decode(bytes)
    try {
      return JSON.stringify(JSON.parse(text), null, 2)
    } catch {
      return text
    }
  } catch {
    return b64
  }
}

/**
 * Internal info tab: creation method, return, eMAG, registration date, services; per
 * parcel delay counter, last status sync, read client alias, processable, error; the problems
 * with their payload, and the registration retry for SHIPMENT_REGISTRATION_FAILED in status reported.
 */
export function InternalInfoTab({ number, shipmentId, onRegistered }: { number: string; shipmentId: number; onRegistered: () => void }) {
  const { data, error, reload } = useLoad(() => call(ep.shipmentInternalInfo, undefined, { internalNumber: number }), [number])
  const [payload, setPayload] = useState<Problem | null>(null)
  const [registering, setRegistering] = useState(false)
  if (!data) return <Loading error={error} />
  const { shipment, parcels, problems } = data.data as InternalInfoReply['data']

  const register = async () => {
    setRegistering(true)
    try {
      await call(ep.shipmentRegister, { id: shipmentId })
      notify.success(SHIPMENT_MSG.registered)
      reload()
      onRegistered()
    } catch (e) {
      notify.error(e instanceof ApiError && e.status === 422 ? SHIPMENT_MSG.registerFailed : (e as Error).message || SHIPMENT_MSG.registerFailed)
    } finally {
      setRegistering(false)
    }
  }

  return (
    <section data-testid="internal-info-tab">
      <dl className="details-grid">
        <dt>Sposób utworzenia</dt>
        <dd>{shipment.creator}</dd>
        <dt>Zwrot</dt>
        <dd>{yesNo(shipment.is_return)}</dd>
        <dt>eMAG</dt>
        <dd>{yesNo(shipment.is_emag)}</dd>
        <dt>Data rejestracji u kuriera</dt>
        <dd>{formatDateTime(shipment.correctly_requested_at)}</dd>
        <dt>Usługa pierwszej mili</dt>
        <dd>{shipment.in_service ?? '—'}</dd>
        <dt>Usługa ostatniej mili</dt>
        <dd>{shipment.out_service ?? '—'}</dd>
      </dl>

      <h3>Paczki</h3>
      <div className="table-wrap">
        <table className="table" data-testid="internal-parcels">
          <thead>
            <tr>
              <th>Numer</th>
              <th>Licznik opóźnień</th>
              <th>Ostatnia synchronizacja statusu</th>
              <th>Odczytany alias klienta</th>
              <th>Procesowalna</th>
              <th>Błąd</th>
            </tr>
          </thead>
          <tbody>
            {parcels.map((p) => (
              <tr key={p.internal_number}>
                <td>{p.internal_number}</td>
                <td>{p.delay_counter}</td>
                <td>{formatDateTime(p.status_checked_at)}</td>
                <td>{p.read_client_alias ?? '—'}</td>
                <td>{yesNo(p.processable)}</td>
                <td className={p.error_message ? 'text-danger' : undefined}>{p.error_message ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>Rozpoznane problemy</h3>
      <div className="table-wrap">
        <table className="table" data-testid="problems">
          <thead>
            <tr>
              <th>Typ</th>
              <th>Status</th>
              <th>Data rozwiązania</th>
              <th>Rozwiązał</th>
              <th>
                <span className="sr-only">Akcje</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {problems.length === 0 && (
              <tr>
                <td colSpan={5} className="empty">
                  Brak problemów
                </td>
              </tr>
            )}
            {problems.map((p) => (
              <tr key={p.id} data-problem={p.rule.code}>
                <td title={p.rule.code}>{p.rule.name}</td>
                <td>{p.status}</td>
                <td>{formatDateTime(p.resolved_at)}</td>
                <td>{p.resolved_by?.email ?? '—'}</td>
                <td className="actions">
                  <button type="button" className="btn btn-sm" onClick={() => setPayload(p)}>
                    Pokaż payload
                  </button>
                  {p.rule.code === PROBLEM_RULE.registrationFailed && p.status === SHIPMENT.problemReported && (
                    <button type="button" className="btn btn-sm btn-primary" disabled={registering} onClick={register}>
                      Zarejestruj przesyłkę
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Modal open={payload !== null} onClose={() => setPayload(null)} title={payload ? `Payload: ${payload.rule.name}` : ''} width="720px" footer={<button type="button" className="btn" onClick={() => setPayload(null)}>Zamknij</button>}>
        <pre className="payload" data-testid="payload">
          {payload ? decodePayload(payload.payload) : ''}
        </pre>
      </Modal>
    </section>
  )
}

// ---- Rozliczenie -------------------------------------------------------------------------------

type Amount = NonNullable<AccountedAmountsReply['accounted_amounts']['main']>

const AMOUNT_ROWS: ReadonlyArray<[keyof Amount, string]> = [
  ['summary', 'Suma'],
  ['specific_exchange_rate', 'Kurs wymiany'],
  ['currency', 'Waluta'],
  ['base', 'Kwota bazowa'],
  ['cod', 'Pobranie'],
  ['insurance', 'Ubezpieczenie'],
  ['overweight', 'Nadwaga'],
  ['oversize', 'Ponadgabaryt'],
  ['multi_pack', 'Wielopak'],
  ['unclaimed', 'Nieodebrana'],
  ['collect_from_client', 'Odbiór od klienta'],
]

function AmountBlock({ title, amount }: { title: string; amount: Amount }) {
  return (
    <div className="card amount-block">
      <h3>{title}</h3>
      <dl className="details-grid">
        {AMOUNT_ROWS.map(([k, label]) => (
          <div key={k} className="pair">
            <dt>{label}</dt>
            <dd>{k === 'currency' ? amount.currency : k === 'specific_exchange_rate' ? (amount.specific_exchange_rate ?? '—') : formatMoney(amount[k] as number)}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** Finance tab: invoices (a click opens /invoices/{id} in a new tab) and the charges, or 'Brak naliczeń!'. */
export function FinanceTab({ number }: { number: string }) {
  const invoices = useLoad(() => call(ep.shipmentInvoices, undefined, { internalNumber: number }), [number])
  const amounts = useLoad(() => call(ep.shipmentAccountedAmounts, undefined, { internalNumber: number }), [number])
  if (!invoices.data || !amounts.data) return <Loading error={invoices.error ?? amounts.error} />
  const { main, after_service } = amounts.data.accounted_amounts
  return (
    <section data-testid="finance-tab">
      <h3>Faktury</h3>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Numer</th>
              <th>Data wystawienia</th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.length === 0 && (
              <tr>
                <td colSpan={2} className="empty">
                  Brak faktur
                </td>
              </tr>
            )}
            {invoices.data.map((i) => (
              <tr key={i.id} className="clickable" onClick={() => window.open(href('invoice', { id: i.id }), '_blank')}>
                <td>{i.number}</td>
                <td>{formatDate(i.issue_date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!main && after_service.length === 0 ? (
        <div className="alert alert-warning" data-testid="no-amounts">
          {SHIPMENT_MSG.noAccountedAmounts}
        </div>
      ) : (
        <div className="amounts">
          {main && <AmountBlock title="Pierwotne naliczenie" amount={main} />}
          {after_service.length > 0 && (
            <div>
              <h3>Wtórne naliczenia przesyłki</h3>
              {after_service.map((a, i) => (
                <AmountBlock key={i} title={`Naliczenie ${i + 1}`} amount={a} />
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  )
}
