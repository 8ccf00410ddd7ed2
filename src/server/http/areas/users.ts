import { pathId } from '../params.ts'
import { MSG } from '../../../contract/messages.ts'
import type { OutboxMessage } from '../../../contract/schemas/mail.ts'
import { emailCheckLink, issueEmailToken } from '../../domain/sessionSignIn.ts'
import { hashPassword, randomPassword } from '../../domain/usersPasswords.ts'
import { revokeAllSessions, revokeOtherSessions } from '../../domain/session.ts'
import { assertEmailFree, employeesEmails, getUser, listUsers, setBlocked, updateUser } from '../../domain/users.ts'
import { unlockAccount } from '../../domain/throttle.ts'
import { endWorkflow } from '../../domain/warehouseWorkflows.ts'
import { DomainError } from '../errors.ts'
import { type Handlers, reply } from '../handler.ts'
import { USERS } from '../../../contract/constants/users.ts'


/** A timestamp column as ISO 8601 text (UTC). */
const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export const userHandlers: Handlers<'usersData' | 'usersDataDeleted' | 'userGet' | 'userCreate' | 'userUpdate' | 'userBlock' | 'userRestore' | 'userSessionsEnd' | 'userUnlock' | 'employeesEmails' | 'outboxList'> = {
  usersData: ({ deps, body }) => listUsers(deps.db, body, false),
  usersDataDeleted: ({ deps, body }) => listUsers(deps.db, body, true),
  userGet: ({ deps, params }) => getUser(deps.db, pathId(params.id)),

  /** An admin creates a staff account; its first password and a verification link go by e-mail. */
  userCreate: async ({ deps, body }) => {
    const user = await deps.db.tx(async (q) => {
      await assertEmailFree(q, body.email)
      const password = randomPassword()
      const [row] = await q.query<{ id: number }>(`insert into users (email, password_hash, role) values ($1, $2, $3) returning id`, [
        body.email,
        await hashPassword(password),
        body.role,
      ])
      const token = await issueEmailToken(q, row!.id, 'verify')
      await deps.mail.queue(
        q,
        body.email,
        'Twoje konto zostało utworzone',
        `Login: ${body.email}\nHasło: ${password}\nPotwierdź adres e-mail: ${emailCheckLink(deps, token)}\nPo zalogowaniu zmień hasło.`,
        [],
        { secret: true },
      )
      return getUser(q, row!.id)
    })
    void deps.mail.flush()
    // The form says where the password went: mailed, or waiting in the outbox (no SMTP).
    return reply(201, { ...user, password_mail: deps.mail.delivery })
  },

  /** The admin's "Poczta wychodząca": the newest messages, sent or waiting, and how mail leaves. */
  outboxList: async ({ deps }) => ({
    delivery: deps.mail.delivery,
    messages: await deps.db.query<OutboxMessage>(
      `select id, to_address, subject, body, ${ISO('created_at')} as created_at, ${ISO('sent_at')} as sent_at, attempts, last_error
         from outbox order by id desc limit $1`,
      [USERS.outboxListLimit],
    ),
  }),

  userUpdate: ({ deps, body }) => deps.db.tx((q) => updateUser(q, body)),

  userBlock: ({ deps, body, user }) =>
    deps.db.tx(async (q) => {
      if (body.id === user.id) throw new DomainError(422, { message: MSG.cannotBlockSelf, errors: { id: [MSG.cannotBlockSelf] } })
      const blocked = await setBlocked(q, body.id, true)
      await revokeAllSessions(q, body.id)
      await endWorkflow(q, body.id, 'admin')
      return getUser(q, blocked.id)
    }),

  userRestore: ({ deps, body }) => deps.db.tx((q) => setBlocked(q, body.id, false)),

  userSessionsEnd: async ({ deps, body, user, token }) => {
    const u = await getUser(deps.db, body.id)
    const ended = await deps.db.tx((q) => revokeOtherSessions(q, u.id, u.id === user.id ? token : null))
    return { message: MSG.userSessionsEnded(ended), ended }
  },

  userUnlock: async ({ deps, body }) => {
    const u = await getUser(deps.db, body.id)
    await unlockAccount(deps.db, u.email)
    return { message: MSG.userUnlocked }
  },

  employeesEmails: ({ deps, body }) => employeesEmails(deps.db, body.roles),
}
