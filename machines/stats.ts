import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { STATS, STATS_STATUSES, type StatsStatus } from '../src/contract/constants/stats.ts'
import { SCAN_SCREEN_MSG } from '../src/contract/messages/stats.ts'
import type { StatsReply } from '../src/contract/schemas/stats.ts'
import { failureOf } from './floorFailure.ts'

/**
 * Statistics (/stats): parcels received or returns, the table per client with its 30-day chart,
 * and the XLSX download of the table shown.
 *
 *   loading ─done─▶ ready.idle ─DOWNLOAD─▶ ready.downloading ─done/error─▶ ready.idle (error: `downloadFailed`)
 *      │  ▲            │
 *      │  └─CHOOSE─────┘ (another kind)
 *      └─error─▶ failed (only logged: `loadFailed`) ─RETRY / CHOOSE─▶ loading
 *
 * CHOOSE while loading drops the older answer with its actor; the last table stays while the next
 * loads. Tags: `busy` (loading), `problem` (failed), `downloading`.
 */
export interface StatsContext {
  status: StatsStatus
  report: StatsReply | null
  failure: string | null
}

export type StatsEvent = { type: 'CHOOSE'; status: StatsStatus } | { type: 'DOWNLOAD' } | { type: 'RETRY' }

export const statsMachine = setup({
  types: {
    context: {} as StatsContext,
    events: {} as StatsEvent,
  },
  actors: {
    /** GET app/v1/statistics/client-shipments?status=. */
    loadStats: fromPromise<StatsReply, { status: StatsStatus }>(async () => {
      throw new Error('loadStats not provided')
    }),
    /** GET …/download?status=, saved by the browser as statystyki_…_{today}.xlsx. */
    download: fromPromise<void, { status: StatsStatus; today: string }>(async () => {
      throw new Error('download not provided')
    }),
  },
  guards: {
    otherKind: ({ context, event }) => event.type === 'CHOOSE' && event.status !== context.status && STATS_STATUSES.includes(event.status),
    knownKind: ({ event }) => event.type === 'CHOOSE' && STATS_STATUSES.includes(event.status),
  },
  actions: {
    /** A load failure is only logged (no toast); provided by the web. */
    loadFailed: () => {},
    /** Shows `context.failure`; provided by the web. */
    downloadFailed: () => {},
  },
}).createMachine({
  id: 'stats',
  context: { status: STATS.defaultStatus, report: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStats',
        src: 'loadStats',
        input: ({ context }) => ({ status: context.status }),
        onDone: { target: 'ready', actions: assign({ report: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: [assign({ failure: ({ event }) => failureOf(event.error).message }), 'loadFailed'] },
      },
      on: { CHOOSE: { guard: 'otherKind', target: 'loading', reenter: true, actions: assign({ status: ({ event }) => event.status }) } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            CHOOSE: { guard: 'otherKind', target: '#stats.loading', actions: assign({ status: ({ event }) => event.status }) },
            DOWNLOAD: 'downloading',
          },
        },
        downloading: {
          tags: ['downloading'],
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => ({ status: context.status, today: context.report?.today ?? '' }),
            onDone: 'idle',
            onError: { target: 'idle', actions: [assign({ failure: ({ event }) => failureOf(event.error).message || SCAN_SCREEN_MSG.downloadFailed }), 'downloadFailed'] },
          },
        },
      },
    },
    failed: {
      tags: ['problem'],
      on: {
        RETRY: 'loading',
        CHOOSE: { guard: 'knownKind', target: 'loading', actions: assign({ status: ({ event }) => event.status }) },
      },
    },
  },
})

export type StatsSnapshot = SnapshotFrom<typeof statsMachine>

/** View props of /stats: the choice, the rows (already in the server's order), the sum row, the chart, the download. */
export function connectStats(state: StatsSnapshot, send: (e: StatsEvent) => void) {
  const { report, status } = state.context
  return {
    status,
    choices: STATS_STATUSES.map((s) => ({ value: s, label: SCAN_SCREEN_MSG.choice[s] })),
    canChoose: !state.hasTag('downloading'),
    choose: (s: StatsStatus) => send({ type: 'CHOOSE', status: s }),
    /** The table shown belongs to the kind chosen only once it has loaded. */
    rows: report?.status === status ? report.data : [],
    all: report?.status === status ? report.all : null,
    chart: report?.chart ?? [],
    today: report?.today ?? null,
    loading: state.hasTag('busy'),
    problem: state.hasTag('problem'),
    retry: () => send({ type: 'RETRY' }),
    canDownload: state.can({ type: 'DOWNLOAD' }),
    downloading: state.hasTag('downloading'),
    download: () => send({ type: 'DOWNLOAD' }),
  }
}
export type StatsProps = ReturnType<typeof connectStats>
