import type * as Schema from 'effect/Schema'
import { assign, fromPromise, setup } from 'xstate'
import { type FieldErrors, decode } from '../src/contract/validation.ts'
import { failureOfEvent, outputOf } from './floorFailure.ts'

/**
 * The one generic form over one record (a client, a price band, a status, a resignation, ...):
 *
 *   loading ─done─▶ editing ─SUBMIT (valid)─▶ saving ─done─▶ editing (keepEditing) | saved
 *      │      └───▶ viewing (read-only)                 └error─▶ editing (`failed`, messages per field)
 *      └error─▶ loadFailed ─RETRY─▶ loading
 *   editing | viewing ─ACT─▶ confirming ─CONFIRM─▶ acting ─done─▶ editing | viewing | left
 * SUBMIT only while `validate` (the server's schema) finds nothing; messages for touched fields,
 * all after a submit; `dirty` since the load or last save. ACT: the confirmed action (block/unblock
 * stays, delete leaves). The web provides the actors and the effects `saved`, `failed`, `acted`,
 * `left`. Tags: `loading`, `busy`, `problem`, `editable`, `readOnly`, `confirming`, `done`.
 */
export type Values = Readonly<Record<string, unknown>>
/** Per-field messages of a 422 answer. */
export type ServerErrors = Readonly<Record<string, readonly string[]>>

export interface RecordFormInput {
  /** The record's id; null for a new one. */
  id: number | null
  /** Field errors of the values (empty when valid). */
  validate: (values: Values) => FieldErrors
  /**
   * After a save the form stays open for more changes (the save's answer may give the record's id);
   * else it is done. Default: a stored record's form stays open (it is never left frozen), a new
   * record's form is done (the web leaves for the list).
   */
  keepEditing?: boolean
  /** After a save the form starts again from the loaded values, untouched (a password change: empty fields). */
  resetAfterSave?: boolean
}

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

/** What `load` answers: the values to edit and what the form shows beside them. */
export interface Loaded {
  values: Values
  /** Reference data of the form (countries, parameter types...). */
  extra?: unknown
  /** Choices of the select fields, by field. */
  options?: Readonly<Record<string, readonly FormOption[]>>
  /** Read-only lines shown with the form. */
  facts?: readonly FormFact[]
  /** The confirmed action (delete, block) is offered for this record; default: every stored record. */
  actable?: boolean
  /** Nothing can be changed (a client's resignation once made): the form is only viewed. */
  readOnly?: boolean
}

/** What the confirmed action answers: new values to keep editing, or `leave` when the record is gone; `message` for the toast. */
export interface ActResult {
  values?: Values
  /** New reference data of the form (a workstation's occupancy after it was cleared). */
  extra?: unknown
  leave?: boolean
  message?: string
}

export interface RecordFormContext {
  id: number | null
  validate: (values: Values) => FieldErrors
  keepEditing: boolean
  resetAfterSave: boolean
  values: Values
  /** The values as loaded: where a form that resets after a save starts again. */
  loaded: Values
  extra: unknown
  options: Readonly<Record<string, readonly FormOption[]>>
  facts: readonly FormFact[]
  actable: boolean
  readOnly: boolean
  touched: Readonly<Record<string, true>>
  submitted: boolean
  /** Messages of the last 422, per field; a field's own message goes when it is edited. */
  serverErrors: ServerErrors
  /** The last failure's message (load, save or action). */
  error: string | null
  /** The answer of the last save. */
  saved: unknown
  /** The answer of the last confirmed action. */
  acted: ActResult | null
  /** Values changed since they were loaded or saved: leaving the form asks first (the leave-guard). */
  dirty: boolean
  /** Which confirmed action was asked, when a record offers several (delete, clear); null for the one default action. */
  action: string | null
  /** How many confirmed actions were done: what depends on the record (a history table) asks again when it grows. */
  acts: number
}

