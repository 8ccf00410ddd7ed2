import { pathId } from '../params.ts'
import { createUser } from '../../domain/sessionSignIn.ts'
import { blockUser, employeesEmails, endUserSessions, getUser, listUsers, outbox, restoreUser, unlockUser, updateUser } from '../../domain/users.ts'
import { type Handlers, reply } from '../handler.ts'

export const userHandlers: Handlers<'usersData' | 'usersDataDeleted' | 'userGet' | 'userCreate' | 'userUpdate' | 'userBlock' | 'userRestore' | 'userSessionsEnd' | 'userUnlock' | 'employeesEmails' | 'outboxList'> = {
  usersData: ({ deps, body }) => listUsers(deps.db, body, false),
  usersDataDeleted: ({ deps, body }) => listUsers(deps.db, body, true),
  userGet: ({ deps, params }) => getUser(deps.db, pathId(params.id)),

  /** An admin creates a staff account; its first password and a verification link go by e-mail. */
  userCreate: async ({ deps, body }) =>
    // The form says where the password went: mailed, or waiting in the outbox (no SMTP).
    reply(201, { ...(await createUser(deps, { email: body.email, role: body.role })), password_mail: deps.mail.delivery }),

  outboxList: ({ deps }) => outbox(deps),
  userUpdate: ({ deps, body }) => deps.db.tx((q) => updateUser(q, body)),
  userBlock: ({ deps, body, user }) => blockUser(deps.db, body.id, user.id),
  userRestore: ({ deps, body }) => restoreUser(deps.db, body.id),
  userSessionsEnd: ({ deps, body, user, token }) => endUserSessions(deps.db, body.id, { id: user.id, token }),
  userUnlock: ({ deps, body }) => unlockUser(deps.db, body.id),
  employeesEmails: ({ deps, body }) => employeesEmails(deps.db, body.roles),
}
