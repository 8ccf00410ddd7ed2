import { useMachine } from '@xstate/react'
import { useCallback } from 'react'
import { Link, useLocation } from 'wouter'
import { CLIENT_LIST_KINDS, VOLUME_CLASSES } from '../../../contract/constants/clients.ts'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { CLIENTS_TEXT, CLIENT_LABEL } from '../../../contract/messages/clients.ts'
import { href } from '../../../contract/routes.ts'
import type { ClientRow } from '../../../contract/schemas/clients.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { type VolumeChoice, connectClientList } from '../../../../machines/clientsList.ts'
import { inspect } from '../../inspector/index.ts'
import { clientListInput, clientListLogic } from '../../wiring/clients.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const col = serverColumns<ClientRow>()
/** Columns of /clients; their positions are the server's column indexes. The classes follow. Text columns wrap: the table fits 1366 px. */
const COLUMNS: ServerColumn<ClientRow>[] = [
  col.accessor('id', { header: UI_TEXT.id }),
  col.accessor('name', { header: UI_TEXT.name, meta: { className: 'wrap' } }),
  col.accessor('country', { header: UI_TEXT.country }),
  col.accessor('city', { header: CLIENTS_TEXT.city, meta: { className: 'wrap' } }),
  col.accessor('post_code', { header: UI_TEXT.postalCode, meta: { className: 'wrap' } }),
  col.accessor('street', { header: CLIENTS_TEXT.street, meta: { className: 'wrap' } }),
  col.accessor('address', { header: UI_TEXT.address, meta: { className: 'wrap' } }),
  col.accessor('phone_number_prefix', { header: UI_TEXT.prefix }),
  col.accessor('phone_number', { header: UI_TEXT.phone }),
  col.accessor('email_verified_at', { header: UI_TEXT.emailConfirmed, cell: (c) => formatDateTime(c.getValue()), meta: { className: 'wrap' } }),
  col.accessor('volume_class', { header: CLIENTS_TEXT.volume, enableSorting: false }),
  col.accessor('last_month_count', {
    header: CLIENTS_TEXT.lastMonth,
    enableSorting: false,
    meta: { className: 'wrap' },
    cell: (c) => `${c.getValue()} (${c.row.original.last_month_class}, ${CLIENT_LABEL.growth[c.row.original.growth]})`,
  }),
]

const classOptions = [{ value: '', label: UI_TEXT.all }, ...VOLUME_CLASSES.map((v) => ({ value: v, label: v }))]
const isClass = (v: string): v is VolumeChoice => v === '' || (VOLUME_CLASSES as readonly string[]).includes(v)

/** /clients (admin): the clients table with the list selector, filters and reset; criteria kept in a cookie for a day. */
export default function ClientsView() {
  const [, navigate] = useLocation()
  const [state, send] = useMachine(clientListLogic, { input: clientListInput(), inspect })
  const p = connectClientList(state, send)
  const open = useCallback((c: ClientRow) => navigate(href('client', { id: c.id })), [navigate])
  return (
    <section className="page" data-testid="clients-page">
      <div className="page-header">
        <h1>{CLIENTS_TEXT.clients}</h1>
        <span className="spacer" />
        <Link className="btn btn-primary" href={href('clientNew')} data-testid="client-add">
          {CLIENTS_TEXT.addClient}
        </Link>
      </div>
      <form
        className="card filters"
        aria-label={CLIENTS_TEXT.filters}
        onSubmit={(e) => {
          e.preventDefault()
          p.apply()
        }}
      >
        <div className="filters-grid">
          <div className="field">
            <label htmlFor="clients-list">{CLIENTS_TEXT.list}</label>
            <select id="clients-list" data-testid="clients-list" value={p.list} onChange={(e) => {
              const v = CLIENT_LIST_KINDS.find((k) => k === e.target.value)
              if (v) p.setList(v)
            }}>
              {CLIENT_LIST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CLIENT_LABEL.lists[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="clients-text">{CLIENTS_TEXT.nameOrAlias}</label>
            <input id="clients-text" data-testid="clients-text" value={p.draft.text} maxLength={100} onChange={(e) => p.setText(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="clients-volume">{CLIENTS_TEXT.volumeClass}</label>
            <select id="clients-volume" data-testid="clients-volume" value={p.draft.volume} onChange={(e) => isClass(e.target.value) && p.setVolume(e.target.value)}>
              {classOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="clients-last-month">{CLIENTS_TEXT.lastMonthClass}</label>
            <select id="clients-last-month" data-testid="clients-last-month" value={p.draft.lastMonthClass} onChange={(e) => isClass(e.target.value) && p.setLastMonthClass(e.target.value)}>
              {classOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FormActions submit={{ label: UI_TEXT.filter, disabled: !p.canApply, testId: 'clients-filter' }}>
          <button type="button" className="btn" data-testid="clients-reset" disabled={!p.canReset} onClick={p.reset}>
            {UI_TEXT.clear}
          </button>
        </FormActions>
      </form>
      {p.table && (
        <ServerTable<ClientRow>
          testId="clients-table"
          columns={COLUMNS}
          actor={p.table}
          onRowClick={open}
          rowClassName={(c) => (c.deleted_at ? 'row-muted' : undefined)}
          emptyText={CLIENTS_TEXT.noClients}
        />
      )}
    </section>
  )
}
