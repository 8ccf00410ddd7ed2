import { assign, fromPromise, setup } from 'xstate'
import type { FieldErrors } from '../src/contract/validation.ts'

/** The output of a done actor event (the event arrives as the machine's event union). */
const outputOf = <T,>(event: unknown): T => (event as { output: T }).output

/**
 * One form over one record (a client, a price band, a parameter, an external API credential):
 *
 *   loading ─done─▶ editing ─SUBMIT (valid)─▶ saving ─done─▶ saved
 *      └error─▶ loadFailed ─RETRY─▶ loading      └error─▶ editing (server messages per field, `failed`)
 *   editing ─ACT─▶ confirming ─CONFIRM─▶ acting ─done─▶ editing (new values) | left
 *                            └CANCEL─▶ editing
 *
 * The values live here; `validate` (the schema the server decodes with, given as input) says what
 * is wrong, and SUBMIT is accepted only while nothing is. Messages show for touched fields, and for
 * all of them after a submit attempt. ACT is the record's confirmed action: block/unblock (stays,
 * with the values it answers) or delete (leaves). Loading, saving and the action are actors the
 * web provides; `saved`, `failed`, `acted` and `left` are its side effects (toasts, navigation).
 */
export type Values = Readonly<Record<string, unknown>>

export interface RecordFormInput {
  /** The record's id; null for a new one. */
  id: number | null
  /** Field errors of the values (empty when valid). */
  validate: (values: Values) => FieldErrors
}

/** What `load` answers: the values to edit and any reference data the form shows (options...). */
export interface Loaded {
  values: Values
  extra?: unknown
}

/** What the confirmed action answers: new values to keep editing, or `leave` when the record is gone. */
export interface ActResult {
  values?: Values
  leave?: boolean
}

export interface RecordFormContext {
  id: number | null
  validate: (values: Values) => FieldErrors
  values: Values
  extra: unknown
  touched: Readonly<Record<string, true>>
  submitted: boolean
  /** Messages of the last 422, per field; a field's own message goes when it is edited. */
  serverErrors: FieldErrors
  /** The last failure's message (load, save or action). */
  error: string | null
  saved: unknown
}

export type RecordFormEvent =
  | { type: 'SET'; name: string; value: unknown }
  /** Several fields at once (generated password, default access data). */
  | { type: 'SET_MANY'; values: Values }
  | { type: 'TOUCH'; name: string }
  | { type: 'SUBMIT' }
  | { type: 'ACT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }

interface Failure {
  status?: number
  message?: string
  data?: { message?: string; errors?: FieldErrors }
}
const failureOf = (event: unknown): Failure => ((event as { error?: Failure }).error ?? {}) as Failure
export const messageOfFailure = (f: Failure) => f.data?.message || f.message || 'Wystąpił nieznany błąd'

/** The messages a field shows now. */
export function fieldErrors(c: RecordFormContext, name: string): string[] {
  const own = c.touched[name] || c.submitted ? (c.validate(c.values)[name] ?? []) : []
  return [...own, ...(c.serverErrors[name] ?? [])]
}

export const recordFormMachine = setup({
  types: {
    context: {} as RecordFormContext,
    events: {} as RecordFormEvent,
    input: {} as RecordFormInput,
  },
  actors: {
    load: fromPromise<Loaded, { id: number | null }>(async () => {
      throw new Error('load not provided')
    }),
    save: fromPromise<unknown, { id: number | null; values: Values }>(async () => {
      throw new Error('save not provided')
    }),
    act: fromPromise<ActResult, { id: number | null; values: Values }>(async () => {
      throw new Error('act not provided')
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(context.validate(context.values)).length === 0,
    hasRecord: ({ context }) => context.id !== null,
    leaves: ({ event }) => outputOf<ActResult>(event).leave === true,
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      const out = outputOf<Loaded>(event)
      return { values: out.values, extra: out.extra ?? null, error: null, touched: {}, submitted: false, serverErrors: {} }
    }),
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {}
      const { [event.name]: _gone, ...serverErrors } = context.serverErrors
      return { values: { ...context.values, [event.name]: event.value }, serverErrors }
    }),
    setMany: assign(({ context, event }) => {
      if (event.type !== 'SET_MANY') return {}
      const serverErrors = Object.fromEntries(Object.entries(context.serverErrors).filter(([k]) => !(k in event.values)))
      return { values: { ...context.values, ...event.values }, serverErrors }
    }),
    touch: assign({ touched: ({ context, event }) => (event.type === 'TOUCH' ? { ...context.touched, [event.name]: true as const } : context.touched) }),
    markSubmitted: assign({ submitted: true }),
    storeSaved: assign({ saved: ({ event }) => outputOf<unknown>(event), error: null }),
    storeFailure: assign(({ event }) => {
      const f = failureOf(event)
      return { error: messageOfFailure(f), serverErrors: f.status === 422 ? (f.data?.errors ?? {}) : {} }
    }),
    storeActed: assign(({ context, event }) => {
      const out = outputOf<ActResult>(event)
      return { values: out.values ? { ...context.values, ...out.values } : context.values, error: null }
    }),
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
    values: {},
    extra: null,
    touched: {},
    submitted: false,
    serverErrors: {},
    error: null,
    saved: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editing', actions: 'storeLoaded' },
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
        ACT: { guard: 'hasRecord', target: 'confirming' },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { CONFIRM: 'acting', CANCEL: 'editing' },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({ id: context.id, values: context.values }),
        onDone: [
          { guard: 'leaves', target: 'left', actions: 'left' },
          { target: 'editing', actions: ['storeActed', 'acted'] },
        ],
        onError: { target: 'editing', actions: ['storeFailure', 'failed'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.id, values: context.values }),
        onDone: { target: 'saved', actions: ['storeSaved', 'saved'] },
        onError: { target: 'editing', actions: ['storeFailure', 'failed'] },
      },
    },
    saved: { tags: ['done'] },
    left: { tags: ['done'] },
  },
})

export type RecordFormMachine = typeof recordFormMachine

/** What a form view needs, from the machine's state (the view asks tags, not state names). */
export function connectRecordForm(
  state: { context: RecordFormContext; hasTag: (tag: 'busy' | 'problem' | 'editable' | 'confirming' | 'done') => boolean },
  send: (e: RecordFormEvent) => void,
) {
  const c = state.context
  const valid = Object.keys(c.validate(c.values)).length === 0
  return {
    values: c.values,
    extra: c.extra,
    loading: state.hasTag('busy') && Object.keys(c.values).length === 0,
    busy: state.hasTag('busy'),
    problem: state.hasTag('problem'),
    editable: state.hasTag('editable'),
    confirming: state.hasTag('confirming'),
    error: c.error,
    isNew: c.id === null,
    canSubmit: state.hasTag('editable') && valid,
    errorsOf: (name: string) => fieldErrors(c, name),
    touched: (name: string) => c.touched[name] === true,
    text: (name: string) => String(c.values[name] ?? ''),
    set: (name: string, value: unknown) => send({ type: 'SET', name, value }),
    setMany: (values: Values) => send({ type: 'SET_MANY', values }),
    touch: (name: string) => send({ type: 'TOUCH', name }),
    submit: () => send({ type: 'SUBMIT' }),
    act: () => send({ type: 'ACT' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
    retry: () => send({ type: 'RETRY' }),
  }
}
export type RecordFormProps = ReturnType<typeof connectRecordForm>
