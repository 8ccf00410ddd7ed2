import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { SHIPMENTS_TEXT, SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import { SURCHARGE_LABEL } from '../../../contract/messages/prices.ts'
import { href } from '../../../contract/routes.ts'
import type { AccountedAmount } from '../../../contract/schemas/prices.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectShipmentFinance } from '../../../../machines/shipmentsFinance.ts'
import { inspect } from '../../inspector/index.ts'
import { shipmentFinanceLogic } from '../../wiring/prices.ts'
import { formatDate, formatDateTime, formatKg, formatMoney, formatNumber } from '../../../contract/format.ts'
import { INVOICE_PDF, INVOICING_TEXT } from '../../../contract/messages/invoicing.ts'

const SUMMARY_ROWS: ReadonlyArray<[keyof AccountedAmount & keyof typeof SURCHARGE_LABEL, string]> = [
  ['base', SURCHARGE_LABEL.base],
  ['cod', SURCHARGE_LABEL.cod],
  ['insurance', SURCHARGE_LABEL.insurance],
  ['overweight', SURCHARGE_LABEL.overweight],
  ['oversize', SURCHARGE_LABEL.oversize],
  ['multi_pack', SURCHARGE_LABEL.multi_pack],
  ['unclaimed', SURCHARGE_LABEL.unclaimed],
  ['collect_from_client', SURCHARGE_LABEL.collect_from_client],
]
const labelOf = (kind: string) => (kind in SURCHARGE_LABEL ? SURCHARGE_LABEL[kind as keyof typeof SURCHARGE_LABEL] : kind)

function AmountBlock({ title, amount, testId }: { title: string; amount: AccountedAmount; testId: string }) {
  return (
    <div className="card amount-block" data-testid={testId}>
      <h3>{title}</h3>
      <dl className="details-grid">
        <div className="pair">
          <dt>{SHIPMENTS_TEXT.total}</dt>
          <dd data-testid={`${testId}-summary`}>
            <strong>
              {formatMoney(amount.summary, amount.currency)}
            </strong>
          </dd>
        </div>
        <div className="pair">
          <dt>{SHIPMENTS_TEXT.exchangeRate}</dt>
          <dd>{amount.specific_exchange_rate ? `1 ${amount.specific_factors_currency} = ${formatNumber(amount.specific_exchange_rate, 6)} ${amount.currency}` : '—'}</dd>
        </div>
        <div className="pair">
          <dt>{SHIPMENTS_TEXT.currency}</dt>
          <dd>{amount.currency}</dd>
        </div>
        {SUMMARY_ROWS.map(([k, label]) => (
          <div key={k} className="pair">
            <dt>{label}</dt>
            <dd>{formatMoney(amount[k], amount.currency)}</dd>
          </div>
        ))}
        <div className="pair">
          <dt>{SHIPMENTS_TEXT.accountingWeight}</dt>
          <dd>{formatKg(amount.accounting_weight)}</dd>
        </div>
        <div className="pair">
          <dt>{SHIPMENTS_TEXT.priceList}</dt>
          <dd>{amount.price_list_name}</dd>
        </div>
        <div className="pair">
          <dt>{SHIPMENTS_TEXT.charged}</dt>
          <dd>{formatDateTime(amount.charged_at)}</dd>
        </div>
      </dl>
      <table className="table" data-testid={`${testId}-lines`}>
        <caption>{SHIPMENTS_TEXT.computation}</caption>
        <thead>
          <tr>
            <th>{SHIPMENTS_TEXT.component}</th>
            <th>{SHIPMENTS_TEXT.amount}</th>
            <th>{SHIPMENTS_TEXT.calculation}</th>
          </tr>
        </thead>
        <tbody>
          {amount.lines.map((l, i) => (
            <tr key={i}>
              <td>{labelOf(l.kind)}</td>
              <td className="num">{formatMoney(l.amount, amount.currency)}</td>
              <td>{l.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Finance tab ('Rozliczenie'): invoices (a click opens /invoices/{id} in a new tab) and the charges with their breakdown, or 'Brak naliczeń!'. */
export function ShipmentFinanceTab({ number }: { number: string }) {
  const [state, send] = useMachine(shipmentFinanceLogic, { input: { number }, inspect })
  const p = connectShipmentFinance(state, send)
  return (
    <section data-testid="finance-tab" data-machine="shipmentFinance" data-state={stateString(state.value)}>
      {p.loading && <p className="loading">{UI_TEXT.loading}</p>}
      {p.problem && (
        <div className="alert alert-danger" role="alert">
          {p.problem}{' '}
          <button type="button" className="btn btn-sm" onClick={p.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      {!p.loading && !p.problem && (
        <>
          <h3>{INVOICING_TEXT.invoices}</h3>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>{UI_TEXT.number}</th>
                  <th>{INVOICE_PDF.issueDate}</th>
                </tr>
              </thead>
              <tbody>
                {p.invoices.length === 0 && (
                  <tr>
                    <td colSpan={2} className="empty">
                      {INVOICING_TEXT.empty}
                    </td>
                  </tr>
                )}
                {p.invoices.map((i) => (
                  <tr key={i.id} className="clickable" onClick={() => window.open(href('invoice', { id: i.id }), '_blank')}>
                    <td>{i.number}</td>
                    <td>{formatDate(i.issue_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {p.empty ? (
            <div className="alert alert-warning" data-testid="no-amounts">
              {SHIPMENT_MSG.noAccountedAmounts}
            </div>
          ) : (
            <div className="amounts">
              {p.main && <AmountBlock title={SHIPMENTS_TEXT.firstCharge} amount={p.main} testId="amount-main" />}
              {p.afterService.length > 0 && (
                <div>
                  <h3>{SHIPMENTS_TEXT.secondaryCharges}</h3>
                  {p.afterService.map((a, i) => (
                    <AmountBlock key={i} title={SHIPMENTS_TEXT.chargeNumber(i + 1)} amount={a} testId={`amount-after-${i}`} />
                  ))}
                </div>
              )}
            </div>
          )}
        </>
      )}
    </section>
  )
}
