import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { SCAN_SCREEN_MSG as S } from '../../../contract/messages/floorScreens.ts'
import { useActorRef, useSelector } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import { canOpen, href } from '../../../contract/routes.ts'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import type { ExternalInboundRow as InboundRowSchema } from '../../../contract/schemas/floorRecords.ts'
import { useDataLoad } from '../../ui/load.ts'
import { criteriaOf, tableInput } from '../../wiring/serverTable.ts'
import { courierLoad, externalInboundTable } from '../../wiring/floorExternalInboundList.ts'
import { useSessionUser } from '../../wiring/session.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { Select, optionsOf } from '../../ui/form.tsx'
import { connectTable } from '../../../../machines/serverTable.ts'
import { inspect } from '../../inspector/index.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { idOf } from '../../ui/adminKit.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { FLOOR_SCREEN_LABEL } from '../../../contract/messages/floor.ts'

type ExternalInboundRow = typeof InboundRowSchema.Type

const col = serverColumns<ExternalInboundRow>()
/** The list's columns in the server's order (EXTERNAL_INBOUND_COLUMNS): waybill, scanned_at, comment. */
const COLUMNS: ServerColumn<ExternalInboundRow>[] = [
  col.accessor('waybill', { header: S.inboundWaybill }),
  col.accessor('scanned_at', { header: FLOOR_SCREEN_LABEL.scannedAs, cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('comment', { header: UI_TEXT.comment, enableSorting: false }),
]
const ORDER = [{ column: 1, dir: 'desc' }] as const
const NO_CRITERIA = { criteria: { inbound_courier_id: null, date: null } }

/** /external_inbound: server table of hand-overs, 25 a page, courier and day filters, reset. */
export default function ExternalInboundListView() {
  const [, navigate] = useLocation()
  const user = useSessionUser()
  const couriers = useDataLoad(courierLoad)
  // The courier and day criteria live in the table's machine: a change reloads from the first page.
  const actor = useActorRef(externalInboundTable, { input: tableInput({ pageLength: PAGE_SIZE.externalInbound, order: ORDER, filters: NO_CRITERIA }), inspect })
  const api = connectTable<ExternalInboundRow>(useSelector(actor, (s) => s), actor.send)
  const criteria = criteriaOf(api.filters)
  const courierId = typeof criteria.inbound_courier_id === 'number' ? criteria.inbound_courier_id : undefined
  const day = typeof criteria.date === 'string' ? criteria.date : ''
  const setCriteria = (change: Record<string, unknown>) => api.setFilters({ criteria: { ...criteria, ...change } })
  return (
    <section className="page wh-admin" data-testid="external-inbound-page">
      <div className="page-header">
        <h1>{S.inboundList}</h1>
        <span className="spacer" />
        {user && canOpen('externalInboundScan', user.role) && (
          <Link className="btn btn-primary" href={href('externalInboundScan')}>
            {S.inboundScan}
          </Link>
        )}
      </div>
      <div className="card filters">
        <Select
          label={UI_TEXT.courier}
          name="inbound_courier_id"
          value={courierId ?? ''}
          options={optionsOf(couriers.data ?? [], (c) => c.name, UI_TEXT.everyone)}
          onChange={(v) => setCriteria({ inbound_courier_id: idOf(v) ?? null })}
        />
        <div className="field">
          <label htmlFor="f-date">{S.inboundDay}</label>
          <input id="f-date" name="date" type="date" value={day} onChange={(e) => setCriteria({ date: e.target.value || null })} />
        </div>
        <FormActions>
          <button
            type="button"
            className="btn"
            data-testid="reset-filters"
            disabled={courierId === undefined && day === ''}
            onClick={() => api.setFilters(NO_CRITERIA)}
          >
            {UI_TEXT.resetFilters}
          </button>
        </FormActions>
      </div>
      <ServerTable<ExternalInboundRow>
        testId="external-inbound-table"
        columns={COLUMNS}
        actor={actor}
        searchable
        searchPlaceholder={S.inboundSearch}
        onRowClick={(r) => navigate(href('externalInboundDetail', { id: r.id }))}
      />
    </section>
  )
}
