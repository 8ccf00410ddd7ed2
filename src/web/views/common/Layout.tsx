import { type ReactNode, Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { ROLE } from '../../../contract/constants/access.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { type MenuAction, href, sidebar } from '../../../contract/routes.ts'
import { useSessionApi } from '../../wiring/session.ts'
import { LazyModal as Modal } from '../../ui/lazyModal.tsx'
import { RouteLink } from '../../routeLink.tsx'
import { prefetchMenu, preloadOfficeFor } from '../../routes.tsx'
import { menuActions } from './menuActions.ts'
// Opened on demand: the reports table and its machines stay out of the entry chunk.
const MyReports = lazy(() => import('../billing/MyReports.tsx').then((m) => ({ default: m.MyReports })))
// Only an admin's menu asks whether there are reports (wiring/billingReports.ts).
const ReportsPresence = lazy(() => import('./ReportsPresence.tsx').then((m) => ({ default: m.ReportsPresence })))

/**
 * Signed-in frame: the role's sidebar and the page. The sidebar stays while a screen's code loads
 * (the page's own Suspense boundary); its links fetch a screen's code ahead (RouteLink).
 */
export function Layout({ children }: { children: ReactNode }) {
  const session = useSessionApi()
  const user = session.user!
  const [location] = useLocation()
  const [reports, setReports] = useState(false)
  const [open, setOpen] = useState(false)
  const [reportsFound, setReportsFound] = useState(false)
  const found = useCallback(() => setReportsFound(true), [])
  const hasWorkstation = !!user.workstation
  const items = useMemo(() => sidebar({ role: user.role, hasWorkstation, hasReports: reportsFound }), [user.role, hasWorkstation, reportsFound])
  // An admin's or a client's screens load through a chunk of their own: asked for now, not at the first click.
  useEffect(() => preloadOfficeFor(user.role), [user.role])
  // …and the menu's office screens while the browser is idle, so a click without a hover finds its code in.
  useEffect(() => prefetchMenu(user.role, items, location), [user.role, items, location])
  const run = (a: MenuAction) => {
    if (a === 'logout') session.logout()
    else if (a === 'myReports') setReports(true)
    else void menuActions[a]?.()
  }
  return (
    <div className="layout">
      {user.role === ROLE.admin && !reportsFound && (
        <Suspense fallback={null}>
          <ReportsPresence user={user} location={location} onFound={found} />
        </Suspense>
      )}
      <aside className={`sidebar${open ? ' open' : ''}`} aria-label={UI_TEXT.menu}>
        <div className="brand">
          <button className="menu-toggle" aria-label={UI_TEXT.menu} onClick={() => setOpen((o) => !o)}>
            ☰
          </button>
          <span>{UI_TEXT.appName}</span>
        </div>
        <nav>
          <ul data-testid="sidebar">
            {items.map((i) => (
              <li key={i.id} data-menu={i.id}>
                {'route' in i ? (
                  <RouteLink route={i.route} className={location === href(i.route) ? 'active' : ''} onClick={() => setOpen(false)}>
                    {i.label}
                  </RouteLink>
                ) : (
                  <button type="button" className="link" onClick={() => run(i.action)}>
                    {i.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="whoami">
          {user.email}
          {user.workstation && <div className="ws-badge">{UI_TEXT.workstation} {user.workstation.code}</div>}
        </div>
      </aside>
      <main className="content">
        <Suspense fallback={<div className="loading">{UI_TEXT.loading}</div>}>{children}</Suspense>
      </main>
      <Modal open={reports} onClose={() => setReports(false)} title={UI_TEXT.myReports} width="80%">
        {reports && <MyReports />}
      </Modal>
    </div>
  )
}
