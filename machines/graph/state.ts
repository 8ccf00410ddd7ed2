/** A machine's state as the views' `data-state` shows it (its own module: every screen needs it, not the rest of describe.ts). */
import type { StateValue } from 'xstate'

/**
 * A state value as dotted strings, one per active leaf: `{ signedIn: 'admin' }` → `['signedIn.admin']`;
 * a parallel state gives one string per region.
 */
export function stateStrings(value: StateValue): string[] {
  if (typeof value === 'string') return [value]
  return Object.entries(value).flatMap(([key, child]) => {
    const inner = child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? [] : stateStrings(child)
    return inner.length ? inner.map((s) => `${key}.${s}`) : [key]
  })
}

/** The value of `data-state` on a view's root element (parallel regions separated by a space). */
export const stateString = (value: StateValue): string => stateStrings(value).join(' ')
