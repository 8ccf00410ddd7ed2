import { type AnyEventObject, type SnapshotFrom, assign, fromCallback, fromPromise, setup } from 'xstate'
import type { Path } from './graph/explore.ts'

/**
 * The in-app inspector panel: open or folded, the actor shown, the Stately forwarding, the event
 * typed by hand, and the path finder (machine, start input, target state → shortest path → replay).
 * Everything that touches the live actors, storage or the page is an action or actor the web
 * provides (src/web/inspector/); the panel renders `connectInspector`'s props.
 *
 * Regions: `panel` open ⇄ folded; `stately` off → starting → on | failed (on at once when it already was); `path` idle → finding →
 * found | unreachable | failed → replaying → replayed | failed.
 * Tags: `open`, `statelyOn`, `statelyFailed`, `finding`, `found`, `unreachable`, `replaying`.
 */

export interface InspectorInput {
  /** The inspector flag is stored (it stays on after a reload). */
  remembered: boolean
  /** Forwarding to the Stately inspector is already on. */
  statelyOn: boolean
}

/** What the path finder is asked: a machine id, a named start input ('' = any), a target state id. */
export interface PathQuery {
  machineId: string
  inputName: string
  target: string
}

export interface InspectorContext {
  /** The live actor shown (session id); null: the first root machine. */
  selected: string | null
  /** Also list actors that are not machines (promises, callbacks). */
  all: boolean
  /** The machine id whose page elements are outlined. */
  hover: string | null
  remembered: boolean
  /** The Stately forwarding was on when the panel mounted. */
  statelyAtStart: boolean
  /** The event typed by hand (JSON) and what was wrong with it. */
  draft: string
  draftError: string | null
  /** The path finder's choices; null: the default (the shown actor's machine, any input, the first state). */
  machineId: string | null
  inputName: string
  target: string
  path: Path | null
  /** The path finder's last message (an error, or the replay's result). */
  message: string | null
}

export type InspectorEvent =
  | { type: 'OPEN' }
  | { type: 'FOLD' }
  | { type: 'SELECT'; sessionId: string }
  | { type: 'SHOW_ALL'; on: boolean }
  | { type: 'HOVER'; machineId: string | null }
  | { type: 'REMEMBER'; on: boolean }
  | { type: 'STATELY'; on: boolean }
  /** Sends an event to the live actor `sessionId`. */
  | { type: 'SEND'; sessionId: string; event: AnyEventObject }
  | { type: 'DRAFT'; text: string }
  /** Sends the draft (JSON) to the live actor `sessionId`. */
  | { type: 'SEND_DRAFT'; sessionId: string }
  /** Stops a replayed actor. */
  | { type: 'STOP'; sessionId: string }
  | { type: 'PICK_MACHINE'; machineId: string }
  | { type: 'PICK_INPUT'; inputName: string }
  | { type: 'PICK_TARGET'; target: string }
  | ({ type: 'FIND' } & PathQuery)
  | ({ type: 'REPLAY' } & PathQuery)

/** Texts the machine itself writes (a QA tool: not part of the spec's message catalogue). */
export const INSPECTOR_TEXT = {
  badJson: 'Niepoprawny JSON',
  noType: 'Zdarzenie musi mieć pole "type"',
  replayed: 'Odtworzono: nowy aktor jest na liście.',
} as const

/** The draft parsed into an event, or what is wrong with it. */
export function parseDraft(draft: string): { event: AnyEventObject } | { error: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(draft)
  } catch {
    return { error: INSPECTOR_TEXT.badJson }
  }
  if (!parsed || typeof parsed !== 'object' || !('type' in parsed) || typeof parsed.type !== 'string') return { error: INSPECTOR_TEXT.noType }
  return { event: { ...parsed, type: parsed.type } }
}

const errorOfDraft = (draft: string) => {
  const parsed = parseDraft(draft)
  return 'error' in parsed ? parsed.error : null
}
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))
const queryOf = (e: PathQuery): PathQuery => ({ machineId: e.machineId, inputName: e.inputName, target: e.target })

