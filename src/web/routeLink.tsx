import type { MouseEvent, ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { type RouteName, href } from '../contract/routes.ts'
import { FIRST_PAGE_AHEAD, SCREENS } from './routes.tsx'

/** Starts loading a route's screen code (a no-op once it is in or on its way). */
export const preloadRoute = (name: RouteName) => (name === 'home' ? Promise.resolve() : SCREENS[name].preload().then(() => undefined))

/** The route whose link was pressed last: a slower load of an earlier click does not navigate. */
let lastAsked: string | null = null

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
  const [, navigate] = useLocation()
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
        if (plainClick(e)) lastAsked = to
        // Code in (fetched on hover): the screen renders in this task and asks its first page itself.
        if (route === 'home' || !plainClick(e) || SCREENS[route].isLoaded()) return
        e.preventDefault()
        // The first page goes out as soon as the workflow's code is in, before the screen renders.
        void FIRST_PAGE_AHEAD[route]?.().catch(() => undefined)
        // A failed load navigates anyway: the screen's own load then shows the error.
        void preloadRoute(route)
          .catch(() => undefined)
          .then(() => {
            if (lastAsked === to) navigate(to)
          })
      }}
    >
      {children}
    </Link>
  )
}

