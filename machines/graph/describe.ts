import type { AnyEventObject, AnyTransitionDefinition } from 'xstate'
import { sampleName } from './samples.ts'

/** JSON that keeps what an Error carries (name, message and own fields such as `status`, `data`). */
export function toJson(value: unknown, space?: number): string {
  return (
    JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (v instanceof Error) return Object.assign({ error: v.name, message: v.message }, v)
        if (typeof v === 'function') return `[function ${(v as { name?: string }).name ?? ''}]`
        if (v === undefined) return undefined
        return v
      },
      space,
    ) ?? 'undefined'
  )
}

const ellipsis = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

/**
 * A short readable event: `LOGIN {"email":"a@b.c",...}`, `done whoami {...}`, `error login {...}`,
 * `after 400 (idle)`; a named sample shows its name instead of its payload: `done login (admin)`.
 */
export function eventLabel(event: AnyEventObject, max = 90): string {
  const { type, ...rest } = event
  const sample = sampleName(event)
  let name = type
  let payload: unknown = Object.keys(rest).length ? rest : undefined
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type)
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type)
  const after = /^xstate\.after\.([^.]+)\.(.+)$/.exec(type)
  if (done) {
    name = `done ${done[1]}`
    payload = (rest as { output?: unknown }).output
  } else if (error) {
    name = `error ${error[1]}`
    payload = (rest as { error?: unknown }).error
  } else if (after) {
    name = `after ${after[1]} (${after[2]})`
  }
  if (sample) return `${name} (${sample})`
  return payload === undefined ? name : ellipsis(`${name} ${toJson(payload)}`, max)
}

/** Where a transition starts, what triggers it, where it goes: `#session.verifying  xstate.done.actor.whoami → #session.signedIn`. */
export function transitionLabel(t: AnyTransitionDefinition): string {
  const event = t.eventType === '' ? 'always' : t.eventType
  const targets = t.target?.length ? t.target.map((n) => `#${n.id}`).join(', ') : '(no target)'
  const guard = t.guard ? ` [${guardName(t.guard)}]` : ''
  return `#${t.source.id}  ${event}${guard} → ${targets}`
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') return guard.name || 'inline guard'
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  return 'guard'
}
