import { type ReactNode, lazy, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { type MenuAction, href, sidebar } from '../../../contract/routes.ts'
import { useDataLoad } from '../../wiring/load.ts'
import { reportsPresence, reportsPresenceKey } from '../../wiring/billingReports.ts'
import { useSessionApi } from '../../wiring/session.ts'
import { LazyModal as Modal } from '../../ui/lazyModal.tsx'
import { menuActions } from './menuActions.ts'
// Opened on demand: the reports table and its machines stay out of the entry chunk.
const MyReports = lazy(() => import('../billing/MyReports.tsx').then((m) => ({ default: m.MyReports })))

/** Signed-in frame: the role's sidebar and the page. */
export function Layout({ children }: { children: ReactNode }) {
  const session = useSessionApi()
  const user = session.user!
  const [location] = useLocation()
  const [reports, setReports] = useState(false)
  const [open, setOpen] = useState(false)
  const [reportsFound, setReportsFound] = useState(false)
  const presence = useDataLoad(reportsPresence, reportsPresenceKey(user, location, reportsFound)).data === true
  if (presence && !reportsFound) setReportsFound(true)
  const hasReports = reportsFound || presence
  const items = sidebar({ role: user.role, hasWorkstation: !!user.workstation, hasReports })
  const run = (a: MenuAction) => {
    if (a === 'logout') session.logout()
    else if (a === 'myReports') setReports(true)
    else void menuActions[a]?.()
  }
  return (
    <div className="layout">
      <aside className={`sidebar${open ? ' open' : ''}`} aria-label="Menu">
        <div className="brand">
          <button className="menu-toggle" aria-label="Menu" onClick={() => setOpen((o) => !o)}>
            ☰
          </button>
          <span>RE Back office</span>
        </div>
        <nav>
          <ul data-testid="sidebar">
            {items.map((i) => (
              <li key={i.id} data-menu={i.id}>
                {'route' in i ? (
                  <Link href={href(i.route)} className={location === href(i.route) ? 'active' : ''} onClick={() => setOpen(false)}>
                    {i.label}
                  </Link>
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
          {user.workstation && <div className="ws-badge">Stanowisko: {user.workstation.code}</div>}
        </div>
      </aside>
      <main className="content">{children}</main>
      <Modal open={reports} onClose={() => setReports(false)} title="Moje raporty" width="80%">
        {reports && <MyReports />}
      </Modal>
    </div>
  )
}
