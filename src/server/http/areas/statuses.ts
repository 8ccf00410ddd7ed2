import { isStaff } from '../../../contract/constants/access.ts'
import { createStatusType, deleteStatusType, getStatusType, statusTypeGroupOne, statusTypePage, updateStatusType } from '../../domain/statuses.ts'
import { statusTypeBySystemId, statusTypesForWorkstationType } from '../../domain/statusesTypes.ts'
import { actorOf } from '../../domain/audit.ts'
import { type Handlers, reply } from '../handler.ts'
import { pathId } from '../params.ts'
import { STATUS_MSG } from '../../../contract/messages/statuses.ts'

export const statusHandlers: Handlers<
  | 'statusTypeDatatable' | 'statusTypeGet' | 'statusTypeCreate' | 'statusTypeUpdate' | 'statusTypeDelete' | 'statusTypeGroupOne'
  | 'statusTypesForWarehouse' | 'statusTypeBySystemId'
> = {
  statusTypeDatatable: ({ deps, body }) => statusTypePage(deps.db, body),
  statusTypeGet: ({ deps, params }) => getStatusType(deps.db, pathId(params.id, STATUS_MSG.statusNotFound)),
  statusTypeCreate: async (c) => reply(201, { message: STATUS_MSG.statusCreated, id: await c.deps.db.tx((q) => createStatusType(q, c.body, actorOf(c))) }),
  statusTypeUpdate: async (c) => ({ message: STATUS_MSG.statusUpdated, id: await c.deps.db.tx((q) => updateStatusType(q, c.body, actorOf(c))) }),
  statusTypeDelete: async (c) => {
    await c.deps.db.tx((q) => deleteStatusType(q, c.body.id, actorOf(c)))
    return { message: STATUS_MSG.statusRemoved }
  },
  statusTypeGroupOne: ({ deps, params, user }) => statusTypeGroupOne(deps.db, params.identifier ?? '', isStaff(user.role)),

  statusTypesForWarehouse: ({ deps, params }) => statusTypesForWorkstationType(deps.db, pathId(params.id)),
  statusTypeBySystemId: ({ deps, params }) => statusTypeBySystemId(deps.db, params.systemId ?? ''),
}
