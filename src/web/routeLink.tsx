import type { MouseEvent, ReactNode } from 'react'
import { Link } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { createActor, fromPromise } from 'xstate'
import { connectRouteLink, routeLinkMachine } from '../../machines/routeLink.ts'
import { type RouteName, href } from '../contract/routes.ts'
import { FIRST_PAGE_AHEAD, SCREENS } from './routes.tsx'

/** Starts loading a route's screen code (a no-op once it is in or on its way). */
export const preloadRoute = (name: RouteName) => (name === 'home' ? Promise.resolve() : SCREENS[name].preload().then(() => undefined))

/** One workflow for every link: the link pressed last is the one that navigates. */
const linkClicks = createActor(
  routeLinkMachine.provide({
    actors: { load: fromPromise(({ input }) => preloadRoute(input.route)) },
    actions: { navigate: (_, { to }) => navigate(to) },
  }),
).start()
const clicks = () => connectRouteLink(linkClicks.getSnapshot(), linkClicks.send)

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented

/**
 * A link to a route of the table that fetches the route's code when the pointer comes over it, it
 * gets the focus or is pressed. A click whose code is not in yet keeps the current screen until it
 * is, then navigates (the new screen renders in one commit, never a fallback), and meanwhile sends
 * the screen's first page (FIRST_PAGE_AHEAD), which the screen then takes instead of asking again.
 */
export function RouteLink({ route, params, className, onClick, children }: {
  route: RouteName
  params?: Record<string, string | number>
  className?: string
  onClick?: () => void
  children: ReactNode
}) {
  const to = href(route, params)
  const preload = () => void preloadRoute(route).catch(() => undefined)
  return (
    <Link
      href={to}
      className={className}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={preload}
      onClick={(e: MouseEvent) => {
        onClick?.()
        if (!plainClick(e)) return
        // Code in (fetched on hover): the link navigates in this task and the screen asks its first page itself.
        const loaded = route === 'home' || SCREENS[route].isLoaded()
        clicks().click(route, to, loaded)
        if (loaded) return
        e.preventDefault()
        // The first page goes out as soon as the workflow's code is in, before the screen renders.
        void FIRST_PAGE_AHEAD[route]?.().catch(() => undefined)
      }}
    >
      {children}
    </Link>
  )
}

