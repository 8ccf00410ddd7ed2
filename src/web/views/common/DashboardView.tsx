import { Link } from 'wouter'
import { ROUTES, sidebar } from '../../../contract/routes.ts'
import { useSessionUser } from '../../wiring/session.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { USERS_TEXT } from '../../../contract/messages/users.ts'

const ROLE_NAMES = [USERS_TEXT.administrator, USERS_TEXT.warehouseman, UI_TEXT.client, UI_TEXT.client] as const

/** Landing page after login: who you are and where to go. */
export default function DashboardView() {
  const user = useSessionUser()!
  const links = sidebar({ role: user.role, hasWorkstation: !!user.workstation, hasReports: false }).filter((i) => 'route' in i)
  return (
    <section className="page">
      <h1>{USERS_TEXT.dashboard}</h1>
      <p>
        {USERS_TEXT.signedInAs} <strong>{user.email}</strong> ({ROLE_NAMES[user.role]})
        {user.workstation && (
          <>
            {' '}
            · {USERS_TEXT.atWorkstation} <strong>{user.workstation.code}</strong>
          </>
        )}
      </p>
      <div className="tiles">
        {links.map((i) =>
          'route' in i ? (
            <Link key={i.id} className="tile" href={ROUTES[i.route].path.replace(/\/:\w+\?/g, '')}>
              {i.label}
            </Link>
          ) : null,
        )}
      </div>
    </section>
  )
}
