import { createResignation, deleteResignation, getResignation, resignationPage, updateResignation } from '../../domain/resignations.ts'
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
  resignationCreate: async ({ deps, body, user }) => reply(201, { message: RESIGNATION_MSG.resignationCreated, id: await deps.db.tx((q) => createResignation(q, user.id, body, true)) }),
  resignationGet: ({ deps, params }) => getResignation(deps.db, pathId(params.id, RESIGNATION_MSG.resignationNotFound), null),
  resignationUpdate: async ({ deps, body }) => ({ message: RESIGNATION_MSG.resignationUpdated, id: await deps.db.tx((q) => updateResignation(q, body)) }),
  resignationDelete: async ({ deps, body }) => {
    await deps.db.tx((q) => deleteResignation(q, body.id, null))
    return { message: RESIGNATION_MSG.resignationRemoved }
  },
  clientResignationList: ({ deps, body, user }) => resignationPage(deps.db, body, ownClient(user.client_id)),
  clientResignationCreate: async ({ deps, body, user }) => {
    const clientId = ownClient(user.client_id)
    return reply(201, { message: RESIGNATION_MSG.resignationCreated, id: await deps.db.tx((q) => createResignation(q, user.id, { ...body, client_id: clientId }, false)) })
  },
  clientResignationGet: ({ deps, params, user }) => getResignation(deps.db, pathId(params.id, RESIGNATION_MSG.resignationNotFound), ownClient(user.client_id)),
  clientResignationDelete: async ({ deps, body, user }) => {
    await deps.db.tx((q) => deleteResignation(q, body.id, ownClient(user.client_id)))
    return { message: RESIGNATION_MSG.resignationRemoved }
  },
}
