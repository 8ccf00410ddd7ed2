import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { LoginReply, WhoamiReply } from '../src/contract/schemas/session.ts'
import type { WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import type { Role } from '../src/contract/constants/access.ts'

/** What the browser keeps under the storage key `user`. */
export interface StoredSession {
  _token: string
  role: Role
  email: string
  userId: number
  workstation: WorkstationRef | null
}

export interface SessionContext {
  session: StoredSession | null
  /** i18n key or server message of the last failed sign-in. */
  error: string | null
  /** Why the user was signed out ('auto_logout' after a 401), for the login page toast. */
  signedOutReason: 'auto_logout' | 'logout' | null
}

export type SessionEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'LOGOUT' }
  /** Any call but login answered 401. */
  | { type: 'UNAUTHORIZED' }
  | { type: 'WORKSTATION_CHANGED'; workstation: WorkstationRef | null }
  | { type: 'REFRESH' }

export const toStored = (r: LoginReply | (WhoamiReply & { _token: string })): StoredSession => ({
  _token: r._token,
  role: r.role,
  email: r.user.email,
  userId: r.user.id,
  workstation: r.user.workstation,
})

/** Reason carried by a failed login (the server's message key, e.g. 'login_error'). */
const failure = (error: unknown) =>
  (error as { data?: { message?: string } })?.data?.message ?? (error as Error)?.message ?? 'login_error'

/**
 * The session workflow: checking the stored session → anonymous / signed in (by role) → signing out.
 * Side effects (HTTP calls, storage) are actors and actions provided by src/web/wiring/session.ts.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { stored: StoredSession | null },
  },
  actors: {
    whoami: fromPromise<WhoamiReply, { token: string }>(async () => {
      throw new Error('whoami not provided')
    }),
    login: fromPromise<LoginReply, { email: string; password: string }>(async () => {
      throw new Error('login not provided')
    }),
    logout: fromPromise<unknown, { token: string }>(async () => undefined),
  },
  actions: {
    /** Writes `context.session` to storage (or removes it when null); provided by the web. */
    persist: () => {},
    /** Removes per-user browser state at sign-out (the parcel-list criteria). */
    forgetUserState: () => {},
    signOut: enqueueActions(({ enqueue }) => {
      enqueue.assign({ session: null, error: null, signedOutReason: 'logout' })
      enqueue('persist')
      enqueue('forgetUserState')
    }),
    /** After a 401: the login page shows 'auto_logout'. */
    signOutAuto: enqueueActions(({ enqueue }) => {
      enqueue.assign({ session: null, error: null, signedOutReason: 'auto_logout' })
      enqueue('persist')
      enqueue('forgetUserState')
    }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.session !== null,
    isAdmin: ({ context }) => context.session?.role === 0,
    isWorker: ({ context }) => context.session?.role === 1,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored, error: null, signedOutReason: null }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['checking'],
      always: [{ guard: 'hasStoredSession', target: 'verifying' }, { target: 'anonymous' }],
    },
    verifying: {
      tags: ['checking'],
      invoke: {
        id: 'whoami',
        src: 'whoami',
        input: ({ context }) => ({ token: context.session!._token }),
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ session: ({ context, event }) => ({ ...toStored({ ...event.output, _token: context.session!._token }) }) }),
            'persist',
          ],
        },
        // A failed whoami is ignored: keep the stored session. A 401 arrives as UNAUTHORIZED.
        onError: { target: 'signedIn' },
      },
      on: { UNAUTHORIZED: { target: 'anonymous', actions: 'signOutAuto' } },
    },
    anonymous: {
      tags: ['anonymous'],
      on: {
        LOGIN: { target: 'loggingIn', actions: assign({ error: null }) },
      },
    },
    loggingIn: {
      tags: ['anonymous', 'busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: 'LOGIN' }>
          return { email: e.email, password: e.password }
        },
        onDone: {
          target: 'signedIn',
          actions: [assign({ session: ({ event }) => toStored(event.output), error: null, signedOutReason: null }), 'persist'],
        },
        onError: { target: 'anonymous', actions: assign({ error: ({ event }) => failure(event.error) }) },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'isAdmin', target: 'admin' }, { guard: 'isWorker', target: 'warehouseWorker' }, { target: 'client' }],
        },
        admin: {},
        warehouseWorker: {},
        client: {},
      },
      on: {
        LOGOUT: { target: 'signingOut' },
        UNAUTHORIZED: { target: 'anonymous', actions: 'signOutAuto' },
        WORKSTATION_CHANGED: {
          actions: [assign({ session: ({ context, event }) => ({ ...context.session!, workstation: event.workstation }) }), 'persist'],
        },
        REFRESH: { target: 'verifying' },
      },
    },
    signingOut: {
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.session!._token }),
        onDone: { target: 'anonymous', actions: 'signOut' },
        // The server may already have ended the session; the browser signs out all the same.
        onError: { target: 'anonymous', actions: 'signOut' },
      },
    },
  },
})

export type SessionMachine = typeof sessionMachine
/**
 * Tags: `checking` (the stored session is being checked: screens wait), `anonymous` (the login
 * page; with `busy` while signing in), `signedIn` (with `busy` while signing out).
 */
export type SessionTag = 'checking' | 'anonymous' | 'signedIn' | 'busy'

/** What the app root, the layout and the login page need from the session, by tags. */
export function connectSession(
  state: { context: SessionContext; hasTag: (tag: SessionTag) => boolean },
  send: (e: SessionEvent) => void,
) {
  const c = state.context
  const signedIn = state.hasTag('signedIn') && c.session !== null
  return {
    /** The signed-in person (also while the stored session is being checked). */
    user: c.session,
    isChecking: state.hasTag('checking'),
    isSignedIn: signedIn,
    isSigningIn: state.hasTag('anonymous') && state.hasTag('busy'),
    isSigningOut: state.hasTag('signedIn') && state.hasTag('busy'),
    /** i18n key or server message of the last failed sign-in. */
    error: c.error,
    signedOutReason: c.signedOutReason,
    login: (email: string, password: string) => send({ type: 'LOGIN', email, password }),
    logout: () => send({ type: 'LOGOUT' }),
    workstationChanged: (workstation: WorkstationRef | null) => send({ type: 'WORKSTATION_CHANGED', workstation }),
  }
}
export type SessionProps = ReturnType<typeof connectSession>
