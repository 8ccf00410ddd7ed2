import { type ActorRefFrom, type SnapshotFrom, assign, enqueueActions, fromPromise, setup } from 'xstate'
import { PRICES, SURCHARGES } from '../src/contract/constants/prices.ts'
import type { PriceListKind } from '../src/contract/constants/prices.ts'
import { PriceListCreateRequest } from '../src/contract/schemas/prices.ts'
import { type FieldErrors, decode } from '../src/contract/validation.ts'
import { failureOf } from './floorFailure.ts'
import { type Values, recordFormMachine } from './recordForm.ts'

/**
 * The operational price-list form (/operational-price-list/{type}/form[/{id}], and …/client_form/…):
 * a workflow around the recordForm child `form` (load, edit, save, delete by ACT).
 *
 *   idle ─ADD_THRESHOLD / REMOVE_THRESHOLD─▶ idle (the child's weight_thresholds replaced)
 *   idle ─CLONE─▶ cloning ─done─▶ idle (the default list's values copied, or `noDefault`; error: `failed`)
 *   idle ─DEACTIVATE─▶ confirmingDeactivate ─CONFIRM─▶ deactivating ─done─▶ deactivated (`left`)
 *
 * A list in use loads read-only (the child's `viewing`), and none of the workflow's changes apply.
 * Tags: `busy` (cloning, deactivating), `confirming` (confirmingDeactivate), `done` (deactivated).
 */

export interface PriceListFormInput {
  type: PriceListKind
  /** The client of a client list; null for a default list. */
  idClient: number | null
  id: number | null
}

export interface PriceListFormContext extends PriceListFormInput {
  failure: string | null
}

