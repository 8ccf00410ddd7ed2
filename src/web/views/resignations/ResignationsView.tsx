import { useCallback } from 'react'
import { useActorRef } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { href } from '../../../contract/routes.ts'
import type { Resignation } from '../../../contract/schemas/resignations.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { inspect } from '../../inspector/index.ts'
import { myResignationsTable, resignationsTable } from '../../wiring/resignations.ts'
import { tableInput } from '../../wiring/serverTable.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { RESIGNATIONS_TEXT } from '../../../contract/messages/resignations.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const col = serverColumns<Resignation>()
/**
 * Server column indexes: 0 waybill, 1 client, 2 scan date, 3 resend date, 4 creation date. The
 * admin's table: waybill, client, scan date, resend date.
 */
const ADMIN_COLUMNS: ServerColumn<Resignation>[] = [
  col.accessor('waybill', { header: RESIGNATIONS_TEXT.shipmentNumber }),
  col.accessor('client_name', { header: UI_TEXT.client }),
  col.accessor('scanned_at', { header: RESIGNATIONS_TEXT.scanDate, cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('resend_at', { header: RESIGNATIONS_TEXT.returnDate, cell: (c) => formatDateTime(c.getValue()) }),
]
/** The client's own table: waybill, creation date, scan date, resend date. */
const CLIENT_COLUMNS: ServerColumn<Resignation>[] = [
  col.accessor('waybill', { header: RESIGNATIONS_TEXT.shipmentNumber }),
  col.accessor('created_at', { header: RESIGNATIONS_TEXT.reportDate, cell: (c) => formatDateTime(c.getValue()), meta: { orderIndex: 4 } }),
  col.accessor('scanned_at', { header: RESIGNATIONS_TEXT.scanDate, cell: (c) => formatDateTime(c.getValue()), meta: { orderIndex: 2 } }),
  col.accessor('resend_at', { header: RESIGNATIONS_TEXT.returnDate, cell: (c) => formatDateTime(c.getValue()), meta: { orderIndex: 3 } }),
]

/** /parcel-reported-resignations (admin): reported resignations of every client, 25 a page, newest first. */
export default function ResignationsView() {
  return <ResignationTable mine={false} />
}

/** /my-parcel-reported-resignations (client): the client's own reports. */
export function MyResignationsView() {
  return <ResignationTable mine />
}

function ResignationTable({ mine }: { mine: boolean }) {
  const [, navigate] = useLocation()
  const open = useCallback((r: Resignation) => navigate(href(mine ? 'myResignation' : 'resignation', { id: r.id })), [navigate, mine])
  const table = useActorRef(mine ? myResignationsTable : resignationsTable, {
    input: tableInput({ pageLength: PAGE_SIZE.resignations, order: [{ column: 4, dir: 'desc' }] }),
    inspect,
  })
  return (
    <section className="page" data-testid="resignations-page">
      <div className="page-header">
        <h1>{RESIGNATIONS_TEXT.reported}</h1>
        <span className="spacer" />
        <Link className="btn btn-primary" href={href(mine ? 'myResignation' : 'resignation')} data-testid="resignation-add">
          {RESIGNATIONS_TEXT.addReport}
        </Link>
      </div>
      <ServerTable<Resignation>
        testId="resignations-table"
        columns={mine ? CLIENT_COLUMNS : ADMIN_COLUMNS}
        actor={table}
        searchable
        searchPlaceholder={mine ? RESIGNATIONS_TEXT.shipmentNumber : RESIGNATIONS_TEXT.numberOrClient}
        onRowClick={open}
        emptyText={RESIGNATIONS_TEXT.empty}
      />
    </section>
  )
}
