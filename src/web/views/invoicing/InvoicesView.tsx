import { useMachine } from '@xstate/react'
import { useCallback } from 'react'
import { useLocation } from 'wouter'
import { INVOICE_STATUSES, INVOICING } from '../../../contract/constants/invoicing.ts'
import { INVOICE_PDF, INVOICE_STATUS_LABEL, INVOICING_MSG, INVOICING_TEXT } from '../../../contract/messages/invoicing.ts'
import { href } from '../../../contract/routes.ts'
import type { Invoice } from '../../../contract/schemas/invoicing.ts'
import { connectInvoiceList } from '../../../../machines/invoicingList.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { inspect } from '../../inspector/index.ts'
import { invoiceListInput, invoiceListLogic } from '../../wiring/invoicing.ts'
import { Confirm } from '../../ui/modal.tsx'
import { formatDate, formatMoney } from '../../../contract/format.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const col = serverColumns<Invoice>()
const dash = (v: string | null) => v || INVOICING_MSG.empty
/** Columns of /invoices; positions are the server's column indexes (5 = issue date, the default order, empty dates last). */
const COLUMNS: ServerColumn<Invoice>[] = [
  col.accessor('invoice_number', {
    header: INVOICE_PDF.number,
    cell: (c) => (c.row.original.corrects_number ? `${dash(c.getValue())} (${INVOICING_MSG.correctionTitle(c.row.original.corrects_number)})` : dash(c.getValue())),
  }),
  col.accessor('client_name', { header: UI_TEXT.client }),
  col.accessor('period_from', { header: INVOICING_TEXT.period, cell: (c) => `${formatDate(c.getValue())} – ${formatDate(c.row.original.period_to)}` }),
  col.accessor('status', { header: UI_TEXT.status, cell: (c) => INVOICE_STATUS_LABEL[c.row.original.status] }),
  col.accessor('total_amount', { header: INVOICING_TEXT.grossAmount, cell: (c) => (c.getValue() ? formatMoney(c.getValue(), c.row.original.currency) : INVOICING_MSG.empty) }),
  col.accessor('issue_date', { header: INVOICE_PDF.issueDate, cell: (c) => (c.getValue() ? formatDate(c.getValue()) : INVOICING_MSG.empty) }),
]

/** /invoices (admin): invoices, 25 a page, status filter, and the trigger of invoicing for a date. */
export default function InvoicesView() {
  const [, navigate] = useLocation()
  const [state, send] = useMachine(invoiceListLogic, { input: invoiceListInput(), inspect })
  const p = connectInvoiceList(state, send)
  const open = useCallback((i: Invoice) => navigate(href('invoice', { id: i.id })), [navigate])
  return (
    <section className="page" data-testid="invoices-page" data-machine="invoiceList" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{INVOICING_TEXT.invoices}</h1>
      </div>
      <form
        className="card filters"
        aria-label={INVOICING_TEXT.invoicing}
        onSubmit={(e) => {
          e.preventDefault()
          p.trigger()
        }}
      >
        <div className="filters-grid">
          <div className="field">
            <label htmlFor="invoices-status">{UI_TEXT.status}</label>
            <select
              id="invoices-status"
              data-testid="invoices-status"
              value={p.status ?? ''}
              onChange={(e) => p.setStatus(INVOICE_STATUSES.find((s) => s === e.target.value) ?? null)}
            >
              <option value="">{UI_TEXT.all}</option>
              {INVOICE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {INVOICE_STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="invoices-trigger-date">{INVOICING_TEXT.invoicingDate}</label>
            <input
              id="invoices-trigger-date"
              data-testid="invoices-trigger-date"
              type="date"
              value={p.triggerDate}
              aria-invalid={p.dateInvalid}
              aria-describedby={p.dateError ? 'invoices-trigger-date-error' : undefined}
              max={p.today}
              onChange={(e) => p.setDate(e.target.value)}
            />
            {p.dateError && (
              <ul className="field-errors" id="invoices-trigger-date-error" role="alert" data-testid="invoices-trigger-date-error">
                <li>{p.dateError}</li>
              </ul>
            )}
          </div>
        </div>
        <FormActions submit={{ label: INVOICING_TEXT.runInvoicing, busyLabel: INVOICING_TEXT.invoicingRunning, busy: p.busy, ariaBusy: p.busy, disabled: !p.canTrigger, testId: 'invoices-trigger' }} />
      </form>
      {p.table && (
        <ServerTable<Invoice>
          testId="invoices-table"
          columns={COLUMNS}
          actor={p.table}
          onRowClick={open}
          searchable
          searchPlaceholder={INVOICING_TEXT.search}
          emptyText={INVOICING_TEXT.empty}
        />
      )}
      <Confirm open={p.confirming} message={p.question ?? undefined} onConfirm={p.confirm} onCancel={p.cancel} />
    </section>
  )
}
