import { type ActorRefFrom, type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import type { FieldErrors } from '../src/contract/validation.ts'
import { failureOf } from './floorKit.ts'

/**
 * One generic machine for every record form of the admin screens (status, resignation, alias
 * resolution): load the record (or the empty values of a new one) with what the form needs,
 * edit, check, save, and delete after a confirmation.
 *
 *   loading ─done─▶ editing ◀──────────────┐            loading ─error─▶ loadFailed ─RETRY─▶ loading
 *                   │ CHANGE (re-check)     │
 *                   ├ SUBMIT [valid] ─▶ saving ─done / error─┘
 *                   └ DELETE [deletable] ─▶ confirmingDelete ─CONFIRM─▶ deleting ─done─▶ removed
 *                                                └CANCEL─▶ editing        └error─▶ editing
 *
 * The check is the contract's schema, given by the web as `validate`; 422 answers put the
 * server's field messages beside the fields. What to do after a save or a delete (toast, go to
 * another page) are the actions `saved` and `removed`, provided by the web; `failed` shows a
 * failure. Tags: `busy` (loading, saving, deleting), `problem` (loadFailed), `editable`
 * (editing and not read-only), `confirming`.
 */

export type FormValues = Readonly<Record<string, unknown>>
/** Per-field messages of a 422 answer. */
export type ServerErrors = Readonly<Record<string, readonly string[]>>

/** A choice of a select field. */
export interface FormOption {
  value: string | number
  label: string
}
/** A read-only line of the form (a scan date, who scanned): label and the text shown. */
export interface FormFact {
  id: string
  label: string
  value: string
}

/** What `load` answers: the values to edit, the choices of the select fields and facts about the record. */
export interface LoadedRecord {
  values: FormValues
  /** Choices of the select fields, by field. */
  options: Readonly<Record<string, readonly FormOption[]>>
  /** Read-only lines shown with the form (empty for a new record). */
  facts: readonly FormFact[]
  /** A delete button is offered. */
  deletable: boolean
  /** Nothing can be changed (a client's resignation after creation). */
  readOnly: boolean
}

export interface SavedRecord {
  id: number
  message: string
}

export interface AdminRecordFormInput {
  /** The record to edit; null makes a new one. */
  recordId: number | null
  /** Field → messages for the values (empty when valid); the contract's schema, given by the web. */
  validate: (values: FormValues) => FieldErrors
}

export interface AdminRecordFormContext {
  recordId: number | null
  validate: (values: FormValues) => FieldErrors
  values: FormValues
  options: Readonly<Record<string, readonly FormOption[]>>
  facts: readonly FormFact[]
  deletable: boolean
  readOnly: boolean
  /** Messages of the browser's check, by field. */
  errors: FieldErrors
  /** Messages of the last 422 answer, by field (a field's are dropped when it changes). */
  serverErrors: ServerErrors
  touched: Readonly<Record<string, true>>
  /** SUBMIT was tried: every field's messages show. */
  submitted: boolean
  /** The last failure as text (load, save, delete). */
  failure: string | null
  /** The answer of the last save or delete. */
  done: SavedRecord | null
}

export type AdminRecordFormEvent =
  | { type: 'CHANGE'; field: string; value: unknown }
  | { type: 'SUBMIT' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }

export const isValid = (errors: FieldErrors) => Object.values(errors).every((m) => m.length === 0)

export const adminRecordFormMachine = setup({
  types: {
    context: {} as AdminRecordFormContext,
    events: {} as AdminRecordFormEvent,
    input: {} as AdminRecordFormInput,
  },
  actors: {
    /** The record with its form values (or the empty values when `id` is null). */
    load: fromPromise<LoadedRecord, { id: number | null }>(async () => {
      throw new Error('load not provided')
    }),
    /** Creates (`id` null) or updates the record. */
    save: fromPromise<SavedRecord, { id: number | null; values: FormValues }>(async () => {
      throw new Error('save not provided')
    }),
    remove: fromPromise<SavedRecord, { id: number }>(async () => {
      throw new Error('remove not provided')
    }),
  },
  guards: {
    valid: ({ context }) => !context.readOnly && isValid(context.errors),
    deletable: ({ context }) => context.recordId !== null && context.deletable,
    writable: ({ context }) => !context.readOnly,
  },
  actions: {
    /** Shows `context.done.message` and moves on (a new record's page, the list); provided by the web. */
    saved: () => {},
    /** After a delete (toast, back to the list); provided by the web. */
    removed: () => {},
    /** Shows `context.failure`; provided by the web. */
    failed: () => {},
  },
}).createMachine({
  id: 'adminRecordForm',
  context: ({ input }) => ({
    recordId: input.recordId,
    validate: input.validate,
    values: {},
    options: {},
    facts: [],
    deletable: false,
    readOnly: false,
    errors: {},
    serverErrors: {},
    touched: {},
    submitted: false,
    failure: null,
    done: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.recordId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            ...event.output,
            errors: context.validate(event.output.values),
            serverErrors: {},
            touched: {},
            submitted: false,
            failure: null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
      },
    },
    loadFailed: {
      tags: ['problem'],
      on: { RETRY: 'loading' },
    },
    editing: {
      tags: ['editable'],
      on: {
        CHANGE: {
          guard: 'writable',
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value }
            const { [event.field]: _dropped, ...serverErrors } = context.serverErrors
            return { values, errors: context.validate(values), serverErrors, touched: { ...context.touched, [event.field]: true as const } }
          }),
        },
        SUBMIT: [{ guard: 'valid', target: 'saving', actions: assign({ submitted: true }) }, { actions: assign({ submitted: true }) }],
        DELETE: { guard: 'deletable', target: 'confirmingDelete' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.recordId, values: context.values }),
        onDone: {
          target: 'editing',
          actions: [assign(({ event }) => ({ done: event.output, recordId: event.output.id, failure: null, serverErrors: {} })), 'saved'],
        },
        onError: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              const f = failureOf(event.error)
              return { failure: f.message, serverErrors: f.errors }
            }),
            'failed',
          ],
        },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: { CONFIRM: 'deleting', CANCEL: 'editing' },
    },
    deleting: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.recordId ?? 0 }),
        onDone: { target: 'removed', actions: [assign({ done: ({ event }) => event.output }), 'removed'] },
        onError: { target: 'editing', actions: [assign({ failure: ({ event }) => failureOf(event.error).message }), 'failed'] },
      },
    },
    removed: { type: 'final' },
  },
})