export const inspectorMachine = setup({
  types: { context: {} as InspectorContext, events: {} as InspectorEvent, input: {} as InspectorInput },
  actors: {
    /** Prunes stopped actors and preloads the Stately module while the panel lives (provided by the web). */
    housekeeping: fromCallback(() => () => {}),
    /** Switches the Stately forwarding on; resolves whether it started (provided by the web). */
    startStately: fromPromise<boolean>(async () => false),
    /** The shortest path to `target`; null when unreachable (provided by the web). */
    findPath: fromPromise<Path | null, PathQuery>(async () => null),
    /** Replays a path on a fresh actor; resolves its session id (provided by the web). */
    replay: fromPromise<string, PathQuery & { path: Path }>(async () => {
      throw new Error('replay not provided')
    }),
  },
  actions: {
    /** Stores or clears the inspector flag (provided by the web). */
    remember: (_, _on: boolean) => {},
    stopStately: () => {},
    /** Sends `event` to the live actor `sessionId` (provided by the web). */
    deliver: (_, _p: { sessionId: string; event: AnyEventObject }) => {},
    /** Stops the live actor `sessionId` (provided by the web). */
    stopActor: (_, _sessionId: string) => {},
    /** Outlines the page elements of a machine, or none (provided by the web). */
    outline: (_, _machineId: string | null) => {},
  },
  guards: {
    draftIsEvent: ({ context }) => 'event' in parseDraft(context.draft),
  },
}).createMachine({
  id: 'inspector',
  type: 'parallel',
  context: ({ input }) => ({
    selected: null,
    all: false,
    hover: null,
    remembered: input.remembered,
    statelyAtStart: input.statelyOn,
    draft: '',
    draftError: null,
    machineId: null,
    inputName: '',
    target: '',
    path: null,
    message: null,
  }),
  invoke: { id: 'housekeeping', src: 'housekeeping' },
  on: {
    SELECT: { actions: assign({ selected: ({ event }) => event.sessionId, draft: '', draftError: null }) },
    SHOW_ALL: { actions: assign({ all: ({ event }) => event.on }) },
    HOVER: { actions: [assign({ hover: ({ event }) => event.machineId }), { type: 'outline', params: ({ event }) => event.machineId }] },
    REMEMBER: { actions: [assign({ remembered: ({ event }) => event.on }), { type: 'remember', params: ({ event }) => event.on }] },
    SEND: { actions: [assign({ draftError: null }), { type: 'deliver', params: ({ event }) => ({ sessionId: event.sessionId, event: event.event }) }] },
    DRAFT: { actions: assign({ draft: ({ event }) => event.text }) },
    SEND_DRAFT: [
      {
        guard: 'draftIsEvent',
        actions: [
          assign({ draftError: null }),
          {
            type: 'deliver',
            params: ({ context, event }) => {
              const parsed = parseDraft(context.draft)
              return { sessionId: event.sessionId, event: 'event' in parsed ? parsed.event : { type: '' } }
            },
          },
        ],
      },
      { actions: assign({ draftError: ({ context }) => errorOfDraft(context.draft) }) },
    ],
    STOP: { actions: { type: 'stopActor', params: ({ event }) => event.sessionId } },
  },
  states: {
    panel: {
      initial: 'open',
      states: {
        open: { tags: ['open'], on: { FOLD: 'folded' } },
        folded: { on: { OPEN: 'open' } },
      },
    },
    stately: {
      initial: 'check',
      states: {
        check: { always: [{ guard: ({ context }) => context.statelyAtStart, target: 'on' }, { target: 'off' }] },
        off: {
          on: { STATELY: { guard: ({ event }) => event.on, target: 'starting' } },
        },
        starting: {
          invoke: {
            id: 'startStately',
            src: 'startStately',
            onDone: [{ guard: ({ event }) => event.output, target: 'on' }, { target: 'failed' }],
            onError: 'failed',
          },
        },
        on: {
          tags: ['statelyOn'],
          on: { STATELY: { guard: ({ event }) => !event.on, target: 'off', actions: 'stopStately' } },
        },
        failed: {
          tags: ['statelyFailed'],
          on: { STATELY: { guard: ({ event }) => event.on, target: 'starting' } },
        },
      },
    },
    path: {
      initial: 'idle',
      on: {
        PICK_MACHINE: { target: '.idle', actions: assign({ machineId: ({ event }) => event.machineId, inputName: '', target: '', path: null, message: null }) },
        PICK_INPUT: { target: '.idle', actions: assign({ inputName: ({ event }) => event.inputName, path: null }) },
        PICK_TARGET: { target: '.idle', actions: assign({ target: ({ event }) => event.target, path: null }) },
        FIND: { target: '.finding' },
      },
      states: {
        idle: {},
        finding: {
          tags: ['finding'],
          entry: assign({ message: null, path: null }),
          invoke: {
            id: 'findPath',
            src: 'findPath',
            input: ({ event }) => (event.type === 'FIND' ? queryOf(event) : { machineId: '', inputName: '', target: '' }),
            onDone: [
              { guard: ({ event }) => event.output === null, target: 'unreachable' },
              { target: 'found', actions: assign({ path: ({ event }) => event.output }) },
            ],
            onError: { target: 'idle', actions: assign({ message: ({ event }) => messageOf(event.error) }) },
          },
        },
        found: {
          tags: ['found'],
          on: { REPLAY: 'replaying' },
        },
        unreachable: { tags: ['unreachable'] },
        replaying: {
          tags: ['replaying', 'found'],
          entry: assign({ message: null }),
          invoke: {
            id: 'replay',
            src: 'replay',
            input: ({ context, event }) => ({ ...(event.type === 'REPLAY' ? queryOf(event) : { machineId: '', inputName: '', target: '' }), path: context.path! }),
            onDone: { target: 'replayed', actions: assign({ selected: ({ event }) => event.output, message: INSPECTOR_TEXT.replayed }) },
            onError: { target: 'found', actions: assign({ message: ({ event }) => messageOf(event.error) }) },
          },
        },
        replayed: {
          tags: ['found', 'replayed'],
          on: { REPLAY: 'replaying' },
        },
      },
    },
  },
})

