import { assign, fromPromise, setup } from 'xstate'
import type { FieldErrors } from '../src/contract/validation.ts'

/** The output of a done actor event (the event arrives as the machine's event union). */
const outputOf = <T,>(event: unknown): T => (event as { output: T }).output

/**
 * A client's courier account: the data must be checked with the courier
 * before they are saved.
 *
 *   loading ─▶ locked (protected account: only unpinning)
 *          └─▶ editing.checked (an existing account, as stored)
 *   new ────▶ editing.unchecked ─CHECK─▶ checking ─done─▶ editing.checked ─SAVE─▶ saving ─done─▶ saved
 *                                             └406─▶ editing.unchecked (10-second error)
 *   editing.checked ─SET login/password/service/courier─▶ editing.unchecked (a new check is needed)
 *   editing ─DELETE─▶ confirmingDelete ─CONFIRM─▶ deleting ─▶ deleted
 *   editing | locked ─UNPIN─▶ confirmingUnpin ─CONFIRM─▶ unpinning ─▶ unpinned
 *
 * The Check button shows while the state has the tag `needsCheck`, Save while it has `canSave`.
 * Mode `probe` is the permission-check modal: login and password only, no saving; a successful
 * check shows the contract number, e-mail and phone.
 */
export const CHECKED_FIELDS: readonly string[] = ['username', 'password', 'service', 'id_courier']

export interface CredentialValues {
  id_courier: number
  id_type: number | null
  username: string
  password: string
  service: string
  note: string
  comment: string
}

export interface CheckResult {
  client_id: string
  contract_number: string
  email: string
  phone_number: string
}

export interface CredentialCheckInput {
  mode: 'account' | 'probe'
  clientId: number
  /** The account edited; null for a new one. */
  id: number | null
  defaultCourierId: number
}

/** What `load` answers: reference data (kinds of account, couriers) and, for an existing account, the account. */
export interface LoadedCredential {
  reference: unknown
  account?: {
    values: Omit<CredentialValues, 'password'>
    protected: boolean
    contract: CheckResult | null
  }
}

export interface CredentialCheckContext {
  mode: 'account' | 'probe'
  clientId: number
  id: number | null
  values: CredentialValues
  /** Reference data the form shows (kinds of account, couriers). */
  reference: unknown
  protected: boolean
  /** The last successful check (or what the account holds). */
  result: CheckResult | null
  checked: boolean
  serverErrors: FieldErrors
  error: string | null
}

export type CredentialCheckEvent =
  | { type: 'SET'; name: keyof CredentialValues; value: string | number | null }
  | { type: 'CHECK' }
  | { type: 'SAVE' }
  | { type: 'DELETE' }
  | { type: 'UNPIN' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }

interface Failure {
  status?: number
  message?: string
  data?: { message?: string; errors?: FieldErrors }
}
const failureOf = (event: unknown): Failure => ((event as { error?: Failure }).error ?? {}) as Failure

/** Login and password (or a stored password of an existing account) are what a check needs. */
export const checkable = (c: Pick<CredentialCheckContext, 'values' | 'id'>) =>
  c.values.username.trim() !== '' && (c.values.password !== '' || c.id !== null)
/** Saving also needs the kind of account. */
export const savable = (c: Pick<CredentialCheckContext, 'values' | 'id' | 'checked'>) => c.checked && checkable(c) && c.values.id_type !== null

const blank = (courier: number): CredentialValues => ({ id_courier: courier, id_type: null, username: '', password: '', service: '', note: '', comment: '' })

