import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { INVOICING_MSG, INVOICING_TEXT } from '../../../contract/messages/invoicing.ts'
import { href } from '../../../contract/routes.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { type FileKind, connectInvoiceDetail } from '../../../../machines/invoicingDetail.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { inspect } from '../../inspector/index.ts'
import { invoiceDetailLogic, prepareWindow } from '../../wiring/invoicing.ts'
import type { ScreenProps } from '../../screen.ts'
import { Confirm } from '../../ui/modal.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { WithHistory } from '../audit/AuditTable.tsx'

/**
 * /invoices/{id} (admin): the invoice, its recipients and validation errors, downloads, re-issue,
 * and the links between an invoice and its corrections (a new id starts a new machine).
 */
export default function InvoiceView(props: ScreenProps) {
  return <InvoiceScreen key={props.params.id} {...props} />
}

function InvoiceScreen({ params }: ScreenProps) {
  const id = Number(params.id)
  const [state, send] = useMachine(invoiceDetailLogic, { input: { id: Number.isInteger(id) && id > 0 ? id : 0 }, inspect })
  const p = connectInvoiceDetail(state, send)
  const openFile = (file: FileKind) => {
    // the statement is saved, not shown: no window for it (it would stay empty)
    if (file !== 'statement') prepareWindow()
    p.open(file)
  }
  return (
    <section className="page" data-testid="invoice-page" data-machine="invoiceDetail" data-state={stateString(state.value)} aria-busy={p.busy}>
      <div className="page-header">
        <h1 data-testid="invoice-title">{p.loaded ? p.title : INVOICING_TEXT.invoice}</h1>
        <span className="spacer" />
        <Link className="btn" href={href('invoices')} data-testid="invoice-back">
          {UI_TEXT.back}
        </Link>
      </div>
      {p.loadFailed && (
        <div className="card" role="alert">
          <p>{p.failure}</p>
          <button type="button" className="btn" onClick={p.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      {p.loaded && (
        <WithHistory record={{ entity: 'invoice', entity_id: String(id) }}>
          <div className="card">
            <dl className="details-grid" data-testid="invoice-fields">
              {p.fields.map((f) => (
                <div className="pair" key={f.id}>
                  <dt>{f.label}</dt>
                  <dd data-testid={`invoice-${f.id}`} className={f.id === 'status' && p.problem ? 'text-danger' : undefined}>
                    {f.value}
                  </dd>
                </div>
              ))}
            </dl>
            <FormActions>
              <button type="button" className="btn" data-testid="invoice-external" disabled={!p.canExternal} onClick={() => openFile('external')}>
                {INVOICING_TEXT.viewInSystem}
              </button>
              <button type="button" className="btn" data-testid="invoice-download" disabled={!p.canPdf} onClick={() => openFile('pdf')}>
                {INVOICING_TEXT.downloadInvoice}
              </button>
              <button type="button" className="btn" data-testid="invoice-statement" disabled={!p.canStatement} onClick={() => openFile('statement')}>
                {INVOICING_TEXT.downloadStatement}
              </button>
              {p.showReissue && (
                <button type="button" className="btn btn-primary" data-testid="invoice-reissue" disabled={!p.canReissue} onClick={p.reissue}>
                  {INVOICING_TEXT.reissue}
                </button>
              )}
            </FormActions>
          </div>
          {(p.corrects || p.corrections.length > 0) && (
            <div className="card" data-testid="invoice-corrections">
              {p.corrects && (
                <p>
                  <Link href={href('invoice', { id: p.corrects.id })} data-testid="invoice-corrects">
                    {p.corrects.label}
                  </Link>
                </p>
              )}
              {p.corrections.length > 0 && (
                <>
                  <h2>{INVOICING_MSG.corrections}</h2>
                  <ul>
                    {p.corrections.map((c) => (
                      <li key={c.id} data-testid="invoice-correction">
                        {c.current ? c.number : <Link href={href('invoice', { id: c.id })}>{c.number}</Link>} – {c.status}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
          {p.recipients.length > 0 && (
            <div className="card" data-testid="invoice-recipients">
              <h2>{INVOICING_TEXT.recipients}</h2>
              <table className="table">
                <thead>
                  <tr>
                    <th>{UI_TEXT.name}</th>
                    <th>{UI_TEXT.address}</th>
                    <th>{UI_TEXT.sent}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.recipients.map((r) => (
                    <tr key={r.address}>
                      <td>{r.name}</td>
                      <td>{r.address}</td>
                      <td>{r.sent_at ? formatDateTime(r.sent_at) : INVOICING_MSG.empty}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {p.showErrors && (
            <div className="card" data-testid="invoice-errors">
              <h2>{INVOICING_TEXT.validationErrors}</h2>
              <table className="table">
                <thead>
                  <tr>
                    <th>{UI_TEXT.type}</th>
                    <th>{INVOICING_TEXT.shipments}</th>
                    <th>{INVOICING_TEXT.weightAndSize}</th>
                    <th>{INVOICING_TEXT.reviewed}</th>
                  </tr>
                </thead>
                <tbody>
                  {p.errors.map((e) => (
                    <tr key={e.id} data-testid="invoice-error">
                      <td>{e.label}</td>
                      <td>
                        {e.firstParcel ? (
                          <a href={href('shipment', { internalNumber: e.firstParcel })} target="_blank" rel="noopener noreferrer">
                            {e.firstParcel}
                          </a>
                        ) : (
                          INVOICING_MSG.empty
                        )}
                        {e.parcelInternalNumbers.length > 1 ? ` (+${e.parcelInternalNumbers.length - 1})` : ''}
                      </td>
                      <td>{e.dimensions}</td>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={INVOICING_TEXT.reviewedError(e.label)}
                          checked={e.reviewed}
                          disabled={!e.reviewable || p.busy}
                          onChange={(ev) => p.review(e.id, ev.target.checked)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </WithHistory>
      )}
      <Confirm open={p.confirming} busy={p.busy} message={p.confirmMessage} onConfirm={p.confirm} onCancel={p.cancel} />
    </section>
  )
}
