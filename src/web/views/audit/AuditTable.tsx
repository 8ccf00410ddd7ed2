import { useMachine } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { AUDIT_MSG, auditChangeLines } from '../../../contract/messages/audit.ts'
import { formatDateTime } from '../../../contract/format.ts'
import type { AuditRow } from '../../../contract/schemas/audit.ts'
import { type AuditRecord, connectAudit } from '../../../../machines/audit.ts'
import { inspect } from '../../inspector/index.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import type { ServerTableActor } from '../../../../machines/serverTable.ts'
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
export function AuditHistory({ record }: { record: AuditRecord }) {
  const [state, send] = useMachine(auditLogic, { input: { record }, inspect })
  const p = connectAudit(state, send)
  return (
    <section data-testid="audit-history" aria-label={AUDIT_MSG.historyTab}>
      <div className="page-header">
        <span className="spacer" />
        <button type="button" className="btn" data-testid="audit-export" onClick={p.exportFile}>
          {AUDIT_MSG.filters.export}
        </button>
      </div>
      {p.table && <AuditRows table={p.table} emptyText={AUDIT_MSG.historyEmpty} />}
    </section>
  )
}

const RECORD_TABS = ['data', 'history'] as const
const RECORD_TAB_LABEL = { data: AUDIT_MSG.recordData, history: AUDIT_MSG.historyTab } as const

/**
 * A record screen's two tabs: its data (the children) and its "Historia zmian". A record not yet
 * saved (`record` null) has no history: the children alone.
 */
export function WithHistory({ record, children }: { record: AuditRecord | null; children: ReactNode }) {
  const [tab, setTab] = useState<(typeof RECORD_TABS)[number]>('data')
  if (!record) return <>{children}</>
  return (
    <>
      <div className="tabs" role="tablist" aria-label={AUDIT_MSG.recordTabs}>
        {RECORD_TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tab} className={t === tab ? 'active' : undefined} data-testid={`record-tab-${t}`} onClick={() => setTab(t)}>
            {RECORD_TAB_LABEL[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={RECORD_TAB_LABEL[tab]}>
        {tab === 'data' ? children : <AuditHistory record={record} />}
      </div>
    </>
  )
}
