import { WAREHOUSE_ADMIN_MSG } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../../contract/messages/warehouseAnswers.ts'
import { createSector, deleteSector } from '../../domain/warehouseSectors.ts'
import {
  deleteWorkstation, endByAdmin, getWorkstation, listWorkflows, listWorkstations, storeWorkstation, updateWorkstation, workflowsOfWorkstation,
} from '../../domain/warehouseWorkstations.ts'
import { actorOf } from '../../domain/audit.ts'
import { type Handlers, reply } from '../handler.ts'
import { pathId } from '../params.ts'
import { typeParam } from './warehouse.ts'

/** The admin's warehouse calls (contract/endpoints/warehouseAdmin.ts). */
export const warehouseAdminHandlers: Handlers<
  | 'workstationStore' | 'workstationUpdate' | 'workstationDelete' | 'workstationGet' | 'workstationsFullInfo' | 'workstationWorkflow'
  | 'workflowList' | 'endWorkflowByAdmin' | 'problematicSectorCreate' | 'problematicSectorDelete'
> = {
  workstationStore: async (c) => {
    const workstation = await c.deps.db.tx((q) => storeWorkstation(q, c.body, actorOf(c)))
    return reply(201, { message: WAREHOUSE_ADMIN_MSG.workstationAdded, workstation })
  },
  workstationUpdate: async (c) => ({ message: WAREHOUSE_ADMIN_MSG.workstationEdited, workstation: await c.deps.db.tx((q) => updateWorkstation(q, c.body, actorOf(c))) }),
  workstationDelete: async (c) => {
    await c.deps.db.tx((q) => deleteWorkstation(q, c.body.workstation_id, actorOf(c)))
    return { message: WAREHOUSE_ADMIN_MSG.workstationDeleted }
  },
  workstationGet: ({ deps, params }) => getWorkstation(deps.db, pathId(params.id)),
  workstationsFullInfo: ({ deps, params }) => listWorkstations(deps.db, pathId(params.warehouse), typeParam(params.type)),
  workstationWorkflow: ({ deps, params }) => workflowsOfWorkstation(deps.db, pathId(params.id)),
  workflowList: ({ deps, body }) => listWorkflows(deps.db, body),
  endWorkflowByAdmin: async ({ deps, body }) => {
    await deps.db.tx((q) => endByAdmin(q, body))
    return { message: WAREHOUSE_MSG.workstationCleared }
  },

  problematicSectorCreate: async (c) => reply(201, { message: WAREHOUSE_ANSWER.created, sector: await c.deps.db.tx((q) => createSector(q, c.body, actorOf(c))) }),
  problematicSectorDelete: async (c) => {
    await c.deps.db.tx((q) => deleteSector(q, c.body.id, actorOf(c)))
    return { message: WAREHOUSE_MSG.deleted }
  },
}
