import type { Handlers } from '../handler.ts'
import { reply } from '../handler.ts'
import { changePassword, confirmEmailToken, issueEmailToken, emailCheckLink, login, recover } from '../../domain/sessionSignIn.ts'
import { hashPassword, randomPassword } from '../../domain/usersPasswords.ts'
import { liveSessions, revokeOtherSessions, revokeSession } from '../../domain/session.ts'
import { MSG } from '../../../contract/messages.ts'
import { getUser, assertEmailFree } from '../../domain/users.ts'
import { endWorkflow } from '../../domain/warehouseWorkflows.ts'
import { isStaff } from '../../../contract/constants/access.ts'

export const sessionHandlers: Handlers<'login' | 'logout' | 'whoami' | 'sessionsMine' | 'sessionsEndOthers' | 'changePassword' | 'recover' | 'confirmEmail' | 'register'> = {
  login: ({ body, deps, ip }) => login(deps, body.email, body.password, ip),

  logout: async ({ deps, user, token }) =>
    deps.db.tx(async (q) => {
      // Logging out ends the workflow of staff.
      if (isStaff(user.role)) await endWorkflow(q, user.id, 'logout')
      if (token) await revokeSession(q, token)
      return { message: 'logged_out' }
    }),

  whoami: async ({ deps, user }) => {
    const u = await getUser(deps.db, user.id)
    return { role: u.role, workstation: u.workstation, user: u }
  },

  sessionsMine: ({ deps, user, token }) => liveSessions(deps.db, user.id, token),

  sessionsEndOthers: async ({ deps, user, token }) => {
    const ended = await deps.db.tx((q) => revokeOtherSessions(q, user.id, token))
    return { message: MSG.sessionsEnded(ended), ended }
  },

  changePassword: async ({ deps, user, token, body, ip }) => {
    await changePassword(deps, user, token, body.current_password, body.password, ip)
    return { message: 'password_changed' }
  },

  recover: async ({ deps, body, ip }) => {
    await recover(deps, body.email, ip)
    return { message: 'password_recover_email_sent' }
  },

  confirmEmail: ({ deps, params }) => confirmEmailToken(deps, params.token ?? '', randomPassword),

  register: async ({ deps, body }) => {
    const user = await deps.db.tx(async (q) => {
      await assertEmailFree(q, body.email)
      const [row] = await q.query<{ id: number }>(`insert into users (email, password_hash, role) values ($1, $2, $3) returning id`, [
        body.email,
        await hashPassword(body.password),
        body.role,
      ])
      const token = await issueEmailToken(q, row!.id, 'verify')
      await deps.mail.queue(q, body.email, 'Potwierdź adres e-mail', `Potwierdź adres e-mail, otwierając link:\n${emailCheckLink(deps, token)}`, [], { secret: true })
      return getUser(q, row!.id)
    })
    void deps.mail.flush()
    return reply(201, user)
  },
}
