import { createActor, fromPromise } from 'xstate'
import { useSelector } from '@xstate/react'
import { STORAGE_KEY } from '../../contract/constants/ui.ts'
// The area's table only, not the whole endpoint table: the entry chunk stays small.
import { sessionEndpoints as endpoints } from '../../contract/endpoints/session.ts'
import { type StoredSession, connectSession, sessionMachine } from '../../../machines/session.ts'
import { call, messagesOf, setApiHooks } from '../api/client.ts'
import { inspect } from '../inspector/index.ts'
import { setSoundUser } from '../ui/sound.ts'
import { dismissAll, notify } from '../ui/toast.tsx'

function readStored(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY.user)
    const s = raw ? (JSON.parse(raw) as StoredSession) : null
    return s && typeof s._token === 'string' ? s : null
  } catch {
    return null
  }
}

/**
 * The one session actor of the app: real actors and storage wired here, the rules in
 * machines/session.ts. It is created here so that every module can read it, but nothing runs on
 * import: the app root starts it (`startSession()`, called once by App).
 */
export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => call(endpoints.login, input)),
      whoami: fromPromise(() => call(endpoints.whoami)),
      logout: fromPromise<unknown, { token: string }>(() => call(endpoints.logout, {})),
    },
    actions: {
      persist: ({ context }) => {
        if (context.session) localStorage.setItem(STORAGE_KEY.user, JSON.stringify(context.session))
        else localStorage.removeItem(STORAGE_KEY.user)
      },
      forgetUserState: () => {
        localStorage.removeItem(STORAGE_KEY.parcelListCriteria)
        // Nothing of the signed-out user's work stays on screen (a 20-second scan toast on the login page).
        dismissAll()
      },
    },
  }),
  { input: { stored: readStored() }, inspect },
)

let started = false
/** Wires the API client's hooks to the session and starts the actor; later calls do nothing (StrictMode renders twice). */
export function startSession() {
  if (started) return sessionActor
  started = true
  setSoundUser(() => sessionActor.getSnapshot().context.session?.userId ?? null)
  setApiHooks({
    token: () => sessionActor.getSnapshot().context.session?._token ?? null,
    onUnauthorized: () => {
      if (sessionActor.getSnapshot().context.session) {
        sessionActor.send({ type: 'UNAUTHORIZED' })
        notify.error('auto_logout')
      }
    },
    onPageExpired: (messages) => notify.error(messages.join('<br>') || 'Błąd 419'),
  })
  sessionActor.start()
  return sessionActor
}

export const useSession = () => useSelector(sessionActor, (s) => s)
export const useSessionUser = () => useSelector(sessionActor, (s) => s.context.session)
/** The session's view props (flags from tags, login/logout). */
export const useSessionApi = () => connectSession(useSelector(sessionActor, (s) => s), sessionActor.send)
export { messagesOf }
