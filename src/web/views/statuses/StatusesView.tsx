import { useCallback } from 'react'
import { useActorRef } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { href } from '../../../contract/routes.ts'
import type { StatusTypeRow } from '../../../contract/schemas/statuses.ts'
import { inspect } from '../../inspector/index.ts'
import { statusesTable } from '../../wiring/statuses.ts'
import { tableInput } from '../../wiring/serverTable.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { YES_NO_LABEL } from '../../../contract/messages.ts'
import { STATUSES_TEXT } from '../../../contract/messages/statuses.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const col = serverColumns<StatusTypeRow>()
/** Columns of /statuses: id, name, displayed_name, internal; positions are the server's column indexes. */
const COLUMNS: ServerColumn<StatusTypeRow>[] = [
  col.accessor('id', { header: UI_TEXT.id }),
  col.accessor('name', { header: UI_TEXT.name }),
  col.accessor('displayed_name', { header: STATUSES_TEXT.displayName }),
  col.accessor('internal', { header: STATUSES_TEXT.internal, cell: (c) => (c.getValue() === 1 ? YES_NO_LABEL.yes : YES_NO_LABEL.no) }),
]

/** /statuses (admin): the server-side table of status types, 25 a page; a row opens its form. */
export default function StatusesView() {
  const [, navigate] = useLocation()
  const open = useCallback((s: StatusTypeRow) => navigate(href('status', { id: s.id })), [navigate])
  const table = useActorRef(statusesTable, { input: tableInput({ pageLength: PAGE_SIZE.statuses, order: [{ column: 0, dir: 'asc' }] }), inspect })
  return (
    <section className="page" data-testid="statuses-page">
      <div className="page-header">
        <h1>{STATUSES_TEXT.statuses}</h1>
        <span className="spacer" />
        <Link className="btn btn-primary" href={href('statusNew')} data-testid="status-add">
          {STATUSES_TEXT.addStatus}
        </Link>
      </div>
      <ServerTable<StatusTypeRow>
        testId="statuses-table"
        columns={COLUMNS}
        actor={table}
        searchable
        searchPlaceholder={STATUSES_TEXT.idOrName}
        onRowClick={open}
      />
    </section>
  )
}
