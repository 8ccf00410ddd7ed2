import { Link, useLocation } from 'wouter'
import { PRICES, type PriceListKind } from '../../../contract/constants/prices.ts'
import { endpoints as E } from '../../../contract/endpoints.ts'
import { fetchFrom } from '../../machines/serverTable.ts'
import { STANDING_HINT, STANDING_LABEL } from '../../../contract/messages/prices.ts'
import { href } from '../../../contract/routes.ts'
import type { OperationalPriceListRow } from '../../../contract/schemas/clients.ts'
import { formatDate } from '../../ui/format.ts'
import type { ScreenProps } from '../../screen.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'

export const TYPE_TITLE: Record<PriceListKind, string> = { income: 'Cenniki operacyjne – przychodowe', cost: 'Cenniki operacyjne – kosztowe' }
export const kindOf = (raw: string | undefined): PriceListKind => (raw === 'cost' ? 'cost' : 'income')

const col = serverColumns<OperationalPriceListRow>()
const columns = (type: PriceListKind): ServerColumn<OperationalPriceListRow>[] => [
  col.accessor('name', { header: 'Nazwa' }),
  col.accessor('begin_date', { header: 'Obowiązuje od', cell: (c) => formatDate(c.getValue()) }),
  col.accessor('special_association', { header: 'Powiązanie specjalne' }),
  type === 'cost' ? col.accessor('courier', { header: 'Kurier' }) : col.accessor('country', { header: 'Kraj' }),
  col.accessor('standing', { header: 'Stan', enableSorting: false, cell: (c) => <span data-standing={c.row.original.standing}>{STANDING_LABEL[c.row.original.standing]}</span> }),
]
const COLUMNS = { income: columns('income'), cost: columns('cost') }

/** /operational-price-list/{type}/list (admin): the default lists of the type, 25 a page; the one in force of each kind highlighted, every list's standing named. */
export default function PriceListListView({ params }: ScreenProps) {
  const type = kindOf(params.type)
  const [, navigate] = useLocation()
  return (
    <section className="page" data-testid="price-list-list">
      <div className="page-header">
        <h1>{TYPE_TITLE[type]}</h1>
        <span className="spacer" />
        <Link className="btn" href={href('priceListList', { type: type === 'income' ? 'cost' : 'income' })} data-testid="price-list-other-type">
          {type === 'income' ? 'Cenniki kosztowe' : 'Cenniki przychodowe'}
        </Link>
        <Link className="btn btn-primary" href={href('priceListForm', { type })} data-testid="price-list-new">
          Dodaj cennik
        </Link>
      </div>
      <ServerTable<OperationalPriceListRow>
        key={type}
        testId={`price-list-table-${type}`}
        columns={COLUMNS[type]}
        fetch={fetchFrom(E.priceListTable, { type })}
        pageSize={PRICES.pageSize}
        searchDelay={PRICES.redrawDelayMs}
        searchable
        searchPlaceholder="Szukaj po nazwie"
        defaultOrder={[{ column: 1, dir: 'desc' }]}
        onRowClick={(l) => navigate(href('priceListForm', { type, id: l.id }))}
        rowClassName={(l) => (l.active ? 'row-active' : undefined)}
        emptyText="Brak cenników"
      />
      <p className="hint">{STANDING_HINT}</p>
    </section>
  )
}
