import { type Handlers, reply } from '../handler.ts'
import { changePassword, confirmEmailToken, createUser, login, logout, recover } from '../../domain/sessionSignIn.ts'
import { randomPassword } from '../../domain/usersPasswords.ts'
import { liveSessions, revokeOtherSessions } from '../../domain/session.ts'
import { MSG } from '../../../contract/messages.ts'
import { getUser } from '../../domain/users.ts'

export const sessionHandlers: Handlers<'login' | 'logout' | 'whoami' | 'sessionsMine' | 'sessionsEndOthers' | 'changePassword' | 'recover' | 'confirmEmail' | 'register'> = {
  login: ({ body, deps, ip }) => login(deps, body.email, body.password, ip),

  logout: ({ deps, user, token }) => logout(deps, user, token),

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

  confirmEmail: ({ deps, params, ip }) => confirmEmailToken(deps, params.token ?? '', randomPassword, ip),

  // Signing up: the new account's own address and e-mail, no signed-in user.
  register: async ({ deps, body, ip }) => reply(201, await createUser(deps, body, { id: null, email: body.email, address: ip })),
}
