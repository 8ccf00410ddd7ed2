import { UI_TEXT } from '../contract/messages/ui.ts'
import { Suspense, useEffect, useState } from 'react'
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter } from 'wouter'
import { ROUTES, type RouteName, canOpen } from '../contract/routes.ts'
import { InspectorPanel, inspectEnabled } from './inspector/index.ts'
import { startSession, useSession, useSessionApi } from './wiring/session.ts'
import { scanListenerScope } from './wiring/floorScanListenerLoader.ts'
import { SCREENS, type ScreenRoute, lazyScreen } from './routes.tsx'
import { AppToaster } from './ui/toast.tsx'
import { Layout } from './views/common/Layout.tsx'

/** An address no route matches is rare: its page's code loads when it shows. */
const NotFoundView = lazyScreen(() => import('./views/common/NotFoundView.tsx').then((m) => ({ default: m.NotFoundView })))
/** The login form's code (and its texts) loads only where it shows: a signed-in page does without it. */
const LoginView = lazyScreen(() => import('./views/session/LoginView.tsx'))
// Opened on the home page, the form is likely next: its code is asked for before the first render.
if (typeof window !== 'undefined' && window.location.pathname === ROUTES.home.path) void LoginView.preload()

const stateString = (v: unknown): string =>
  typeof v === 'string' ? v : Object.entries(v as Record<string, unknown>).map(([k, c]) => `${k}.${stateString(c)}`).join(',')

/** Wouter needs longer, more specific patterns first (e.g. /shipment/new before /shipment/:internalNumber). */
const ORDERED = (Object.keys(ROUTES) as RouteName[]).filter((n): n is ScreenRoute => n !== 'home').sort((a, b) => {
  const pa = ROUTES[a].path, pb = ROUTES[b].path
  const dyn = (p: string) => (p.match(/:/g) ?? []).length
  return dyn(pa) - dyn(pb) || pb.length - pa.length
})

function Guarded({ name, params }: { name: ScreenRoute; params: Record<string, string | undefined> }) {
  const session = useSessionApi()
  const route = ROUTES[name]
  const Screen = SCREENS[name]
  if (route.roles === 'public') return <Screen params={params} />
  if (session.isChecking) return <div className="loading">{UI_TEXT.loading}</div>
  // Not signed in, or a role the route does not expect → `/`.
  if (!session.user || !canOpen(name, session.user.role)) return <Redirect to="/" replace />
  return (
    <Layout>
      <Screen params={params} />
    </Layout>
  )
}

function Home() {
  const session = useSessionApi()
  if (session.isSignedIn) return <Redirect to={ROUTES.dashboard.path} replace />
  // Fetched while the stored session is checked: the form is likely next.
  void LoginView.preload()
  if (session.isChecking) return <div className="loading">{UI_TEXT.loading}</div>
  return <LoginView params={{}} />
}

/** The global scan listener follows the route and the role (machines/floorScanListenerScope.ts). */
function useScanListenerScope(location: string, role: number | null | undefined) {
  const { parser } = useRouter()
  useEffect(() => {
    const route = location === '/' ? 'home' : (ORDERED.find((n) => matchRoute(parser, ROUTES[n].path, location)[0]) ?? null)
    scanListenerScope(role, route)
  }, [location, role, parser])
}

export function App() {
  // The app root starts the session (API hooks, stored session check); importing it runs nothing.
  useState(startSession)
  const session = useSession()
  const [location] = useLocation()
  useScanListenerScope(location, session.context.session?.role)
  return (
    <div data-machine="session" data-state={stateString(session.value)} data-path={location} className="app-root">
      {/* Public screens and the login page; a signed-in screen loads inside the layout's own boundary. */}
      <Suspense fallback={<div className="loading">{UI_TEXT.loading}</div>}>
        <Switch>
          <Route path="/">
            <Home />
          </Route>
          {ORDERED.map((name) => (
            <Route key={name} path={ROUTES[name].path}>
              {(params) => <Guarded name={name} params={params as Record<string, string | undefined>} />}
            </Route>
          ))}
          <Route>
            <NotFoundView params={{}} />
          </Route>
        </Switch>
      </Suspense>
      <AppToaster />
      {inspectEnabled() && <InspectorPanel />}
    </div>
  )
}
