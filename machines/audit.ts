import { assign, sendTo, setup } from 'xstate'
import { AUDIT, type AuditEntity } from '../src/contract/constants/audit.ts'
import { SEARCH_DELAY_MS } from '../src/contract/constants/ui.ts'
import { AUDIT_MSG } from '../src/contract/messages/audit.ts'
import { AuditFilters } from '../src/contract/schemas/audit.ts'
import { type FieldErrors, decode } from '../src/contract/validation.ts'
import { type ServerTableInput, serverTableMachine } from './serverTable.ts'

/**
 * The audit trail's table: /audit (admins) with its filter form, and a record's "Historia zmian"
 * tab (the same table with the entity and its id fixed, no form). The form is a draft applied by
 * "Filtruj" after the contract's filter schema accepts it (dates calendar-valid, "od" not after
 * "do"); a refusal stays on its field and nothing is asked. The search text travels as the
 * table's search. "Pobierz XLSX" exports what the table shows (the applied criteria).
 */
export interface AuditCriteria {
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

export interface AuditContext {
  record: AuditRecord | null
  criteria: AuditCriteria
  draft: AuditCriteria
  /** The draft's refusals by field, shown under the fields. */
  errors: FieldErrors
}

export type AuditEvent =
  | { type: 'SET'; field: AuditField; value: string }
  | { type: 'APPLY' }
  | { type: 'RESET' }
  | { type: 'EXPORT' }

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

const same = (a: AuditCriteria, b: AuditCriteria) => (Object.keys(a) as AuditField[]).every((k) => a[k] === b[k])
const isEntity = (v: string): v is AuditEntity => (AUDIT.entities as readonly string[]).includes(v)
const entityOf = (v: string): '' | AuditEntity => (isEntity(v) ? v : '')

export const auditMachine = setup({
  types: {
    context: {} as AuditContext,
    events: {} as AuditEvent,
    input: {} as AuditInput,
  },
  actors: { table: serverTableMachine },
  guards: {
    draftInvalid: ({ context }) => Object.keys(auditErrors(context.draft)).length > 0,
    draftDiffers: ({ context }) => !same(context.draft, context.criteria),
    notEmpty: ({ context }) => !same(context.criteria, EMPTY_AUDIT_CRITERIA) || !same(context.draft, EMPTY_AUDIT_CRITERIA),
  },
  actions: {
    setDraft: assign(({ context, event }) => {
      if (event.type !== 'SET') return {}
      const value = event.field === 'entity' ? entityOf(event.value) : event.value
      const { [event.field]: _dropped, ...errors } = context.errors
      return { draft: { ...context.draft, [event.field]: value }, errors }
    }),
    storeErrors: assign({ errors: ({ context }) => auditErrors(context.draft) }),
    apply: assign({ criteria: ({ context }) => context.draft, errors: {} }),
    reset: assign({ criteria: EMPTY_AUDIT_CRITERIA, draft: EMPTY_AUDIT_CRITERIA, errors: {} }),
    filterTable: sendTo('table', ({ context }) => {
      const { text: _text, ...filters } = auditFilters(context.criteria, context.record)
      return { type: 'FILTER' as const, filters }
    }),
    searchTable: sendTo('table', ({ context }) => ({ type: 'SEARCH' as const, text: context.criteria.text, immediate: true })),
    /** Downloads the applied criteria's XLSX; provided by the web. */
    exportFile: () => {},
  },
}).createMachine({
  id: 'audit',
  context: ({ input }) => ({ record: input.record ?? null, criteria: EMPTY_AUDIT_CRITERIA, draft: EMPTY_AUDIT_CRITERIA, errors: {} }),
  invoke: {
    id: 'table',
    src: 'table',
    input: ({ context }): ServerTableInput => {
      const { text: _text, ...filters } = auditFilters(context.criteria, context.record)
      return {
        pageLength: context.record ? AUDIT.historyPageLength : AUDIT.pageLength,
        order: [{ column: 0, dir: 'desc' }],
        filters,
        searchDelay: SEARCH_DELAY_MS,
      }
    },
  },
  initial: 'ready',
  states: {
    ready: {
      tags: ['editable'],
      on: {
        SET: { actions: 'setDraft' },
        APPLY: [
          { guard: 'draftInvalid', actions: 'storeErrors' },
          { guard: 'draftDiffers', actions: ['apply', 'filterTable', 'searchTable'] },
        ],
        RESET: { guard: 'notEmpty', actions: ['reset', 'filterTable', 'searchTable'] },
        EXPORT: { actions: 'exportFile' },
      },
    },
  },
})

/** Tags: `editable` (the form takes input; the rows are the `table` child's, with its own tags). */
export type AuditTag = 'editable'

export function connectAudit(
  state: { context: AuditContext; can: (e: AuditEvent) => boolean; hasTag: (tag: AuditTag) => boolean },
  send: (e: AuditEvent) => void,
) {
  const { draft, errors, record } = state.context
  return {
    isEditable: state.hasTag('editable'),
    /** A record's history: the form is not shown. */
    isHistory: record !== null,
    draft,
    /** The first refusal of a field, or null. */
    errorOf: (field: AuditField) => errors[field]?.[0] ?? null,
    canApply: state.can({ type: 'APPLY' }),
    canReset: state.can({ type: 'RESET' }),
    set: (field: AuditField, value: string) => send({ type: 'SET', field, value }),
    apply: () => send({ type: 'APPLY' }),
    reset: () => send({ type: 'RESET' }),
    exportFile: () => send({ type: 'EXPORT' }),
  }
}
