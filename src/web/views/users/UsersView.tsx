import { useCallback } from 'react'
import { useActorRef } from '@xstate/react'
import { Link, useLocation, useSearchParams } from 'wouter'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { href } from '../../../contract/routes.ts'
import type { UserRow } from '../../../contract/schemas/users.ts'
import { MSG } from '../../../contract/messages.ts'
import { inspect } from '../../inspector/index.ts'
import { tableInput } from '../../wiring/serverTable.ts'
import { endUserSessions, unlockUser, usersTable } from '../../wiring/users.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { USERS_TEXT } from '../../../contract/messages/users.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const col = serverColumns<UserRow>()

/** A button in a row that acts on that row's user, without opening the row. */
function RowAction({ testId, label, act }: { testId: string; label: string; act: () => Promise<unknown> }) {
  return (
    <button
      type="button"
      className="btn btn-sm"
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation()
        void act()
      }}
    >
      {label}
    </button>
  )
}
/** Columns of /users: id, email, email_verified_at; their positions are the server's column indexes. */
const COLUMNS: ServerColumn<UserRow>[] = [
  col.accessor('id', { header: UI_TEXT.id }),
  col.accessor('email', { header: UI_TEXT.email }),
  col.accessor('email_verified_at', { header: UI_TEXT.emailConfirmed, cell: (c) => formatDateTime(c.getValue()) }),
  // Last, so the sortable columns keep the server's indexes.
  col.display({
    id: 'unlock',
    header: USERS_TEXT.loginsAndSessions,
    enableSorting: false,
    cell: (c) => (
      <span className="row-actions">
        <RowAction testId="user-unlock" label={MSG.unlockAction} act={() => unlockUser(c.row.original.id)} />{' '}
        <RowAction testId="user-end-sessions" label={MSG.endSessionsAction} act={() => endUserSessions(c.row.original.id)} />
      </span>
    ),
  }),
]

type Which = 'all' | 'deleted'

/** /users (admin): the users table, 25 per page, with a toggle between all and deleted users. */
export default function UsersView() {
  const [, navigate] = useLocation()
  // The list shown is part of the address (/users?list=deleted), so going back from a user returns to it.
  const [search, setSearch] = useSearchParams()
  const which: Which = search.get('list') === 'deleted' ? 'deleted' : 'all'
  const table = useActorRef(usersTable, {
    input: tableInput({ pageLength: PAGE_SIZE.users, order: [{ column: 0, dir: 'asc' }], filters: { deleted: which === 'deleted' } }),
    inspect,
  })
  const setWhich = (w: Which) => {
    setSearch(w === 'deleted' ? { list: 'deleted' } : {}, { replace: true })
    table.send({ type: 'FILTER', filters: { deleted: w === 'deleted' } })
  }
  const open = useCallback((u: UserRow) => navigate(href('userEdit', { id: u.id })), [navigate])
  return (
    <section className="page" data-testid="users-page">
      <div className="page-header">
        <h1>{USERS_TEXT.users}</h1>
        <div className="segmented" role="group" aria-label={USERS_TEXT.userList}>
          <button type="button" aria-pressed={which === 'all'} data-testid="users-all" onClick={() => setWhich('all')}>
            {UI_TEXT.everyone}
          </button>
          <button type="button" aria-pressed={which === 'deleted'} data-testid="users-deleted" onClick={() => setWhich('deleted')}>
            {USERS_TEXT.deletedBlocked}
          </button>
        </div>
        <span className="spacer" />
        <Link className="btn btn-primary" href={href('userNew')} data-testid="user-add">
          {USERS_TEXT.addUser}
        </Link>
      </div>
      <ServerTable<UserRow>
        testId="users-table"
        columns={COLUMNS}
        actor={table}
        searchable
        searchPlaceholder={USERS_TEXT.emailOrId}
        onRowClick={open}
        rowClassName={(u) => (u.deleted_at ? 'row-muted' : undefined)}
        emptyText={which === 'deleted' ? USERS_TEXT.noBlocked : undefined}
      />
    </section>
  )
}
