import { useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { canOpen, href } from '../../../contract/routes.ts'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import type { ExternalInboundRow as InboundRowSchema } from '../../../contract/schemas/warehouse.ts'
import { call } from '../../api/client.ts'
import { useSessionUser } from '../../machines/session.ts'
import { formatDateTime } from '../../../contract/time.ts'
import { Select } from '../../ui/form.tsx'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { idOf, optionsOf, useLoad } from './adminKit.tsx'

type ExternalInboundRow = typeof InboundRowSchema.Type

const col = serverColumns<ExternalInboundRow>()
/** The list's columns in the server's order (EXTERNAL_INBOUND_COLUMNS): waybill, scanned_at, comment. */
const COLUMNS: ServerColumn<ExternalInboundRow>[] = [
  col.accessor('waybill', { header: 'List przewozowy' }),
  col.accessor('scanned_at', { header: 'Zeskanowano', cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('comment', { header: 'Komentarz', enableSorting: false }),
]
const ORDER = [{ column: 1, dir: 'desc' }] as const

/** /external_inbound: server table of hand-overs, 25 a page, courier and day filters, reset. */
export default function ExternalInboundListView() {
  const [, navigate] = useLocation()
  const user = useSessionUser()
  const [couriers] = useLoad(() => call(endpoints.externalInboundCouriers), 'couriers')
  const [courierId, setCourierId] = useState<number | undefined>()
  const [day, setDay] = useState('')
  const filters = useMemo(() => ({ criteria: { inbound_courier_id: courierId ?? null, date: day || null } }), [courierId, day])
  return (
    <section className="page wh-admin" data-testid="external-inbound-page">
      <div className="page-header">
        <h1>Przyjęcia zewnętrzne</h1>
        <span className="spacer" />
        {user && canOpen('externalInboundScan', user.role) && (
          <Link className="btn btn-primary" href={href('externalInboundScan')}>
            Skanuj przyjęcia
          </Link>
        )}
      </div>
      <div className="card filters">
        <Select
          label="Kurier"
          name="inbound_courier_id"
          value={courierId ?? ''}
          options={optionsOf(couriers.status === 'ready' ? couriers.data : [], (c) => c.name, 'Wszyscy')}
          onChange={(v) => setCourierId(idOf(v))}
        />
        <div className="field">
          <label htmlFor="f-date">Dzień przyjęcia</label>
          <input id="f-date" name="date" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="btn"
            data-testid="reset-filters"
            disabled={courierId === undefined && day === ''}
            onClick={() => {
              setCourierId(undefined)
              setDay('')
            }}
          >
            Resetuj filtry
          </button>
        </div>
      </div>
      <ServerTable<ExternalInboundRow>
        testId="external-inbound-table"
        columns={COLUMNS}
        endpoint={endpoints.externalInboundList}
        pageSize={PAGE_SIZE.externalInbound}
        defaultOrder={ORDER}
        filters={filters}
        searchable
        searchPlaceholder="List przewozowy lub komentarz"
        onRowClick={(r) => navigate(href('externalInboundDetail', { id: r.id }))}
      />
    </section>
  )
}
