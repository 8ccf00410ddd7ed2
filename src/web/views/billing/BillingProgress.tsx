import { useSelector } from '@xstate/react'
import { BILLING_TEXT, EXPORT_STATUS_NAME } from '../../../contract/messages/billing.ts'
import { connectBillingExport } from '../../../../machines/billingExport.ts'
import type { BillingExportActor } from '../../wiring/billing.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

/** The ordered billing statement of the client card: status, progress while accounting, download. */
export function BillingProgress({ actor }: { actor: BillingExportActor }) {
  const state = useSelector(actor, (s) => s)
  const b = connectBillingExport(state, actor.send)
  if (!b.uuid && !b.ordering) return null
  const cls = b.failed ? 'alert-danger' : b.warning ? 'alert-warning' : b.downloadable ? 'alert-success' : 'alert-info'
  return (
    <div className={`alert ${cls}`} role="status" data-testid="billing-progress" data-status={b.status ?? (b.ordering ? 'ordering' : 'order_accepted')}>
      <strong>{BILLING_TEXT.statementReport} </strong>
      {b.ordering ? BILLING_TEXT.ordering : b.status ? EXPORT_STATUS_NAME[b.status] : EXPORT_STATUS_NAME.order_accepted}
      {b.progress !== null && <span data-testid="billing-progress-value"> — {b.progress}%</span>}
      {b.warning && <span> {BILLING_TEXT.validationErrors} {b.errorsCount}</span>}
      {b.errorMessage && <span> — {b.errorMessage}</span>}{' '}
      <button type="button" className="btn btn-sm" data-testid="billing-download" onClick={b.download}>
        {BILLING_TEXT.downloadFile}
      </button>{' '}
      <button type="button" className="btn btn-sm" onClick={b.close}>
        {UI_TEXT.close}
      </button>
    </div>
  )
}
