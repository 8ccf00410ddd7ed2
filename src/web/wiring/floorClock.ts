import type { ActorOptions, AnyActorLogic } from 'xstate'
import { SCANNER } from '../../contract/constants/warehouse.ts'
import { inspect } from '../inspector/index.ts'

/**
 * The clock of the scanning screens' actors (their idle windows, the burst gaps, the global scan
 * listener): silence counts only while the page listens. A timer that goes off more than
 * SCANNER.lateSlackMs after its time found the page busy (a long task, a collection, a slow
 * render), and a scanner's keys sent meanwhile are still on their way to it; such a timer waits its
 * time once more, and goes off then whatever happens. Without this, a busy moment in the middle of
 * a burst closes the idle window between two keys of one code, and its halves go out as two scans.
 */
/** xstate's clock (its type is not exported by name). */
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>

export interface Timers {
  now: () => number
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (id: unknown) => void
}

const pageTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
}

/** A timer's handle: the timer running now (the first, or the one waiting again). */
interface Handle {
  timer: unknown
}

export function listeningClockOf(timers: Timers, slackMs: number = SCANNER.lateSlackMs): Clock {
  return {
    setTimeout(fn: () => void, ms: number): Handle {
      const handle: Handle = { timer: undefined }
      const arm = (last: boolean) => {
        const due = timers.now() + ms
        handle.timer = timers.setTimeout(() => {
          if (!last && timers.now() - due > slackMs) arm(true)
          else fn()
        }, ms)
      }
      arm(false)
      return handle
    },
    clearTimeout(handle: Handle | undefined) {
      if (handle) timers.clearTimeout(handle.timer)
    },
  }
}

export const listeningClock = listeningClockOf(pageTimers)

/** The options of a scanning screen's actor: the inspector, and the clock above. */
export const scanScreenOptions = { inspect, clock: listeningClock } as const
