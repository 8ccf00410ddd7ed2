import { useSelector } from '@xstate/react'
import { EXPORT_STATUS_NAME } from '../../../contract/messages/billing.ts'
import { connectBillingExport } from '../../../../machines/billingExport.ts'
import type { BillingExportActor } from '../../wiring/billing.ts'

/** The ordered billing statement of the client card: status, progress while accounting, download. */
export function BillingProgress({ actor }: { actor: BillingExportActor }) {
  const state = useSelector(actor, (s) => s)
  const b = connectBillingExport(state, actor.send)
  if (!b.uuid && !b.ordering) return null
  const cls = b.failed ? 'alert-danger' : b.warning ? 'alert-warning' : b.downloadable ? 'alert-success' : 'alert-info'
  return (
    <div className={`alert ${cls}`} role="status" data-testid="billing-progress" data-status={b.status ?? (b.ordering ? 'ordering' : 'order_accepted')}>
      <strong>Raport do rozliczeń: </strong>
      {b.ordering ? 'Zamawianie…' : b.status ? EXPORT_STATUS_NAME[b.status] : EXPORT_STATUS_NAME.order_accepted}
      {b.progress !== null && <span data-testid="billing-progress-value"> — {b.progress}%</span>}
      {b.warning && <span> — błędy walidacji: {b.errorsCount}</span>}
      {b.errorMessage && <span> — {b.errorMessage}</span>}{' '}
      <button type="button" className="btn btn-sm" data-testid="billing-download" onClick={b.download}>
        Pobierz plik
      </button>{' '}
      <button type="button" className="btn btn-sm" onClick={b.close}>
        Zamknij
      </button>
    </div>
  )
}
