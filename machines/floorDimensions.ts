import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { ParcelFields } from '../src/contract/schemas/floor.ts'
import { type Feedback, feedback } from './floorKit.ts'
import { failureOf } from './floorFailure.ts'

/**
 * The dimension-update form of the intake screen: a check call first;
 * 406 asks for confirmation with the server's first message — declined: "Zmiany nie zostały
 * zapisane" (3 s); 422 shows the server's message; then the save: "Wymiary przesyłki zostały
 * zaktualizowane!". Any other failure: "Wystąpił błąd podczas aktualizacji wymiarów". Values are
 * typed as text; a decimal comma is read as a point.
 */
export const DIMENSION_FIELDS = ['weight', 'length', 'height', 'width'] as const
export type DimensionField = (typeof DIMENSION_FIELDS)[number]
export type DimensionValues = Record<DimensionField, string>

export interface DimensionsRequestBody {
  id: number
  weight: number
  length: number
  height: number
  width: number
}

export interface DimensionsContext {
  parcelId: number
  values: DimensionValues
  /** The server's first message of a 406, shown in the confirmation. */
  confirmText: string | null
  feedback: Feedback | null
  /** The parcel as saved (output). */
  saved: ParcelFields | null
}

export type DimensionsEvent =
  | { type: 'SET'; field: DimensionField; value: string }
  | { type: 'SAVE' }
  | { type: 'CONFIRM' }
  | { type: 'DECLINE' }
  | { type: 'CANCEL' }
  /** Delete in the form: empty every field. */
  | { type: 'CLEAR' }

/** The parcel's current measures as the form's text values (empty for a measure not known). */
export const dimensionValuesOf = (p: ParcelFields | null): DimensionValues => ({
  weight: p?.weight != null ? String(p.weight) : '',
  length: p?.length != null ? String(p.length) : '',
  height: p?.height != null ? String(p.height) : '',
  width: p?.width != null ? String(p.width) : '',
})

/** A typed value as a number: "12,5" → 12.5; empty or not a positive number → null. */
export const numberOf = (text: string): number | null => {
  const t = text.trim().replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(t)) return null
  const n = Number(t)
  return Number.isFinite(n) && n > 0 ? n : null
}

export const dimensionsValid = (values: DimensionValues) => DIMENSION_FIELDS.every((f) => numberOf(values[f]) !== null)

export const dimensionsBody = (c: Pick<DimensionsContext, 'parcelId' | 'values'>): DimensionsRequestBody => ({
  id: c.parcelId,
  weight: numberOf(c.values.weight)!,
  length: numberOf(c.values.length)!,
  height: numberOf(c.values.height)!,
  width: numberOf(c.values.width)!,
})

/** 422 → the server's message; anything else → the generic dimensions error. */
const failed = (error: unknown): Feedback => {
  const f = failureOf(error)
  return feedback.error(f.status === 422 ? f.message : WAREHOUSE_MSG.dimensionsError)
}

export const dimensionsMachine = setup({
  types: {
    context: {} as DimensionsContext,
    events: {} as DimensionsEvent,
    input: {} as { parcelId: number; values: DimensionValues },
    output: {} as { saved: ParcelFields | null },
    children: {} as { checkDimensions: 'checkDimensions'; saveDimensions: 'saveDimensions' },
  },
  actors: {
    checkDimensions: fromPromise<unknown, DimensionsRequestBody>(async () => {
      throw new Error('checkDimensions not provided')
    }),
    saveDimensions: fromPromise<ParcelFields, DimensionsRequestBody>(async () => {
      throw new Error('saveDimensions not provided')
    }),
  },
  guards: {
    valid: ({ context }) => dimensionsValid(context.values),
    is406: ({ event }) => failureOf((event as { error?: unknown }).error).status === 406,
  },
  actions: {
    announce: () => {},
  },
}).createMachine({
  id: 'dimensions',
  context: ({ input }) => ({ parcelId: input.parcelId, values: input.values, confirmText: null, feedback: null, saved: null }),
  output: ({ context }) => ({ saved: context.saved }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        SET: { actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }) }) },
        CLEAR: { actions: assign({ values: { weight: '', length: '', height: '', width: '' } }) },
        SAVE: [
          { guard: 'valid', target: 'checking' },
          { actions: [assign({ feedback: () => feedback.error(WAREHOUSE_MSG.dimensionsInvalid) }), 'announce'] },
        ],
        CANCEL: 'closed',
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkDimensions',
        src: 'checkDimensions',
        input: ({ context }) => dimensionsBody(context),
        onDone: 'saving',
        onError: [
          { guard: 'is406', target: 'confirming', actions: assign({ confirmText: ({ event }) => failureOf(event.error).message }) },
          { target: 'editing', actions: [assign({ feedback: ({ event }) => failed(event.error) }), 'announce'] },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        CONFIRM: { target: 'saving', actions: assign({ confirmText: null }) },
        DECLINE: {
          target: 'closed',
          actions: [assign({ confirmText: null, feedback: () => feedback.warning(WAREHOUSE_MSG.dimensionsNotSaved, WAREHOUSE.toastMs.dimensionsDeclined) }), 'announce'],
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveDimensions',
        src: 'saveDimensions',
        input: ({ context }) => dimensionsBody(context),
        onDone: {
          target: 'saved',
          actions: [assign({ saved: ({ event }) => event.output, feedback: () => feedback.success(WAREHOUSE_MSG.dimensionsUpdated) }), 'announce'],
        },
        onError: { target: 'editing', actions: [assign({ feedback: ({ event }) => failed(event.error) }), 'announce'] },
      },
    },
    saved: { type: 'final', tags: ['closed'] },
    closed: { type: 'final', tags: ['closed'] },
  },
})

/** What the dimension form shows and may send (tags, never state names). */
export function connectDimensions(state: SnapshotFrom<typeof dimensionsMachine>, send: (e: DimensionsEvent) => void) {
  return {
    /** The form is being edited (not yet saved or closed). */
    open: !state.hasTag('closed'),
    values: state.context.values,
    editable: state.hasTag('editable'),
    busy: state.hasTag('busy'),
    confirming: state.hasTag('confirming'),
    confirmText: state.context.confirmText ?? '',
    canSave: state.can({ type: 'SAVE' }),
    canCancel: state.can({ type: 'CANCEL' }),
    set: (field: DimensionField, value: string) => send({ type: 'SET', field, value }),
    save: () => send({ type: 'SAVE' }),
    cancel: () => send({ type: 'CANCEL' }),
    confirm: () => send({ type: 'CONFIRM' }),
    decline: () => send({ type: 'DECLINE' }),
  }
}