export type RecordFormEvent =
  | { type: 'SET'; name: string; value: unknown }
  /** Several fields at once (generated password, a chosen client's id and name). */
  | { type: 'SET_MANY'; values: Values }
  | { type: 'TOUCH'; name: string }
  | { type: 'SUBMIT' }
  | { type: 'ACT'; action?: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  /** The record again from the server (after something else changed it). */
  | { type: 'RELOAD' }

/** A form's `validate` from the contract's schema: the field errors the server would answer for the values. */
export const validateWith =
  (schema: Schema.Decoder<unknown>) =>
  (values: Values): FieldErrors => {
    const d = decode(schema, values)
    return d.ok ? {} : d.errors
  }

export const isValid = (errors: FieldErrors) => Object.values(errors).every((m) => m.length === 0)

/** The messages a field shows now: the browser's check once touched (or after a submit attempt), and the server's. */
export function fieldErrors(c: RecordFormContext, name: string): string[] {
  const own = c.touched[name] || c.submitted ? (c.validate(c.values)[name] ?? []) : []
  return [...own, ...(c.serverErrors[name] ?? [])]
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** The id and message of an answer (a save's), when it has them. */
export function answerOf(answer: unknown): { id: number | null; message: string | null } {
  const a = isRecord(answer) ? answer : {}
  return { id: typeof a.id === 'number' ? a.id : null, message: typeof a.message === 'string' ? a.message : null }
}

/** Back to the record: viewed when read-only, else edited. */
const backToRecord = [{ guard: 'readOnly' as const, target: 'viewing' }, { target: 'editing' }]

export const recordFormMachine = setup({
  types: {
    context: {} as RecordFormContext,
    events: {} as RecordFormEvent,
    input: {} as RecordFormInput,
  },
  actors: {
    /** The record with its form values (or the empty values of a new one when `id` is null). */
    load: fromPromise<Loaded, { id: number | null }>(async () => {
      throw new Error('load not provided')
    }),
    /** Creates (`id` null) or updates the record. */
    save: fromPromise<unknown, { id: number | null; values: Values }>(async () => {
      throw new Error('save not provided')
    }),
    act: fromPromise<ActResult, { id: number | null; values: Values; action: string | null }>(async () => {
      throw new Error('act not provided')
    }),
  },
  guards: {
    valid: ({ context }) => isValid(context.validate(context.values)),
    canAct: ({ context }) => context.id !== null && context.actable,
    readOnly: ({ context }) => context.readOnly,
    /** Guards run before the transition's actions: the loaded record's flag is read from the answer. */
    loadedReadOnly: ({ event }) => outputOf<Loaded>(event).readOnly === true,
    keepEditing: ({ context }) => context.keepEditing,
    leaves: ({ event }) => outputOf<ActResult>(event).leave === true,
  },
  actions: {
    storeLoaded: assign(({ context, event }) => {
      const out = outputOf<Loaded>(event)
      return {
        values: out.values,
        loaded: out.values,
        extra: out.extra ?? null,
        options: out.options ?? {},
        facts: out.facts ?? [],
        actable: out.actable ?? context.id !== null,
        readOnly: out.readOnly ?? false,
        error: null,
        touched: {},
        submitted: false,
        serverErrors: {},
        dirty: false,
      }
    }),
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {}
      const { [event.name]: _gone, ...serverErrors } = context.serverErrors
      return { values: { ...context.values, [event.name]: event.value }, serverErrors, dirty: true }
    }),
    setMany: assign(({ context, event }) => {
      if (event.type !== 'SET_MANY') return {}
      const serverErrors = Object.fromEntries(Object.entries(context.serverErrors).filter(([k]) => !(k in event.values)))
      return { values: { ...context.values, ...event.values }, serverErrors, dirty: true }
    }),
    touch: assign({ touched: ({ context, event }) => (event.type === 'TOUCH' ? { ...context.touched, [event.name]: true as const } : context.touched) }),
    markSubmitted: assign({ submitted: true }),
    storeSaved: assign(({ context, event }) => {
      const saved = outputOf<unknown>(event)
      const id = context.keepEditing ? (answerOf(saved).id ?? context.id) : context.id
      const fresh = context.resetAfterSave ? { values: context.loaded, touched: {}, submitted: false } : {}
      return { saved, error: null, serverErrors: {}, dirty: false, id, ...fresh }
    }),
    storeFailure: assign(({ event }) => {
      const f = failureOfEvent(event)
      return { error: f.message, serverErrors: f.status === 422 ? f.errors : {} }
    }),
    storeActed: assign(({ context, event }) => {
      const out = outputOf<ActResult>(event)
      return {
        acted: out,
        values: out.values ? { ...context.values, ...out.values } : context.values,
        extra: out.extra !== undefined ? out.extra : context.extra,
        error: null,
        acts: context.acts + 1,
      }
    }),
    askAction: assign({ action: ({ event }) => (event.type === 'ACT' ? (event.action ?? null) : null) }),
    /** Side effects provided by the web. */
    saved: () => {},
    failed: () => {},
    acted: () => {},
    left: () => {},
  },
}).createMachine({
  id: 'recordForm',
  context: ({ input }) => ({
    id: input.id,
    validate: input.validate,
    keepEditing: input.keepEditing ?? input.id !== null,
    resetAfterSave: input.resetAfterSave ?? false,
    values: {},
    loaded: {},
    extra: null,
    options: {},
    facts: [],
    actable: false,
    readOnly: false,
    touched: {},
    submitted: false,
    serverErrors: {},
    error: null,
    saved: null,
    acted: null,
    dirty: false,
    action: null,
    acts: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: 'loadedReadOnly', target: 'viewing', actions: 'storeLoaded' },
          { target: 'editing', actions: 'storeLoaded' },
        ],
        onError: { target: 'loadFailed', actions: 'storeFailure' },
      },
    },
    loadFailed: {
      tags: ['problem'],
      on: { RETRY: 'loading' },
    },
    editing: {
      tags: ['editable'],
      on: {
        SET: { actions: 'set' },
        SET_MANY: { actions: 'setMany' },
        TOUCH: { actions: 'touch' },
        SUBMIT: [{ guard: 'valid', target: 'saving' }, { actions: 'markSubmitted' }],
        ACT: { guard: 'canAct', target: 'confirming', actions: 'askAction' },
        RELOAD: 'loading',
      },
    },
    viewing: {
      tags: ['readOnly'],
      on: { ACT: { guard: 'canAct', target: 'confirming', actions: 'askAction' }, RELOAD: 'loading' },
    },
    confirming: {
      tags: ['confirming'],
      on: { CONFIRM: 'acting', CANCEL: backToRecord },
    },
    acting: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({ id: context.id, values: context.values, action: context.action }),
        onDone: [
          { guard: 'leaves', target: 'left', actions: ['storeActed', 'left'] },
          ...backToRecord.map((t) => ({ ...t, actions: ['storeActed' as const, 'acted' as const] })),
        ],
        onError: backToRecord.map((t) => ({ ...t, actions: ['storeFailure' as const, 'failed' as const] })),
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.id, values: context.values }),
        onDone: [
          { guard: 'keepEditing', target: 'editing', actions: ['storeSaved', 'saved'] },
          { target: 'saved', actions: ['storeSaved', 'saved'] },
        ],
        onError: { target: 'editing', actions: ['storeFailure', 'failed'] },
      },
    },
    saved: { tags: ['done'] },
    left: { tags: ['done'] },
  },
})

