import { AUDIT, type AuditEntity } from '../src/contract/constants/audit.ts'
import { AUDIT_MSG } from '../src/contract/messages/audit.ts'
import { AuditFilters } from '../src/contract/schemas/audit.ts'
import { type FieldErrors, decode } from '../src/contract/validation.ts'
import {
  type FilteredTableContext, type FilteredTableEvent, type FilteredTableSnapshotLike, type FilteredTableTag, connectFilteredTable,
  filteredTableMachine,
} from './filteredTable.ts'

/**
 * The audit trail's table: /audit (admins) with its filter form, and a record's "Historia zmian"
 * tab (the same table with the entity and its id fixed, no form). The form is a draft applied by
 * "Filtruj" after the contract's filter schema accepts it (dates calendar-valid, "od" not after
 * "do"); a refusal stays on its field and nothing is asked. The search text travels as the
 * table's search. "Pobierz XLSX" exports what the table shows (the applied criteria).
 */
export type AuditCriteria = {
  user_email: string
  entity: '' | AuditEntity
  from: string
  to: string
  text: string
}
export type AuditField = keyof AuditCriteria

export const EMPTY_AUDIT_CRITERIA: AuditCriteria = { user_email: '', entity: '', from: '', to: '', text: '' }

/** A record whose history is shown: its entity and id (a client's includes its parameters). */
export interface AuditRecord {
  entity: AuditEntity
  entity_id: string
}

export interface AuditInput {
  /** The record of a "Historia zmian" tab; none on /audit. */
  record?: AuditRecord
}

export type AuditContext = FilteredTableContext<AuditCriteria, AuditInput>

export type AuditEvent = FilteredTableEvent<AuditCriteria>

/** The table's filters for criteria (a record's entity and id win); `text` is the table's search. */
export function auditFilters(c: AuditCriteria, record: AuditRecord | null) {
  return {
    user_email: c.user_email.trim() || undefined,
    entity: record?.entity ?? (c.entity || undefined),
    entity_id: record?.entity_id,
    from: c.from || undefined,
    to: c.to || undefined,
    text: c.text.trim() || undefined,
  }
}

/** The draft's refusals: the contract's filter schema (the server's 422 messages), then the range's order. */
export function auditErrors(c: AuditCriteria): FieldErrors {
  const d = decode(AuditFilters, auditFilters(c, null))
  if (!d.ok) return d.errors
  if (c.from && c.to && c.from > c.to) return { to: [AUDIT_MSG.filters.fromAfterTo] }
  return {}
}

const isEntity = (v: unknown): v is AuditEntity => (AUDIT.entities as readonly unknown[]).includes(v)
const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** Criteria from any values: an entity only if it is one. */
export function cleanAuditCriteria(raw: unknown): AuditCriteria {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  return { user_email: text(r.user_email), entity: isEntity(r.entity) ? r.entity : '', from: text(r.from), to: text(r.to), text: text(r.text) }
}

export const auditMachine = filteredTableMachine<AuditCriteria, AuditInput>({
  id: 'audit',
  defaults: EMPTY_AUDIT_CRITERIA,
  clean: cleanAuditCriteria,
  filters: (c, input) => auditFilters(c, input.record ?? null),
  search: 'text',
  validate: auditErrors,
  exports: true,
  table: (input) => ({ pageLength: input.record ? AUDIT.historyPageLength : AUDIT.pageLength, order: [{ column: 0, dir: 'desc' }] }),
})

/** Tags: `editable` (the form takes input; the rows are the `table` child's, with its own tags). */
export type AuditTag = FilteredTableTag

export function connectAudit(state: FilteredTableSnapshotLike<AuditCriteria, AuditInput>, send: (e: AuditEvent) => void) {
  return {
    ...connectFilteredTable(state, send),
    /** A record's history: the form is not shown. */
    isHistory: state.context.input.record !== undefined,
  }
}