export type AdminRecordFormMachine = typeof adminRecordFormMachine
export type AdminRecordFormActor = ActorRefFrom<AdminRecordFormMachine>
export type AdminRecordFormSnapshot = SnapshotFrom<AdminRecordFormMachine>

/** The messages a field shows: the server's, else the browser's, once the field was touched or SUBMIT tried. */
export const shownErrors = (c: AdminRecordFormContext, field: string): string[] =>
  c.submitted || c.touched[field] ? [...(c.serverErrors[field] ?? c.errors[field] ?? [])] : []

/** Props of a record form view: what it shows and what it may send (zag-style `connect`). */
export function connectAdminRecordForm(state: AdminRecordFormSnapshot, send: (e: AdminRecordFormEvent) => void) {
  const c = state.context
  return {
    creating: c.recordId === null,
    loading: state.matches('loading'),
    problem: state.hasTag('problem') ? c.failure : null,
    busy: state.hasTag('busy'),
    editable: state.hasTag('editable') && !c.readOnly,
    readOnly: c.readOnly,
    values: c.values,
    optionsOf: (field: string) => c.options[field] ?? [],
    facts: c.facts,
    /** A value as text for an input (numbers and null too). */
    text: (field: string) => (c.values[field] == null ? '' : String(c.values[field])),
    errorsOf: (field: string) => shownErrors(c, field),
    canSave: state.hasTag('editable') && !c.readOnly,
    canDelete: state.can({ type: 'DELETE' }),
    confirming: state.hasTag('confirming'),
    change: (field: string, value: unknown) => send({ type: 'CHANGE', field, value }),
    submit: () => send({ type: 'SUBMIT' }),
    askDelete: () => send({ type: 'DELETE' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
    retry: () => send({ type: 'RETRY' }),
  }
}
export type AdminRecordFormProps = ReturnType<typeof connectAdminRecordForm>
