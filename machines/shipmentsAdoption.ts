import { assign, fromPromise, setup } from 'xstate'
import { SHIPMENT } from '../src/contract/constants/shipments.ts'
import { SHIPMENT_MSG } from '../src/contract/messages/shipments.ts'

/**
 * Force assignment of a buffer or unprocessable parcel to a client (a header button of the
 * shipment screen and its adoption window): the admin picks the client, the eMAG flag and, for an unprocessable
 * parcel, the return flag; on success the message and a notice of the redirect show, and the
 * shipment page opens SHIPMENT.adoptionRedirectMs (7 s) later.
 *
 *   editing ── SUBMIT (client chosen) ──▶ submitting ──▶ redirecting ── after 7 s ──▶ done
 *                                              └── error ──▶ editing ('Wystąpił nieznany błąd')
 */
export type AdoptionKind = 'buffer' | 'unprocessable'

export interface AdoptionInput {
  parcelId: number
  kind: AdoptionKind
}

export interface AdoptionRequest {
  kind: AdoptionKind
  id_parcel: number
  id_client: number
  is_emag_parcel: boolean
  return: boolean | null
}

export interface AdoptionContext extends AdoptionInput {
  client: { id: number; name: string } | null
  isEmag: boolean
  isReturn: boolean
  error: string | null
  /** The shipment page to open after the delay. */
  internalWaybill: string | null
  message: string | null
}

export type AdoptionEvent =
  | { type: 'CHOOSE_CLIENT'; client: { id: number; name: string } | null }
  | { type: 'SET_EMAG'; on: boolean }
  | { type: 'SET_RETURN'; on: boolean }
  | { type: 'SUBMIT' }

export const adoptionRequest = (c: AdoptionContext): AdoptionRequest => ({
  kind: c.kind,
  id_parcel: c.parcelId,
  id_client: c.client!.id,
  is_emag_parcel: c.isEmag,
  // The return flag belongs to the unprocessable form only.
  return: c.kind === 'unprocessable' ? c.isReturn : null,
})

export const adoptionMachine = setup({
  types: {
    context: {} as AdoptionContext,
    events: {} as AdoptionEvent,
    input: {} as AdoptionInput,
  },
  actors: {
    /** PATCH app/v1/parcel/adopt/buffer | unprocessable; resolves with { message, internal_waybill }. */
    adopt: fromPromise<{ message: string; internal_waybill: string }, AdoptionRequest>(async () => {
      throw new Error('adopt not provided')
    }),
  },
  delays: { redirect: SHIPMENT.adoptionRedirectMs },
  guards: {
    clientChosen: ({ context }) => context.client !== null,
    unprocessable: ({ context }) => context.kind === 'unprocessable',
  },
  actions: {
    /** Success message and the notice of the redirect; provided by the web. */
    notifyAdopted: () => {},
    /** Error toast of `error`; provided by the web. */
    notifyFailed: () => {},
    /** Opens /shipment/{internalWaybill}; provided by the web. */
    openShipment: () => {},
  },
}).createMachine({
  id: 'adoption',
  context: ({ input }) => ({ ...input, client: null, isEmag: false, isReturn: false, error: null, internalWaybill: null, message: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        CHOOSE_CLIENT: { actions: assign({ client: ({ event }) => event.client, error: null }) },
        SET_EMAG: { actions: assign({ isEmag: ({ event }) => event.on }) },
        SET_RETURN: { guard: 'unprocessable', actions: assign({ isReturn: ({ event }) => event.on }) },
        SUBMIT: { guard: 'clientChosen', target: 'submitting', actions: assign({ error: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'adopt',
        src: 'adopt',
        input: ({ context }) => adoptionRequest(context),
        onDone: {
          target: 'redirecting',
          actions: [assign({ internalWaybill: ({ event }) => event.output.internal_waybill, message: ({ event }) => event.output.message }), 'notifyAdopted'],
        },
        onError: { target: 'editing', actions: [assign({ error: SHIPMENT_MSG.adoptFailed }), 'notifyFailed'] },
      },
    },
    redirecting: {
      tags: ['adopted'],
      after: { redirect: { target: 'done', actions: 'openShipment' } },
    },
    done: { type: 'final', tags: ['adopted'] },
  },
})

export type AdoptionMachine = typeof adoptionMachine

/** Tags: `editable` (choosing), `busy` (adopting), `adopted` (the redirect to the shipment is on its way). */
export type AdoptionTag = 'editable' | 'busy' | 'adopted'

/** The adoption modal's props, by tags. */
export function connectAdoption(
  state: { context: AdoptionContext; hasTag: (tag: AdoptionTag) => boolean; can: (e: AdoptionEvent) => boolean },
  send: (e: AdoptionEvent) => void,
) {
  const c = state.context
  return {
    client: c.client,
    isEmag: c.isEmag,
    isReturn: c.isReturn,
    error: c.error,
    message: c.message,
    isEditable: state.hasTag('editable'),
    isBusy: state.hasTag('busy'),
    isAdopted: state.hasTag('adopted'),
    /** A return is asked for unprocessable parcels only. */
    asksReturn: c.kind === 'unprocessable',
    canSubmit: state.can({ type: 'SUBMIT' }),
    chooseClient: (client: { id: number; name: string } | null) => send({ type: 'CHOOSE_CLIENT', client }),
    setEmag: (on: boolean) => send({ type: 'SET_EMAG', on }),
    setReturn: (on: boolean) => send({ type: 'SET_RETURN', on }),
    submit: () => send({ type: 'SUBMIT' }),
  }
}
export type AdoptionProps = ReturnType<typeof connectAdoption>
