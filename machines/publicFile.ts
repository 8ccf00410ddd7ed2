import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { failureOf } from './floorFailure.ts'

/**
 * A file opened with a short-lived file token ("with a public token, fetched via GET
 * public_token"): DOWNLOAD asks for a token, then the web's `open` action opens the file's URL
 * with `?_public_token=` (the browser saves it). One download at a time.
 *
 *   idle ─DOWNLOAD─▶ fetchingToken ─done─▶ idle (open)
 *                                  └error─▶ idle (failed)
 *
 * Tags: `busy` while the token is asked for.
 */
export interface PublicFileContext {
  /** Which file (e.g. the locker file's country). */
  file: string | null
  token: string | null
  failure: string | null
}

export type PublicFileEvent = { type: 'DOWNLOAD'; file: string }

export const publicFileMachine = setup({
  types: {
    context: {} as PublicFileContext,
    events: {} as PublicFileEvent,
  },
  actors: {
    /** GET app/v1/public_token. */
    fetchToken: fromPromise<string>(async () => {
      throw new Error('fetchToken not provided')
    }),
  },
  actions: {
    /** Opens `context.file` with `context.token`; provided by the web. */
    open: () => {},
    /** Shows `context.failure`; provided by the web. */
    failed: () => {},
  },
}).createMachine({
  id: 'publicFile',
  context: { file: null, token: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { DOWNLOAD: { target: 'fetchingToken', actions: assign({ file: ({ event }) => event.file, token: null, failure: null }) } },
    },
    fetchingToken: {
      tags: ['busy'],
      invoke: {
        id: 'fetchToken',
        src: 'fetchToken',
        onDone: { target: 'idle', actions: [assign({ token: ({ event }) => event.output }), 'open'] },
        onError: {
          target: 'idle',
          actions: [assign({ failure: ({ event }) => failureOf(event.error).message }), 'failed'],
        },
      },
    },
  },
})

export type PublicFileSnapshot = SnapshotFrom<typeof publicFileMachine>

export function connectPublicFile(state: PublicFileSnapshot, send: (e: PublicFileEvent) => void) {
  return {
    busy: state.hasTag('busy'),
    /** The file being fetched now (its button shows the wait). */
    pending: state.hasTag('busy') ? state.context.file : null,
    canDownload: state.can({ type: 'DOWNLOAD', file: '' }),
    download: (file: string) => send({ type: 'DOWNLOAD', file }),
  }
}
