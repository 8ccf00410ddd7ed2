import { createResignation, deleteResignation, getResignation, resignationPage, updateResignation } from '../../domain/resignations.ts'
import { actorOf } from '../../domain/audit.ts'
import { forbidden } from '../../domain/errors.ts'
import { type Handlers, reply } from '../handler.ts'
import { pathId } from '../params.ts'
import { RESIGNATION_MSG } from '../../../contract/messages/resignations.ts'

/** The client a client user reports for (a client account always has one). */
const ownClient = (clientId: number | null) => {
  if (clientId == null) throw forbidden()
  return clientId
}

export const resignationHandlers: Handlers<'resignationList' | 'resignationCreate' | 'resignationGet' | 'resignationUpdate' | 'resignationDelete' | 'clientResignationList' | 'clientResignationCreate' | 'clientResignationGet' | 'clientResignationDelete'> = {
  resignationList: ({ deps, body }) => resignationPage(deps.db, body, null),
  resignationCreate: async (c) => reply(201, { message: RESIGNATION_MSG.resignationCreated, id: await c.deps.db.tx((q) => createResignation(q, c.user.id, c.body, true, actorOf(c))) }),
  resignationGet: ({ deps, params }) => getResignation(deps.db, pathId(params.id, RESIGNATION_MSG.resignationNotFound), null),
  resignationUpdate: async (c) => ({ message: RESIGNATION_MSG.resignationUpdated, id: await c.deps.db.tx((q) => updateResignation(q, c.body, actorOf(c))) }),
  resignationDelete: async (c) => {
    await c.deps.db.tx((q) => deleteResignation(q, c.body.id, null, actorOf(c)))
    return { message: RESIGNATION_MSG.resignationRemoved }
  },
  clientResignationList: ({ deps, body, user }) => resignationPage(deps.db, body, ownClient(user.client_id)),
  clientResignationCreate: async (c) => {
    const clientId = ownClient(c.user.client_id)
    return reply(201, { message: RESIGNATION_MSG.resignationCreated, id: await c.deps.db.tx((q) => createResignation(q, c.user.id, { ...c.body, client_id: clientId }, false, actorOf(c))) })
  },
  clientResignationGet: ({ deps, params, user }) => getResignation(deps.db, pathId(params.id, RESIGNATION_MSG.resignationNotFound), ownClient(user.client_id)),
  clientResignationDelete: async (c) => {
    await c.deps.db.tx((q) => deleteResignation(q, c.body.id, ownClient(c.user.client_id), actorOf(c)))
    return { message: RESIGNATION_MSG.resignationRemoved }
  },
}
