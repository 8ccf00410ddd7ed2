import { useActorRef } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import { PRICES, type PriceListKind } from '../../../contract/constants/prices.ts'
import { PRICES_TEXT, STANDING_HINT, STANDING_LABEL } from '../../../contract/messages/prices.ts'
import { href } from '../../../contract/routes.ts'
import type { OperationalPriceListRow } from '../../../contract/schemas/clients.ts'
import { formatDate } from '../../../contract/format.ts'
import type { ScreenProps } from '../../screen.ts'
import { inspect } from '../../inspector/index.ts'
import { priceListTable } from '../../wiring/prices.ts'
import { tableInput } from '../../wiring/serverTable.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

export const TYPE_TITLE: Record<PriceListKind, string> = { income: PRICES_TEXT.revenueLists, cost: PRICES_TEXT.costLists }
export const kindOf = (raw: string | undefined): PriceListKind => (raw === 'cost' ? 'cost' : 'income')

const col = serverColumns<OperationalPriceListRow>()
const columns = (type: PriceListKind): ServerColumn<OperationalPriceListRow>[] => [
  col.accessor('name', { header: UI_TEXT.name }),
  col.accessor('begin_date', { header: PRICES_TEXT.validFrom, cell: (c) => formatDate(c.getValue()) }),
  col.accessor('special_association', { header: PRICES_TEXT.specialLink }),
  type === 'cost' ? col.accessor('courier', { header: UI_TEXT.courier }) : col.accessor('country', { header: UI_TEXT.country }),
  col.accessor('standing', { header: UI_TEXT.state, enableSorting: false, cell: (c) => <span data-standing={c.row.original.standing}>{STANDING_LABEL[c.row.original.standing]}</span> }),
]
const COLUMNS = { income: columns('income'), cost: columns('cost') }

/** /operational-price-list/{type}/list (admin): the default lists of the type, 25 a page; the one in force of each kind highlighted, every list's standing named. */
export default function PriceListListView({ params }: ScreenProps) {
  const type = kindOf(params.type)
  return (
    <section className="page" data-testid="price-list-list">
      <div className="page-header">
        <h1>{TYPE_TITLE[type]}</h1>
        <span className="spacer" />
        <Link className="btn" href={href('priceListList', { type: type === 'income' ? 'cost' : 'income' })} data-testid="price-list-other-type">
          {type === 'income' ? PRICES_TEXT.costShort : PRICES_TEXT.revenueShort}
        </Link>
        <Link className="btn btn-primary" href={href('priceListForm', { type })} data-testid="price-list-new">
          {PRICES_TEXT.addPriceList}
        </Link>
      </div>
      <PriceListTable key={type} type={type} />
      <p className="hint">{STANDING_HINT}</p>
    </section>
  )
}

/** The lists of one type (a new type starts a new table). */
function PriceListTable({ type }: { type: PriceListKind }) {
  const [, navigate] = useLocation()
  const table = useActorRef(priceListTable, {
    input: tableInput({ pageLength: PRICES.pageSize, searchDelay: PRICES.redrawDelayMs, order: [{ column: 1, dir: 'desc' }], filters: { type } }),
    inspect,
  })
  return (
    <ServerTable<OperationalPriceListRow>
      testId={`price-list-table-${type}`}
      columns={COLUMNS[type]}
      actor={table}
      searchable
      searchPlaceholder={PRICES_TEXT.searchByName}
      onRowClick={(l) => navigate(href('priceListForm', { type, id: l.id }))}
      rowClassName={(l) => (l.active ? 'row-active' : undefined)}
      emptyText={PRICES_TEXT.empty}
    />
  )
}
