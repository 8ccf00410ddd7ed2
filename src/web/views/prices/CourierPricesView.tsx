import { useActorRef, useMachine } from '@xstate/react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { PRICES } from '../../../contract/constants/prices.ts'
import { href } from '../../../contract/routes.ts'
import type { CourierPrice } from '../../../contract/schemas/prices.ts'
import { connectListLoad } from '../../../../machines/listLoad.ts'
import { inspect } from '../../inspector/index.ts'
import { courierListLogic, courierPricesTable } from '../../wiring/prices.ts'
import { tableInput } from '../../wiring/serverTable.ts'
import { formatMoney, formatNumber } from '../../../contract/format.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { PRICES_TEXT, SURCHARGE_LABEL } from '../../../contract/messages/prices.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const col = serverColumns<CourierPrice>()
const yes = (b: boolean) => (b ? 'tak' : '—')
const COLUMNS: ServerColumn<CourierPrice>[] = [
  col.accessor('min_weight_value', { header: PRICES_TEXT.weightFrom, enableSorting: false, cell: (c) => formatNumber(c.getValue()) }),
  col.accessor('max_weight_value', { header: PRICES_TEXT.weightTo, enableSorting: false, cell: (c) => formatNumber(c.getValue()) }),
  col.accessor('net_price', { header: PRICES_TEXT.netPrice, enableSorting: false, cell: (c) => formatMoney(c.getValue(), PRICES.baseCurrency) }),
  col.accessor('vat_percentage', { header: UI_TEXT.vatPercent, enableSorting: false, cell: (c) => formatNumber(c.getValue()) }),
  col.accessor('max_insurance_value', { header: PRICES_TEXT.maxInsurance, enableSorting: false, cell: (c) => formatMoney(c.getValue(), PRICES.baseCurrency) }),
  col.accessor('cash_on_delivery', { header: SURCHARGE_LABEL.cod, enableSorting: false, cell: (c) => yes(c.getValue()) }),
  col.accessor('caution', { header: PRICES_TEXT.fragile, enableSorting: false, cell: (c) => yes(c.getValue()) }),
]

/** /prices (admin): the prices of a chosen courier (a row opens /prices/price/{id}); links to the operational price lists. */
export default function CourierPricesView() {
  const [state, send] = useMachine(courierListLogic, { inspect })
  const couriers = connectListLoad(state, send)
  // The chosen courier is what the table shows (a view choice, like an open dropdown).
  const [courier, setCourier] = useState<number | null>(null)
  const chosen = courier ?? couriers.rows[0]?.id ?? null
  const [, navigate] = useLocation()
  return (
    <section className="page" data-testid="prices-page">
      <div className="page-header">
        <h1>{PRICES_TEXT.priceLists}</h1>
        <span className="spacer" />
        <Link className="btn" href={href('priceListList', { type: 'income' })} data-testid="link-income-lists">
          {PRICES_TEXT.revenueLists}
        </Link>
        <Link className="btn" href={href('priceListList', { type: 'cost' })} data-testid="link-cost-lists">
          {PRICES_TEXT.costLists}
        </Link>
      </div>
      <h2>{PRICES_TEXT.courierPrices}</h2>
      {couriers.problem && <div className="alert alert-danger" role="alert">{couriers.problem}</div>}
      <div className="field form-narrow">
        <label htmlFor="courier-choice">{UI_TEXT.courier}</label>
        <select id="courier-choice" data-testid="courier-choice" value={chosen ?? ''} onChange={(e) => setCourier(Number(e.target.value))}>
          {couriers.rows.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {chosen !== null && (
        <CourierPriceTable key={chosen} courier={chosen} />
      )}
    </section>
  )
}

/** The prices of one courier (another courier starts a new table). */
function CourierPriceTable({ courier }: { courier: number }) {
  const [, navigate] = useLocation()
  const table = useActorRef(courierPricesTable, { input: tableInput({ pageLength: PRICES.pageSize, filters: { courier } }), inspect })
  return (
    <ServerTable<CourierPrice>
      testId="courier-prices"
      columns={COLUMNS}
      actor={table}
      onRowClick={(p) => navigate(href('price', { id: p.id }))}
      emptyText={PRICES_TEXT.noCourierPrices}
    />
  )
}
