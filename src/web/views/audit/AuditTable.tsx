import { useMachine } from '@xstate/react'
import { AUDIT_MSG, auditChangeLines } from '../../../contract/messages/audit.ts'
import { formatDateTime } from '../../../contract/format.ts'
import type { AuditRow } from '../../../contract/schemas/audit.ts'
import { type AuditInput, connectAudit } from '../../../../machines/audit.ts'
import { inspect } from '../../inspector/index.ts'
import { type ServerColumn, type ServerTableActor, ServerTable, serverColumns } from '../../ui/table.tsx'
import { auditLogic } from '../../wiring/audit.ts'

const T = AUDIT_MSG.columns
const col = serverColumns<AuditRow>()
/** The audit table's columns; `orderIndex` is the server's column (0 id = the order of writes, 2 e-mail, 3 address, 4 entity, 6 action). */
const COLUMNS: ServerColumn<AuditRow>[] = [
  col.accessor('at', { header: T.at, meta: { orderIndex: 0 }, cell: (c) => <span data-testid="audit-at">{formatDateTime(c.getValue())}</span> }),
  col.accessor('user_email', { header: T.who, meta: { orderIndex: 2, className: 'wrap' }, cell: (c) => <span data-testid="audit-who">{c.getValue()}</span> }),
  col.accessor('address', { header: T.address, meta: { orderIndex: 3 } }),
  col.accessor('entity', {
    header: T.entity,
    meta: { orderIndex: 4, className: 'wrap' },
    cell: ({ row: { original: r } }) => <span data-testid="audit-entity">{`${AUDIT_MSG.entities[r.entity]} ${r.entity_id}`}</span>,
  }),
  col.accessor('action', { header: T.action, meta: { orderIndex: 6 }, cell: ({ row: { original: r } }) => <span data-testid="audit-action">{AUDIT_MSG.actions[r.action]}</span> }),
  col.display({
    id: 'changes',
    header: T.changes,
    enableSorting: false,
    meta: { className: 'wrap' },
    cell: ({ row: { original: r } }) => (
      <ul className="audit-changes" data-testid="audit-changes">
        {auditChangeLines(r.changes).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
  }),
]

/** The audit rows of an audit workflow's `table` child. */
export function AuditRows({ table, emptyText }: { table: ServerTableActor; emptyText: string }) {
  return <ServerTable<AuditRow> testId="audit-table" columns={COLUMNS} actor={table} emptyText={emptyText} />
}

/** A record's "Historia zmian" tab: its audit entries, newest first (a client's include its parameters). */
export function AuditHistory({ record }: { record: NonNullable<AuditInput['record']> }) {
  const [state, send] = useMachine(auditLogic, { input: { record }, inspect })
  const p = connectAudit(state, send)
  const table = state.children.table as ServerTableActor | undefined
  return (
    <section data-testid="audit-history" aria-label={AUDIT_MSG.historyTab}>
      <div className="page-header">
        <span className="spacer" />
        <button type="button" className="btn" data-testid="audit-export" onClick={p.exportFile}>
          {AUDIT_MSG.filters.export}
        </button>
      </div>
      {table && <AuditRows table={table} emptyText={AUDIT_MSG.historyEmpty} />}
    </section>
  )
}