export type InspectorSnapshot = SnapshotFrom<typeof inspectorMachine>

/**
 * The panel's props. `defaults` come from the live registry (the machine of the actor shown, the
 * first state of the chosen machine), which the machine does not own.
 */
export function connectInspector(state: InspectorSnapshot, send: (e: InspectorEvent) => void, defaults: { machineId: string; target: (machineId: string) => string }) {
  const c = state.context
  const machineId = c.machineId ?? defaults.machineId
  const query: PathQuery = { machineId, inputName: c.inputName, target: c.target || defaults.target(machineId) }
  return {
    open: state.hasTag('open'),
    selected: c.selected,
    all: c.all,
    remembered: c.remembered,
    statelyOn: state.hasTag('statelyOn'),
    statelyFailed: state.hasTag('statelyFailed'),
    draft: c.draft,
    draftError: c.draftError,
    query,
    path: state.hasTag('found') ? c.path : null,
    unreachable: state.hasTag('unreachable'),
    canReplay: state.hasTag('found') && !state.hasTag('replaying'),
    message: c.message,
    messageOk: state.hasTag('replayed'),
    openPanel: () => send({ type: 'OPEN' }),
    fold: () => send({ type: 'FOLD' }),
    select: (sessionId: string) => send({ type: 'SELECT', sessionId }),
    showAll: (on: boolean) => send({ type: 'SHOW_ALL', on }),
    hover: (id: string | null) => send({ type: 'HOVER', machineId: id }),
    remember: (on: boolean) => send({ type: 'REMEMBER', on }),
    stately: (on: boolean) => send({ type: 'STATELY', on }),
    sendTo: (sessionId: string, event: AnyEventObject) => send({ type: 'SEND', sessionId, event }),
    setDraft: (text: string) => send({ type: 'DRAFT', text }),
    sendDraft: (sessionId: string) => send({ type: 'SEND_DRAFT', sessionId }),
    stop: (sessionId: string) => send({ type: 'STOP', sessionId }),
    pickMachine: (id: string) => send({ type: 'PICK_MACHINE', machineId: id }),
    pickInput: (name: string) => send({ type: 'PICK_INPUT', inputName: name }),
    pickTarget: (target: string) => send({ type: 'PICK_TARGET', target }),
    find: () => send({ type: 'FIND', ...query }),
    replay: () => send({ type: 'REPLAY', ...query }),
  }
}
