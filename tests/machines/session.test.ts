import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate'
import { ROLE } from '../../src/contract/constants/access.ts'
import type { LoginReply, WhoamiReply } from '../../src/contract/schemas/session.ts'
import { ApiError } from '../../src/web/api/client.ts'
import { toJson } from '../../machines/graph/describe.ts'
import { connectSession, sessionMachine, type SessionContext, type SessionEvent, type StoredSession } from '../../machines/session.ts'
import { sessionSamples, storedWorker } from '../../machines/session.samples.ts'
import { describeModel } from './model.ts'

/** The child state of `signedIn` a role lands in. */
const roleState = (role: number) => (role === ROLE.admin ? 'admin' : role === ROLE.warehouse_worker ? 'warehouseWorker' : 'client')

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as SessionContext | undefined

describeModel(sessionMachine, sessionSamples, {
  check: ({ path, event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)

    // The connect function's flags follow the states' tags.
    const api = connectSession(snapshot as Parameters<typeof connectSession>[0], () => {})
    expect(api.isChecking).toBe(snapshot.matches('checking') || snapshot.matches('verifying'))
    expect(api.isSigningIn).toBe(snapshot.matches('loggingIn'))
    expect(api.isSigningOut).toBe(snapshot.matches('signingOut'))
    expect(api.isSignedIn).toBe((snapshot.matches('signedIn') || snapshot.matches('signingOut')) && c.session !== null)
    expect(api.user).toBe(c.session)

    // Invariants of every state.
    if (snapshot.matches('anonymous')) expect(c.session).toBeNull()
    if (snapshot.matches('signedIn')) expect(snapshot.value).toEqual({ signedIn: roleState(c.session!.role) })
    // Storage mirrors the session: a step that changes context.session persists it.
    if (prev && toJson(before!.session) !== toJson(c.session)) expect(effects).toContain('persist')
    // Per-user browser state is forgotten exactly when a signed-in user is signed out.
    expect(effects.includes('forgetUserState')).toBe(!!before?.session && c.session === null)

    switch (event.type) {
      case 'xstate.init': {
        const stored = (path.input as { stored: StoredSession | null }).stored
        if (stored) {
          expect(snapshot.value).toBe('verifying')
          expect(invoked).toEqual([{ id: 'whoami', src: 'whoami', input: { token: stored._token } }])
        } else {
          expect(snapshot.value).toBe('anonymous')
          expect(invoked).toEqual([])
        }
        break
      }
      case 'LOGIN': {
        const e = event as Extract<SessionEvent, { type: 'LOGIN' }>
        expect(snapshot.value).toBe('loggingIn')
        expect(c.error).toBeNull()
        expect(invoked).toEqual([{ id: 'login', src: 'login', input: { email: e.email, password: e.password } }])
        break
      }
      case 'xstate.done.actor.login': {
        const r = (event as unknown as { output: LoginReply }).output
        expect(snapshot.value).toEqual({ signedIn: roleState(r.role) })
        expect(c).toEqual({
          session: { _token: r._token, role: r.role, email: r.user.email, userId: r.user.id, workstation: r.user.workstation },
          error: null,
          signedOutReason: null,
        })
        expect(effects).toEqual(['persist'])
        break
      }
      case 'xstate.error.actor.login': {
        // The server's message key stays for the login page's alert.
        const err = (event as unknown as { error: { data: { message: string } } }).error
        expect(snapshot.value).toBe('anonymous')
        expect(c.error).toBe(err.data.message)
        expect(c.session).toBeNull()
        expect(effects).toEqual([])
        break
      }
      case 'xstate.done.actor.whoami': {
        const r = (event as unknown as { output: WhoamiReply }).output
        expect(snapshot.value).toEqual({ signedIn: roleState(r.role) })
        expect(c.session).toEqual({ _token: before!.session!._token, role: r.role, email: r.user.email, userId: r.user.id, workstation: r.user.workstation })
        expect(effects).toEqual(['persist'])
        break
      }
      case 'xstate.error.actor.whoami':
        // A failed whoami is ignored: signed in with the stored session, routed by its role.
        expect(c.session).toEqual(before!.session)
        expect(snapshot.value).toEqual({ signedIn: roleState(before!.session!.role) })
        expect(effects).toEqual([])
        break
      case 'UNAUTHORIZED':
        // HTTP 401 (except on login) signs out and the login page shows 'auto_logout'.
        expect(snapshot.value).toBe('anonymous')
        expect(c).toEqual({ session: null, error: null, signedOutReason: 'auto_logout' })
        expect(effects).toEqual(['persist', 'forgetUserState'])
        break
      case 'WORKSTATION_CHANGED': {
        const e = event as Extract<SessionEvent, { type: 'WORKSTATION_CHANGED' }>
        expect(snapshot.value).toEqual(prev!.value)
        expect(c.session).toEqual({ ...before!.session, workstation: e.workstation })
        expect(effects).toEqual(['persist'])
        break
      }
      case 'REFRESH':
        expect(snapshot.value).toBe('verifying')
        expect(invoked).toEqual([{ id: 'whoami', src: 'whoami', input: { token: before!.session!._token } }])
        break
      case 'LOGOUT':
        expect(snapshot.value).toBe('signingOut')
        expect(invoked).toEqual([{ id: 'logout', src: 'logout', input: { token: before!.session!._token } }])
        break
      case 'xstate.done.actor.logout':
      case 'xstate.error.actor.logout':
        // Whether or not the server answered, the browser signs out and forgets the user's state.
        expect(snapshot.value).toBe('anonymous')
        expect(c).toEqual({ session: null, error: null, signedOutReason: 'logout' })
        expect(effects).toEqual(['persist', 'forgetUserState'])
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

// ---- plain unit assertions -----------------------------------------------------------------------

const whoamiOf = (stored: StoredSession, role: 0 | 1 | 2 | 3): WhoamiReply => ({
  role,
  workstation: stored.workstation,
  user: { id: stored.userId, email: stored.email, email_verified_at: null, role, deleted_at: null, client_id: null, workstation: stored.workstation },
})

describe('session machine, by hand', () => {
  it('a failed whoami is ignored: the stored session stays signed in', async () => {
    const persisted: unknown[] = []
    const actor = createActor(
      sessionMachine.provide({
        actors: { whoami: fromPromise<WhoamiReply, { token: string }>(async () => Promise.reject(new ApiError(0, { message: 'offline' }))) },
        actions: { persist: ({ context }) => void persisted.push(context.session) },
      }),
      { input: { stored: storedWorker } },
    ).start()
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'warehouseWorker' })
    expect(actor.getSnapshot().context.session).toEqual(storedWorker)
    expect(persisted).toEqual([])
  })

  it('whoami answered 401: the API client reports UNAUTHORIZED, then the call fails; the user is signed out with auto_logout', async () => {
    const forgotten: number[] = []
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          // What src/web/api/client.ts does on a 401: the hook first, then the thrown ApiError.
          whoami: fromPromise<WhoamiReply, { token: string }>(async () => {
            actor.send({ type: 'UNAUTHORIZED' })
            throw new ApiError(401, { message: 'Unauthenticated' })
          }),
        },
        actions: { forgetUserState: () => void forgotten.push(1) },
      }),
      { input: { stored: storedWorker } },
    )
    actor.start()
    await waitFor(actor, (s) => s.matches('anonymous'))
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().value).toBe('anonymous')
    expect(actor.getSnapshot().context).toEqual({ session: null, error: null, signedOutReason: 'auto_logout' })
    expect(forgotten).toEqual([1])
  })

  it('whoami refreshes the stored role and workstation, keeping the token', async () => {
    const actor = createActor(sessionMachine.provide({ actors: { whoami: fromPromise(async () => whoamiOf(storedWorker, ROLE.admin)) } }), {
      input: { stored: storedWorker },
    }).start()
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'admin' })
    expect(actor.getSnapshot().context.session).toEqual({ ...storedWorker, role: ROLE.admin })
  })

  it('a failed login keeps the server message key of the ApiError in `error`; a new attempt clears it', async () => {
    let attempt = 0
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          login: fromPromise(async () => {
            attempt++
            if (attempt === 1) throw new ApiError(401, { message: 'login_error' })
            return new Promise<LoginReply>(() => {})
          }),
        },
      }),
      { input: { stored: null } },
    ).start()
    actor.send({ type: 'LOGIN', email: 'admin@example.com', password: 'wrong-password' })
    await waitFor(actor, (s) => s.matches('anonymous'))
    expect(actor.getSnapshot().context.error).toBe('login_error')
    actor.send({ type: 'LOGIN', email: 'admin@example.com', password: 'admin123' })
    expect(actor.getSnapshot().value).toBe('loggingIn')
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('logout that the server refuses still signs out: storage emptied, per-user state forgotten', async () => {
    const calls: string[] = []
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          whoami: fromPromise(async () => whoamiOf(storedWorker, ROLE.warehouse_worker)),
          logout: fromPromise<unknown, { token: string }>(async () => Promise.reject(new ApiError(500, { message: 'boom' }))),
        },
        actions: {
          persist: ({ context }) => void calls.push(`persist ${context.session ? 'session' : 'nothing'}`),
          forgetUserState: () => void calls.push('forgetUserState'),
        },
      }),
      { input: { stored: storedWorker } },
    ).start()
    await waitFor(actor, (s) => s.matches('signedIn'))
    actor.send({ type: 'LOGOUT' })
    await waitFor(actor, (s) => s.matches('anonymous'))
    expect(calls).toEqual(['persist session', 'persist nothing', 'forgetUserState'])
    expect(actor.getSnapshot().context.signedOutReason).toBe('logout')
  })

  it('events a state does not handle change nothing (LOGIN while signed in, LOGOUT while anonymous)', () => {
    const anon = createActor(sessionMachine, { input: { stored: null } }).start()
    anon.send({ type: 'LOGOUT' })
    anon.send({ type: 'UNAUTHORIZED' })
    expect(anon.getSnapshot().value).toBe('anonymous')
    expect(anon.getSnapshot().context.signedOutReason).toBeNull()
  })
})

describe('connectSession', () => {
  it('sends LOGIN, LOGOUT and WORKSTATION_CHANGED', () => {
    const sent: SessionEvent[] = []
    const actor = createActor(sessionMachine, { input: { stored: null } }).start()
    const api = connectSession(actor.getSnapshot(), (e) => sent.push(e))
    expect(api).toMatchObject({ isChecking: false, isSignedIn: false, isSigningIn: false, user: null, error: null })
    api.login('admin@example.com', 'secret')
    api.logout()
    api.workstationChanged(null)
    expect(sent).toEqual([
      { type: 'LOGIN', email: 'admin@example.com', password: 'secret' },
      { type: 'LOGOUT' },
      { type: 'WORKSTATION_CHANGED', workstation: null },
    ])
  })
})
