import { type AnyActorRef, type EventObject, type SnapshotFrom, assign, fromCallback, fromPromise, setup } from 'xstate'
import { SEARCH_MIN_CHARS, SEARCH_DELAY_MS } from '../src/contract/constants/ui.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { ClientRef } from '../src/contract/schemas/common.ts'
import { type Feedback, failureFeedback, feedback } from './floorKit.ts'
import { failureOf } from './floorFailure.ts'

/**
 * The choose-client modal of the intake screen: a client search that starts at 3
 * characters (asked SEARCH_DELAY after the last key), then a confirmation by the client's
 * postal code and phone number without prefix. A failed confirmation: "Niepoprawna weryfikacja
 * wyboru klienta!"; success: "Pomyślnie wybrano klienta!" and the client is the output.
 * While the window is open its `windowFocus` child (the web's) puts the focus into it when it opens
 * and when it turns between the search and the confirmation.
 */
export interface ChooseClientContext {
  /** The barcode the client is chosen for (shown; handed back with the client). */
  barcode: string | null
  text: string
  clients: readonly ClientRef[]
  /** The client picked from the list, to confirm. */
  picked: ClientRef | null
  postalCode: string
  phone: string
  feedback: Feedback | null
  /** The confirmed client (output). */
  chosen: ClientRef | null
}

export type ChooseClientEvent =
  | { type: 'TYPE'; text: string }
  | { type: 'PICK'; client: ClientRef }
  | { type: 'SET_POSTAL_CODE'; value: string }
  | { type: 'SET_PHONE'; value: string }
  | { type: 'VERIFY' }
  /** Back from the confirmation to the list. */
  | { type: 'BACK' }
  | { type: 'CANCEL' }

export const isSearchable = (text: string) => text.trim().length >= SEARCH_MIN_CHARS

export const chooseClientMachine = setup({
  types: {
    context: {} as ChooseClientContext,
    events: {} as ChooseClientEvent,
    input: {} as { barcode?: string | null; text?: string },
    output: {} as { client: ClientRef | null; barcode: string | null },
    children: {} as { searchClients: 'searchClients'; verifyChoice: 'verifyChoice'; windowFocus: 'windowFocus' },
  },
  actors: {
    searchClients: fromPromise<readonly ClientRef[], { text: string }>(async () => {
      throw new Error('searchClients not provided')
    }),
    verifyChoice: fromPromise<ClientRef, { client_id: number; postal_code: string; phone_number: string }>(async () => {
      throw new Error('verifyChoice not provided')
    }),
    /** Focus into the window while it lives (the web provides the DOM's; `window` is this machine). */
    windowFocus: fromCallback<EventObject, { window: AnyActorRef }>(() => {}),
  },
  delays: { searchDelay: SEARCH_DELAY_MS },
  guards: {
    searchable: ({ event }) => event.type === 'TYPE' && isSearchable(event.text),
    filled: ({ context }) => context.postalCode.trim() !== '' && context.phone.trim() !== '',
    is422: ({ event }) => failureOf((event as { error?: unknown }).error).status === 422,
  },
  actions: {
    announce: () => {},
    setText: assign({ text: ({ event }) => (event.type === 'TYPE' ? event.text : '') }),
  },
}).createMachine({
  id: 'chooseClient',
  context: ({ input }) => ({ barcode: input.barcode ?? null, text: input.text ?? '', clients: [], picked: null, postalCode: '', phone: '', feedback: null, chosen: null }),
  output: ({ context }) => ({ client: context.chosen, barcode: context.barcode }),
  initial: 'searching',
  invoke: { id: 'windowFocus', src: 'windowFocus', input: ({ self }) => ({ window: self }) },
  on: { CANCEL: '.cancelled' },
  states: {
    searching: {
      tags: ['searching'],
      initial: 'idle',
      on: {
        TYPE: [
          { guard: 'searchable', target: '.debouncing', reenter: true, actions: 'setText' },
          { target: '.idle', actions: ['setText', assign({ clients: [] })] },
        ],
      },
      states: {
        idle: {},
        debouncing: { after: { searchDelay: 'loading' } },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'searchClients',
            src: 'searchClients',
            input: ({ context }) => ({ text: context.text.trim() }),
            onDone: { target: 'results', actions: assign({ clients: ({ event }) => event.output }) },
            onError: { target: 'results', actions: [assign({ clients: [], feedback: () => feedback.error(FLOOR_MSG.clientSearchFailed) }), 'announce'] },
          },
        },
        results: {
          tags: ['results'],
          on: {
            PICK: { target: '#chooseClient.confirming', actions: assign({ picked: ({ event }) => event.client, postalCode: '', phone: '' }) },
          },
        },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        SET_POSTAL_CODE: { actions: assign({ postalCode: ({ event }) => event.value }) },
        SET_PHONE: { actions: assign({ phone: ({ event }) => event.value }) },
        VERIFY: { guard: 'filled', target: 'verifying' },
        BACK: { target: 'searching.results', actions: assign({ picked: null }) },
      },
    },
    verifying: {
      tags: ['confirming', 'busy'],
      invoke: {
        id: 'verifyChoice',
        src: 'verifyChoice',
        input: ({ context }) => ({ client_id: context.picked!.id, postal_code: context.postalCode.trim(), phone_number: context.phone.trim() }),
        onDone: {
          target: 'chosen',
          actions: [assign({ chosen: ({ event }) => event.output, feedback: () => feedback.success(WAREHOUSE_MSG.clientChosen) }), 'announce'],
        },
        onError: [
          { guard: 'is422', target: 'confirming', actions: [assign({ feedback: () => feedback.error(WAREHOUSE_MSG.clientVerifyFailed) }), 'announce'] },
          { target: 'confirming', actions: [assign({ feedback: ({ event }) => failureFeedback(failureOf(event.error)) }), 'announce'] },
        ],
      },
    },
    chosen: { type: 'final', tags: ['closed'] },
    cancelled: { type: 'final', tags: ['closed'] },
  },
})

/** What the choose-client window shows and may send (tags, never state names). */
export function connectChooseClient(state: SnapshotFrom<typeof chooseClientMachine>, send: (e: ChooseClientEvent) => void) {
  const c = state.context
  return {
    open: !state.hasTag('closed'),
    barcode: c.barcode,
    text: c.text,
    /** The search answered and found nobody. */
    noClients: state.hasTag('results') && c.clients.length === 0,
    /** The clients found, while the text still searches. */
    clients: state.hasTag('searching') && isSearchable(c.text) ? c.clients : [],
    confirming: state.hasTag('confirming'),
    busy: state.hasTag('busy'),
    picked: c.picked,
    postalCode: c.postalCode,
    phone: c.phone,
    canVerify: state.can({ type: 'VERIFY' }),
    canBack: state.can({ type: 'BACK' }),
    type: (text: string) => send({ type: 'TYPE', text }),
    pick: (client: ClientRef) => send({ type: 'PICK', client }),
    setPostalCode: (value: string) => send({ type: 'SET_POSTAL_CODE', value }),
    setPhone: (value: string) => send({ type: 'SET_PHONE', value }),
    verify: () => send({ type: 'VERIFY' }),
    back: () => send({ type: 'BACK' }),
    cancel: () => send({ type: 'CANCEL' }),
  }
}