export type PriceListFormEvent =
  | { type: 'ADD_THRESHOLD' }
  | { type: 'REMOVE_THRESHOLD'; index: number }
  | { type: 'CLONE' }
  | { type: 'DEACTIVATE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }

export interface ThresholdValue {
  limiting_threshold: string
  base_amount: string
}

// ---- form values ⇄ request ----------------------------------------------------------------------------

/** Values of a new list: the defaults of the spec (country 1, PLN, RON, thresholds 3/5/15/20/30 kg at 0.00). */
export function newListValues(type: PriceListKind, idClient: number | null): Values {
  const v: Record<string, unknown> = {
    name: '',
    special_association: '',
    begin_date: '',
    currency: PRICES.defaultCurrency,
    specific_factors_currency: PRICES.defaultSpecificFactorsCurrency,
    id_client: idClient,
    id_courier: type === 'cost' ? '' : null,
    id_country: type === 'income' ? PRICES.defaultCountryId : null,
    weight_thresholds: PRICES.defaultThresholdsKg.map((kg) => ({ limiting_threshold: String(kg), base_amount: PRICES.defaultBaseAmount })),
  }
  for (const x of SURCHARGES) {
    v[`${x}_account_factor_type`] = 'lump_sum'
    v[`${x}_account_factor`] = '0.00'
    v[`${x}_account_factor_minimal`] = ''
    v[`${x}_account_factor_maximal`] = ''
  }
  return v
}

/** The editable values of a stored (or default, when cloning) list. */
export function listValues(list: Readonly<Record<string, unknown>>): Values {
  const v: Record<string, unknown> = {}
  for (const k of ['name', 'special_association', 'begin_date', 'currency', 'specific_factors_currency', 'id_client', 'id_courier', 'id_country']) v[k] = list[k] ?? null
  for (const x of SURCHARGES) {
    v[`${x}_account_factor_type`] = list[`${x}_account_factor_type`] ?? 'lump_sum'
    v[`${x}_account_factor`] = list[`${x}_account_factor`] ?? '0.00'
    v[`${x}_account_factor_minimal`] = list[`${x}_account_factor_minimal`] ?? ''
    v[`${x}_account_factor_maximal`] = list[`${x}_account_factor_maximal`] ?? ''
  }
  const th = Array.isArray(list.weight_thresholds) ? list.weight_thresholds : []
  v.weight_thresholds = th.map((t: { limiting_threshold?: unknown; base_amount?: unknown }) => ({
    limiting_threshold: String(t.limiting_threshold ?? ''),
    base_amount: String(t.base_amount ?? ''),
  }))
  return v
}

const num = (v: unknown): unknown => {
  if (typeof v === 'number') return v
  if (typeof v !== 'string') return v
  const s = v.trim().replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : v
}
const optionalNum = (v: unknown): unknown => (v === '' || v == null ? null : num(v))
const optionalId = (v: unknown): unknown => (v === '' || v == null ? null : num(v))

/** The request the server decodes, from the form's values (numbers from the inputs' text). */
export function listRequest(values: Values): Record<string, unknown> {
  const r: Record<string, unknown> = { ...values, id_client: optionalId(values.id_client), id_courier: optionalId(values.id_courier), id_country: optionalId(values.id_country) }
  for (const x of SURCHARGES) {
    r[`${x}_account_factor`] = num(values[`${x}_account_factor`])
    const percent = values[`${x}_account_factor_type`] === 'percent'
    r[`${x}_account_factor_minimal`] = percent ? optionalNum(values[`${x}_account_factor_minimal`]) : null
    r[`${x}_account_factor_maximal`] = percent ? optionalNum(values[`${x}_account_factor_maximal`]) : null
  }
  const th = Array.isArray(values.weight_thresholds) ? (values.weight_thresholds as ThresholdValue[]) : []
  r.weight_thresholds = th.map((t) => ({ limiting_threshold: num(t.limiting_threshold), base_amount: num(t.base_amount) }))
  return r
}

/** Field errors of the values: what the server would answer (the contract's schema). */
export function validateList(values: Values): FieldErrors {
  const d = decode(PriceListCreateRequest, listRequest(values))
  return d.ok ? {} : d.errors
}

export const thresholdsOf = (values: Values): ThresholdValue[] => (Array.isArray(values.weight_thresholds) ? (values.weight_thresholds as ThresholdValue[]) : [])

/** A new row after the last: 5 kg heavier, same base amount. */
export function addThreshold(rows: readonly ThresholdValue[]): ThresholdValue[] {
  const last = rows.at(-1)
  const kg = last && /^\d+(\.\d+)?$/.test(last.limiting_threshold) ? String(Number(last.limiting_threshold) + 5) : String(PRICES.defaultThresholdsKg[0])
  return [...rows, { limiting_threshold: kg, base_amount: last?.base_amount ?? PRICES.defaultBaseAmount }]
}
export const removeThreshold = (rows: readonly ThresholdValue[], index: number) => rows.filter((_, i) => i !== index)

/** The values a clone takes from a default list: everything but the name, the client and the start date. */
export function clonedValues(from: Readonly<Record<string, unknown>>, current: Values): Values {
  const v = listValues(from)
  return { ...v, name: current.name, begin_date: current.begin_date, id_client: current.id_client, special_association: current.special_association }
}

// ---- the machine -----------------------------------------------------------------------------------------

type FormChild = ActorRefFrom<typeof recordFormMachine>
/** The record-form child of a running actor (none while a transition is only computed, as the model tests do). */
function formOf(self: { getSnapshot: () => unknown }): FormChild | undefined {
  try {
    const snap = self.getSnapshot() as { children?: { form?: FormChild } } | undefined
    return snap?.children?.form
  } catch {
    return undefined
  }
}
/** The child's values (none from a stand-in child without a record form's context). */
const valuesOf = (form: FormChild | undefined): Values => (form?.getSnapshot() as { context?: { values?: Values } } | undefined)?.context?.values ?? {}

export const priceListFormMachine = setup({
  types: {
    context: {} as PriceListFormContext,
    events: {} as PriceListFormEvent,
    input: {} as PriceListFormInput,
    children: {} as { form: 'form'; loadDefault: 'loadDefault'; deactivate: 'deactivate' },
  },
  actors: {
    form: recordFormMachine,
    /** The active default list to clone (null when there is none). */
    loadDefault: fromPromise<Readonly<Record<string, unknown>> | null, { type: PriceListKind; values: Values }>(async () => {
      throw new Error('loadDefault not provided')
    }),
    deactivate: fromPromise<unknown, { type: PriceListKind; id: number }>(async () => {
      throw new Error('deactivate not provided')
    }),
  },
  guards: {
    /** A client list (the clone copies into the child, which takes values only while it edits). */
    clientList: ({ context }) => context.idClient !== null,
    /** A stored client list (the server refuses one that is not active now). */
    storedClientList: ({ context }) => context.idClient !== null && context.id !== null,
    found: ({ event }) => 'output' in event && event.output != null,
  },
  actions: {
    setThresholds: enqueueActions(({ event, enqueue, self }) => {
      const form = formOf(self)
      if (!form) return
      const rows = thresholdsOf(valuesOf(form))
      const next = event.type === 'ADD_THRESHOLD' ? addThreshold(rows) : event.type === 'REMOVE_THRESHOLD' ? removeThreshold(rows, event.index) : rows
      enqueue.sendTo(form, { type: 'SET', name: 'weight_thresholds', value: next })
    }),
    copyDefault: enqueueActions(({ event, enqueue, self }) => {
      const form = formOf(self)
      if (!form || !('output' in event) || event.output == null || typeof event.output !== 'object') return
      enqueue.sendTo(form, { type: 'SET_MANY', values: clonedValues(event.output as Record<string, unknown>, valuesOf(form)) })
    }),
    storeFailure: assign({ failure: ({ event }) => ('error' in event ? failureOf(event.error).message : null) }),
    /** Side effects provided by the web. */
    cloned: () => {},
    noDefault: () => {},
    failed: () => {},
    left: () => {},
  },
}).createMachine({
  id: 'priceListForm',
  context: ({ input }) => ({ ...input, failure: null }),
  invoke: {
    id: 'form',
    src: 'form',
    input: ({ context }) => ({ id: context.id, validate: validateList, keepEditing: true }),
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        // The child takes SET only while it edits: a list in use keeps its thresholds.
        ADD_THRESHOLD: { actions: 'setThresholds' },
        REMOVE_THRESHOLD: { actions: 'setThresholds' },
        CLONE: { guard: 'clientList', target: 'cloning' },
        DEACTIVATE: { guard: 'storedClientList', target: 'confirmingDeactivate' },
      },
    },
    cloning: {
      tags: ['busy'],
      invoke: {
        id: 'loadDefault',
        src: 'loadDefault',
        input: ({ context, self }) => ({ type: context.type, values: valuesOf(formOf(self)) }),
        onDone: [
          { guard: 'found', target: 'idle', actions: ['copyDefault', 'cloned'] },
          { target: 'idle', actions: 'noDefault' },
        ],
        onError: { target: 'idle', actions: ['storeFailure', 'failed'] },
      },
    },
    confirmingDeactivate: {
      tags: ['confirming'],
      on: { CONFIRM: 'deactivating', CANCEL: 'idle' },
    },
    deactivating: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context }) => ({ type: context.type, id: context.id ?? 0 }),
        onDone: { target: 'deactivated', actions: 'left' },
        onError: { target: 'idle', actions: ['storeFailure', 'failed'] },
      },
    },
    deactivated: { tags: ['done'] },
  },
})

