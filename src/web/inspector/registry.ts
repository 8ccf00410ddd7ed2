/**
 * Live actors, as XState's inspection events report them: every actor the app starts with `{ inspect }`
 * and the actors they invoke or spawn. A small external store for React's useSyncExternalStore.
 */
import type { AnyActorRef, AnyEventObject, InspectionEvent, Snapshot } from 'xstate'

export interface LiveActor {
  sessionId: string
  /** The actor's id: the invoke id for invoked actors, a generated one for roots. */
  id: string
  /** The machine's id (root state id) when the actor runs a state machine. */
  machineId?: string
  parentSessionId?: string
  ref: AnyActorRef
  snapshot: Snapshot<unknown>
  /** Set for actors the panel started itself (replayed paths). */
  note?: string
}

export interface LoggedEvent {
  seq: number
  sessionId: string
  actorId: string
  event: AnyEventObject
  fromId?: string
}

export interface RegistryState {
  actors: LiveActor[]
  log: LoggedEvent[]
}

const LOG_SIZE = 100

const machineIdOf = (ref: AnyActorRef): string | undefined => {
  const logic = (ref as { logic?: unknown }).logic as { id?: unknown; getStateNodeById?: unknown } | undefined
  return logic && typeof logic.getStateNodeById === 'function' && typeof logic.id === 'string' ? logic.id : undefined
}

export class ActorRegistry {
  private actors = new Map<string, LiveActor>()
  private log: LoggedEvent[] = []
  private seq = 0
  private state: RegistryState = { actors: [], log: [] }
  private listeners = new Set<() => void>()
  private pending = false

  /** Feeds one inspection event. */
  record(ev: InspectionEvent): void {
    const ref = ev.actorRef as AnyActorRef
    switch (ev.type) {
      case '@xstate.actor': {
        // Reported from the actor's constructor, before it has a snapshot: it is listed at its first one.
        let snapshot: Snapshot<unknown>
        try {
          snapshot = ref.getSnapshot()
        } catch {
          return
        }
        this.upsert(ref, snapshot)
        break
      }
      case '@xstate.snapshot':
        if (ev.snapshot.status === 'stopped') this.actors.delete(ref.sessionId)
        else this.upsert(ref, ev.snapshot)
        break
      case '@xstate.event': {
        const from = ev.sourceRef as AnyActorRef | undefined
        this.log.push({ seq: ++this.seq, sessionId: ref.sessionId, actorId: ref.id, event: ev.event, fromId: from?.id })
        if (this.log.length > LOG_SIZE) this.log.splice(0, this.log.length - LOG_SIZE)
        break
      }
      default:
        return
    }
    this.changed()
  }

  /** Adds a note to an actor (e.g. "replay of …"). */
  annotate(sessionId: string, note: string): void {
    const a = this.actors.get(sessionId)
    if (a) {
      this.actors.set(sessionId, { ...a, note })
      this.changed()
    }
  }

  /** Forgets actors whose processing stopped without a final snapshot event (e.g. stopped before starting). */
  prune(): void {
    let removed = false
    for (const [id, a] of this.actors) {
      if ((a.ref.getSnapshot() as Snapshot<unknown>).status === 'stopped') {
        this.actors.delete(id)
        removed = true
      }
    }
    if (removed) this.changed()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getState = (): RegistryState => this.state

  private upsert(ref: AnyActorRef, snapshot: Snapshot<unknown>) {
    const known = this.actors.get(ref.sessionId)
    this.actors.set(ref.sessionId, {
      sessionId: ref.sessionId,
      id: ref.id,
      machineId: machineIdOf(ref),
      parentSessionId: (ref as { _parent?: AnyActorRef })._parent?.sessionId,
      ref,
      snapshot,
      note: known?.note,
    })
  }

  /** Inspection events can arrive while React renders: publish once per microtask. */
  private changed() {
    if (this.pending) return
    this.pending = true
    queueMicrotask(() => {
      this.pending = false
      this.state = { actors: [...this.actors.values()], log: [...this.log] }
      for (const l of this.listeners) l()
    })
  }
}
