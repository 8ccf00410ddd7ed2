import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { Link, useLocation } from 'wouter'
import { NOT_FOUND_PAGE } from '../../../contract/messages/notFound.ts'
import { href } from '../../../contract/routes.ts'
import { useSessionApi } from '../../wiring/session.ts'
import { Layout } from './Layout.tsx'


function NotFound({ path }: { path: string }) {
  return (
    <section className="card not-found" data-testid="not-found">
      <h1>{NOT_FOUND_PAGE.title}</h1>
      <p>
        <code>{path}</code>
      </p>
      <p>{NOT_FOUND_PAGE.body}</p>
      <Link href={href('home')} className="btn btn-primary" data-testid="not-found-home">
        {NOT_FOUND_PAGE.home}
      </Link>
    </section>
  )
}

/**
 * A path that no route of the guard table matches. The address stays as typed (so it can be
 * corrected); a signed-in person keeps the sidebar, anyone else sees a public page. The link goes
 * to `/`: the login form, or the dashboard once signed in.
 */
export function NotFoundView() {
  const session = useSessionApi()
  const [path] = useLocation()
  if (session.isChecking) return <div className="loading">{UI_TEXT.loading}</div>
  if (session.user) {
    return (
      <Layout>
        <div className="page">
          <NotFound path={path} />
        </div>
      </Layout>
    )
  }
  return (
    <main className="public-page">
      <div className="public-card">
        <NotFound path={path} />
      </div>
    </main>
  )
}