export type PriceListFormMachine = typeof priceListFormMachine
export type PriceListFormActor = ActorRefFrom<PriceListFormMachine>

/** The workflow's part of the view's props (the child form is connected with connectRecordForm). */
export function connectPriceListForm(state: SnapshotFrom<PriceListFormMachine>, send: (e: PriceListFormEvent) => void) {
  const form = state.children.form?.getSnapshot()
  const extra = form?.context.extra
  const list = typeof extra === 'object' && extra !== null ? (extra as { used?: unknown; active?: unknown }) : {}
  const editable = form?.hasTag('editable') === true
  return {
    form: state.children.form,
    inUse: list.used === true,
    isClientList: state.context.idClient !== null,
    busy: state.hasTag('busy'),
    confirmingDeactivate: state.hasTag('confirming'),
    /** Clone from default: a client list not in use, while editing. */
    canClone: editable && state.can({ type: 'CLONE' }),
    /** Deactivate: a stored client list that is active now. */
    canDeactivate: list.active === true && state.can({ type: 'DEACTIVATE' }),
    canEditThresholds: editable && !state.hasTag('busy') && !state.hasTag('confirming'),
    addThreshold: () => send({ type: 'ADD_THRESHOLD' }),
    removeThreshold: (index: number) => send({ type: 'REMOVE_THRESHOLD', index }),
    clone: () => send({ type: 'CLONE' }),
    deactivate: () => send({ type: 'DEACTIVATE' }),
    confirm: () => send({ type: 'CONFIRM' }),
    cancel: () => send({ type: 'CANCEL' }),
  }
}
