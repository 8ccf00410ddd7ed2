import { pathId } from '../params.ts'
import { createUser } from '../../domain/sessionSignIn.ts'
import { blockUser, employeesEmails, endUserSessions, getUser, listUsers, outbox, restoreUser, unlockUser, updateUser } from '../../domain/users.ts'
import { actorOf } from '../../domain/audit.ts'
import { type Handlers, reply } from '../handler.ts'

export const userHandlers: Handlers<'usersData' | 'usersDataDeleted' | 'userGet' | 'userCreate' | 'userUpdate' | 'userBlock' | 'userRestore' | 'userSessionsEnd' | 'userUnlock' | 'employeesEmails' | 'outboxList'> = {
  usersData: ({ deps, body }) => listUsers(deps.db, body, false),
  usersDataDeleted: ({ deps, body }) => listUsers(deps.db, body, true),
  userGet: ({ deps, params }) => getUser(deps.db, pathId(params.id)),

  /** An admin creates a staff account; its first password and a verification link go by e-mail. */
  userCreate: async (c) =>
    // The form says where the password went: mailed, or waiting in the outbox (no SMTP).
    reply(201, { ...(await createUser(c.deps, { email: c.body.email, role: c.body.role }, actorOf(c))), password_mail: c.deps.mail.delivery }),

  outboxList: ({ deps }) => outbox(deps),
  userUpdate: (c) => c.deps.db.tx((q) => updateUser(q, c.body, actorOf(c))),
  userBlock: (c) => blockUser(c.deps.db, c.body.id, actorOf(c)),
  userRestore: (c) => restoreUser(c.deps.db, c.body.id, actorOf(c)),
  userSessionsEnd: ({ deps, body, user, token }) => endUserSessions(deps.db, body.id, { id: user.id, token }),
  userUnlock: (c) => unlockUser(c.deps.db, c.body.id, actorOf(c)),
  employeesEmails: ({ deps, body }) => employeesEmails(deps.db, body.roles),
}
