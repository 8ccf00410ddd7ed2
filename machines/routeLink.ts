import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import type { RouteName } from '../src/contract/routes.ts'

/**
 * A click on a route link whose screen code is not in yet: the code loads, then the app navigates
 * to the link. The last click wins: a new click stops the load of the earlier one, so a slower load
 * of an earlier click never navigates; a click on a route whose code is in (the link navigates at
 * once) cancels a pending one. A failed load navigates too (the screen's own load shows the error).
 *
 *   idle ─CLICK(not loaded)─▶ loading ─done/error─▶ idle (navigate)
 *   loading ─CLICK(not loaded)─▶ loading (the new link) · ─CLICK(loaded)─▶ idle
 *
 * Tags: `loading` while a link's code is on its way.
 */
export interface RouteLinkContext {
  /** The address of the link pressed last, while its code loads. */
  to: string | null
}

export type RouteLinkEvent = { type: 'CLICK'; route: RouteName; to: string; loaded: boolean }

export const routeLinkMachine = setup({
  types: {
    context: {} as RouteLinkContext,
    events: {} as RouteLinkEvent,
  },
  actors: {
    /** Loads the screen code of `route`; provided by the web. */
    load: fromPromise<void, { route: RouteName }>(async () => {
      throw new Error('load not provided')
    }),
  },
  actions: {
    /** Goes to `params.to`; provided by the web. */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    loaded: ({ event }) => event.loaded,
  },
}).createMachine({
  id: 'routeLink',
  context: { to: null },
  initial: 'idle',
  on: {
    CLICK: [
      { guard: 'loaded', target: '.idle' },
      { target: '.loading', reenter: true, actions: assign({ to: ({ event }) => event.to }) },
    ],
  },
  states: {
    idle: { entry: assign({ to: null }) },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ event }) => ({ route: event.route }),
        onDone: { target: 'idle', actions: { type: 'navigate', params: ({ context }) => ({ to: context.to ?? '' }) } },
        onError: { target: 'idle', actions: { type: 'navigate', params: ({ context }) => ({ to: context.to ?? '' }) } },
      },
    },
  },
})

export type RouteLinkSnapshot = SnapshotFrom<typeof routeLinkMachine>

export function connectRouteLink(state: RouteLinkSnapshot, send: (e: RouteLinkEvent) => void) {
  return {
    /** The link whose code is loading (null when none). */
    pending: state.hasTag('loading') ? state.context.to : null,
    click: (route: RouteName, to: string, loaded: boolean) => send({ type: 'CLICK', route, to, loaded }),
  }
}
