import { ROLE, type Role } from '../src/contract/constants/access.ts'
import { MSG } from '../src/contract/messages.ts'
import type { LoginReply, WhoamiReply } from '../src/contract/schemas/session.ts'
import type { User } from '../src/contract/schemas/users.ts'
import type { WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { sessionMachine, type StoredSession } from './session.ts'

/** Sample data after the demo users. */
const intakeDesk: WorkstationRef = {
  id: 1,
  code: 'PRZJ_01',
  type: { id: 1, name: 'Przyjęcie', code: 'PRZJ' },
  warehouse: { id: 1, name: 'TYCHY' },
}

const users: Record<'admin' | 'worker' | 'client2' | 'client', User> = {
  admin: { id: 1, email: 'admin@example.com', email_verified_at: null, role: ROLE.admin, deleted_at: null, client_id: null, workstation: null },
  worker: { id: 2, email: 'worker@example.com', email_verified_at: null, role: ROLE.warehouse_worker, deleted_at: null, client_id: null, workstation: intakeDesk },
  client2: { id: 5, email: 'client2@example.com', email_verified_at: null, role: ROLE.secondary_client, deleted_at: null, client_id: 1, workstation: null },
  client: { id: 4, email: 'client@example.com', email_verified_at: null, role: ROLE.client, deleted_at: null, client_id: 1, workstation: null },
}

const loginReply = (user: User): LoginReply => ({ _token: `token-of-${user.email}`, role: user.role, user })
const whoamiReply = (user: User): WhoamiReply => ({ role: user.role, workstation: user.workstation, user })

export const storedWorker: StoredSession = {
  _token: 'stored-token',
  role: ROLE.warehouse_worker as Role,
  email: users.worker.email,
  userId: users.worker.id,
  workstation: intakeDesk,
}

export const sessionSamples = defineSamples(sessionMachine, {
  inputs: {
    'no stored session': { stored: null },
    'stored session': { stored: storedWorker },
  },
  events: [
    named('admin@example.com', { type: 'LOGIN', email: users.admin.email, password: 'admin123' }),
    doneActor('login', loginReply(users.admin), 'admin'),
    doneActor('login', loginReply(users.worker), 'worker'),
    doneActor('login', loginReply(users.client), 'client'),
    doneActor('login', loginReply(users.client2), 'client role 2'),
    errorActor('login', httpError(401, { message: 'login_error' }), '401 login_error'),
    errorActor('login', httpError(422, { message: MSG.invalidData }), '422'),
    // whoami answers with the role and workstation the server holds now (the stored ones may be stale).
    doneActor('whoami', whoamiReply(users.admin), 'admin'),
    doneActor('whoami', whoamiReply(users.worker), 'worker'),
    doneActor('whoami', whoamiReply(users.client), 'client'),
    errorActor('whoami', httpError(500, { message: MSG.serverError }), '500'),
    { type: 'UNAUTHORIZED' },
    named('none', { type: 'WORKSTATION_CHANGED', workstation: null }),
    named('PRZJ_01', { type: 'WORKSTATION_CHANGED', workstation: intakeDesk }),
    { type: 'REFRESH' },
    { type: 'LOGOUT' },
    doneActor('logout', { message: 'logged_out' }),
    errorActor('logout', httpError(500, { message: MSG.serverError }), '500'),
  ],
})