export const credentialCheckMachine = setup({
  types: {
    context: {} as CredentialCheckContext,
    events: {} as CredentialCheckEvent,
    input: {} as CredentialCheckInput,
  },
  actors: {
    load: fromPromise<LoadedCredential, { id: number | null }>(async () => {
      throw new Error('load not provided')
    }),
    /** PUT credential/check (account) or PATCH app/v1/credential/ (probe); 406 when the courier refuses. */
    check: fromPromise<CheckResult, { mode: 'account' | 'probe'; id: number | null; values: CredentialValues }>(async () => {
      throw new Error('check not provided')
    }),
    save: fromPromise<unknown, { clientId: number; id: number | null; values: CredentialValues }>(async () => {
      throw new Error('save not provided')
    }),
    remove: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('remove not provided')
    }),
    unpin: fromPromise<unknown, { id: number; clientId: number }>(async () => {
      throw new Error('unpin not provided')
    }),
  },
  guards: {
    isProbe: ({ context }) => context.mode === 'probe',
    isProtected: ({ context }) => context.protected,
    wasChecked: ({ context }) => context.checked,
    checksField: ({ event }) => event.type === 'SET' && CHECKED_FIELDS.includes(event.name),
    checkable: ({ context }) => checkable(context),
    savable: ({ context }) => context.mode === 'account' && savable(context),
    existing: ({ context }) => context.id !== null && context.mode === 'account',
    refused: ({ event }) => failureOf(event).status === 406,
  },
  actions: {
    storeLoaded: assign(({ event }) => {
      const out = outputOf<LoadedCredential>(event)
      const a = out.account
      return a
        ? { reference: out.reference, values: { ...a.values, password: '' }, protected: a.protected, result: a.contract, checked: true, error: null }
        : { reference: out.reference, error: null }
    }),
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {}
      const { [event.name]: _gone, ...serverErrors } = context.serverErrors
      return { values: { ...context.values, [event.name]: event.value }, serverErrors }
    }),
    uncheck: assign({ checked: false, result: null }),
    storeResult: assign({ result: ({ event }) => outputOf<CheckResult>(event), checked: true, error: null }),
    storeFailure: assign(({ event }) => {
      const f = failureOf(event)
      return { error: f.data?.message || f.message || 'Wystąpił nieznany błąd', serverErrors: f.status === 422 ? (f.data?.errors ?? {}) : {} }
    }),
    /** Side effects provided by the web (toasts and navigation). */
    checkOk: () => {},
    checkFailed: () => {},
    failed: () => {},
    saved: () => {},
    removed: () => {},
    unpinned: () => {},
  },
}).createMachine({
  id: 'credentialCheck',
  context: ({ input }) => ({
    mode: input.mode,
    clientId: input.clientId,
    id: input.id,
    values: blank(input.defaultCourierId),
    reference: null,
    protected: false,
    result: null,
    checked: false,
    serverErrors: {},
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isProbe', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'routing', actions: 'storeLoaded' },
        onError: { target: 'loadFailed', actions: 'storeFailure' },
      },
    },
    routing: {
      always: [{ guard: 'isProtected', target: 'locked' }, { target: 'editing' }],
    },
    loadFailed: {
      tags: ['problem'],
      on: { RETRY: 'loading' },
    },
    locked: {
      tags: ['locked'],
      on: { UNPIN: 'confirmingUnpin' },
    },
    editing: {
      tags: ['editable'],
      initial: 'route',
      on: {
        SET: [
          { guard: 'checksField', target: '.unchecked', actions: ['set', 'uncheck'] },
          { actions: 'set' },
        ],
        DELETE: { guard: 'existing', target: 'confirmingDelete' },
        UNPIN: { guard: 'existing', target: 'confirmingUnpin' },
      },
      states: {
        route: {
          always: [{ guard: 'wasChecked', target: 'checked' }, { target: 'unchecked' }],
        },
        unchecked: {
          tags: ['needsCheck'],
          on: { CHECK: { guard: 'checkable', target: '#credentialCheck.checking' } },
        },
        checked: {
          tags: ['canSave'],
          on: { SAVE: { guard: 'savable', target: '#credentialCheck.saving' } },
        },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ mode: context.mode, id: context.id, values: context.values }),
        onDone: { target: 'editing.checked', actions: ['storeResult', 'checkOk'] },
        onError: [
          { guard: 'refused', target: 'editing.unchecked', actions: ['uncheck', 'storeFailure', 'checkFailed'] },
          { target: 'editing.unchecked', actions: ['storeFailure', 'failed'] },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ clientId: context.clientId, id: context.id, values: context.values }),
        onDone: { target: 'saved', actions: 'saved' },
        onError: [
          { guard: 'refused', target: 'editing.unchecked', actions: ['uncheck', 'storeFailure', 'checkFailed'] },
          { target: 'editing.checked', actions: ['storeFailure', 'failed'] },
        ],
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: { CONFIRM: 'deleting', CANCEL: 'editing' },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: { target: 'deleted', actions: 'removed' },
        onError: { target: 'editing', actions: ['storeFailure', 'failed'] },
      },
    },
    confirmingUnpin: {
      tags: ['confirming'],
      on: { CONFIRM: 'unpinning', CANCEL: [{ guard: 'isProtected', target: 'locked' }, { target: 'editing' }] },
    },
    unpinning: {
      tags: ['busy'],
      invoke: {
        id: 'unpin',
        src: 'unpin',
        input: ({ context }) => ({ id: context.id ?? 0, clientId: context.clientId }),
        onDone: { target: 'unpinned', actions: 'unpinned' },
        onError: [{ guard: 'isProtected', target: 'locked', actions: ['storeFailure', 'failed'] }, { target: 'editing', actions: ['storeFailure', 'failed'] }],
      },
    },
    saved: { tags: ['done'] },
    deleted: { tags: ['done'] },
    unpinned: { tags: ['done'] },
  },
})

export type CredentialCheckMachine = typeof credentialCheckMachine
type Tag = 'busy' | 'loading' | 'problem' | 'locked' | 'editable' | 'needsCheck' | 'canSave' | 'confirming' | 'done'

/** The props of the account form and of the permission-check modal. */
export function connectCredentialCheck(
  state: { context: CredentialCheckContext; hasTag: (tag: Tag) => boolean; can: (e: CredentialCheckEvent) => boolean },
  send: (e: CredentialCheckEvent) => void,
) {
  const c = state.context
  return {
    values: c.values,
    reference: c.reference,
    result: c.result,
    isNew: c.id === null,
    protected: c.protected,
    error: c.error,
    errorsOf: (name: keyof CredentialValues) => c.serverErrors[name] ?? [],
    busy: state.hasTag('busy'),
    loading: state.hasTag('loading'),
    problem: state.hasTag('problem'),
    locked: state.hasTag('locked'),
    editable: state.hasTag('editable'),
    confirming: state.hasTag('confirming'),
    /** The Check button shows until a check succeeds; then Save. */
    showCheck: state.hasTag('needsCheck') || (state.hasTag('busy') && !c.checked),
    showSave: state.hasTag('canSave') && c.mode === 'account',
    canCheck: state.can({ type: 'CHECK' }),
    canSave: state.can({ type: 'SAVE' }),
    canDelete: state.can({ type: 'DELETE' }),
    canUnpin: state.can({ type: 'UNPIN' }),
    set: (name: keyof CredentialValues, value: string | number | null) => send({ type: 'SET', name, value }),
    check: () => send({ type: 'CHECK' }),
    save: () => send({ type: 'SAVE' }),
    remove: () => send({ type: 'DELETE' }),
    unpin: () => send({ type: 'UNPIN' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
    retry: () => send({ type: 'RETRY' }),
  }
}
export type CredentialCheckProps = ReturnType<typeof connectCredentialCheck>