export type RecordFormMachine = typeof recordFormMachine
type RecordFormTag = 'busy' | 'loading' | 'problem' | 'editable' | 'readOnly' | 'confirming' | 'done'

/** What a form view needs, from the machine's state (the view asks tags, not state names). */
export function connectRecordForm(
  state: { context: RecordFormContext; hasTag: (tag: RecordFormTag) => boolean; can: (event: RecordFormEvent) => boolean },
  send: (e: RecordFormEvent) => void,
) {
  const c = state.context
  const valid = isValid(c.validate(c.values))
  return {
    values: c.values,
    extra: c.extra,
    /** Choices of a select field. */
    optionsOf: (name: string) => c.options[name] ?? [],
    facts: c.facts,
    loading: state.hasTag('loading'),
    busy: state.hasTag('busy'),
    problem: state.hasTag('problem'),
    editable: state.hasTag('editable'),
    readOnly: state.hasTag('readOnly'),
    confirming: state.hasTag('confirming'),
    error: c.error,
    isNew: c.id === null,
    canSubmit: state.hasTag('editable') && valid,
    /** The confirmed action (delete, block) can be asked now. */
    canAct: state.can({ type: 'ACT' }),
    /** The record offers the confirmed action at all (shown, though maybe not possible right now). */
    actable: c.id !== null && c.actable,
    errorsOf: (name: string) => fieldErrors(c, name),
    touched: (name: string) => c.touched[name] === true,
    /** A value as text for an input (numbers and null too). */
    text: (name: string) => String(c.values[name] ?? ''),
    set: (name: string, value: unknown) => send({ type: 'SET', name, value }),
    setMany: (values: Values) => send({ type: 'SET_MANY', values }),
    touch: (name: string) => send({ type: 'TOUCH', name }),
    /** Sets a field and shows its messages at once (fields checked while typing). */
    change: (name: string, value: unknown) => {
      send({ type: 'SET', name, value })
      send({ type: 'TOUCH', name })
    },
    submit: () => send({ type: 'SUBMIT' }),
    act: () => send({ type: 'ACT' }),
    /** Asks one of the record's several confirmed actions by name (delete, clear). */
    actFor: (action: string) => send({ type: 'ACT', action }),
    /** The confirmed action asked (null: the default one). */
    pendingAction: c.action,
    /** Grows with each confirmed action done. */
    acts: c.acts,
    reload: () => send({ type: 'RELOAD' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
    retry: () => send({ type: 'RETRY' }),
    /** Changed values not saved yet: the view guards leaving the page (`useLeaveGuard`). */
    isDirty: c.dirty && (state.hasTag('editable') || state.hasTag('busy')),
    isSaving: state.hasTag('busy') && !state.hasTag('loading') && !state.hasTag('confirming'),
    /** Everything a text input needs for a field: value, messages, change and blur. */
    fieldProps: (name: string) => ({
      name,
      value: String(c.values[name] ?? ''),
      errors: fieldErrors(c, name),
      readOnly: !state.hasTag('editable'),
      onChange: (e: { target: { value: string } }) => {
        send({ type: 'SET', name, value: e.target.value })
        send({ type: 'TOUCH', name })
      },
      onBlur: () => send({ type: 'TOUCH', name }),
    }),
  }
}
export type RecordFormProps = ReturnType<typeof connectRecordForm>
/** The generic form's connect function under the name every form screen uses. */
export const connectForm = connectRecordForm
