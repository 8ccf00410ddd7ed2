import { WAREHOUSE } from '../../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { createSector, deleteSector, listSectors } from '../../domain/warehouseSectors.ts'
import {
  currentWorkflow, deleteWorkstation, endByAdmin, endOwnWorkflow, getWorkstation, listWarehouses, listWorkflows,
  listWorkstationTypes, listWorkstations, occupy, storeWorkstation, updateWorkstation, workflowsOfWorkstation,
} from '../../domain/warehouseWorkstations.ts'
import { actorOf } from '../../domain/audit.ts'
import { type Handlers, reply } from '../handler.ts'
import { pathId } from '../params.ts'

/** `{type}` of the workstation lists: a type id, or `all`. */
const typeParam = (raw: string | undefined) => (raw === 'all' || raw === '0' ? null : pathId(raw))

export const warehouseHandlers: Handlers<
  | 'warehouses' | 'workstationTypes' | 'workstationStore' | 'workstationUpdate' | 'workstationDelete' | 'workstationGet'
  | 'workstationsByType' | 'workstationsFullInfo' | 'workstationWorkflow' | 'workflowList' | 'setWorkstation' | 'endWorkflow'
  | 'endWorkflowByAdmin' | 'currentWorkflow' | 'problematicSectorList' | 'problematicSectorCreate' | 'problematicSectorDelete'
> = {
  warehouses: ({ deps }) => listWarehouses(deps.db),
  workstationTypes: ({ deps }) => listWorkstationTypes(deps.db),
  workstationStore: async (c) => {
    const workstation = await c.deps.db.tx((q) => storeWorkstation(q, c.body, actorOf(c)))
    return reply(201, { message: WAREHOUSE_MSG.workstationAdded, workstation })
  },
  workstationUpdate: async (c) => ({ message: WAREHOUSE_MSG.workstationEdited, workstation: await c.deps.db.tx((q) => updateWorkstation(q, c.body, actorOf(c))) }),
  workstationDelete: async (c) => {
    await c.deps.db.tx((q) => deleteWorkstation(q, c.body.workstation_id, actorOf(c)))
    return { message: WAREHOUSE_MSG.workstationDeleted }
  },
  workstationGet: ({ deps, params }) => getWorkstation(deps.db, pathId(params.id)),
  workstationsByType: ({ deps, params }) => listWorkstations(deps.db, pathId(params.warehouse), typeParam(params.type)),
  workstationsFullInfo: ({ deps, params }) => listWorkstations(deps.db, pathId(params.warehouse), typeParam(params.type)),
  workstationWorkflow: ({ deps, params }) => workflowsOfWorkstation(deps.db, pathId(params.id)),
  workflowList: ({ deps, body }) => listWorkflows(deps.db, body),

  setWorkstation: ({ deps, user, body }) =>
    deps.db.tx(async (q) => {
      const workflow = await occupy(q, user, body.code)
      return { message: WAREHOUSE_MSG.workstationSet, workstation: workflow.workstation, workflow }
    }),
  endWorkflow: async ({ deps, user }) => ({ message: WAREHOUSE_MSG.workflowEnded, ended: await deps.db.tx((q) => endOwnWorkflow(q, user.id)) }),
  endWorkflowByAdmin: async ({ deps, body }) => {
    await deps.db.tx((q) => endByAdmin(q, body))
    return { message: WAREHOUSE_MSG.workstationCleared }
  },
  currentWorkflow: async ({ deps, user }) => ({ workflow: await currentWorkflow(deps.db, user.id) }),

  problematicSectorList: ({ deps, queryData }) =>
    listSectors(deps.db, queryData.warehouse_id ?? WAREHOUSE.defaultWarehouseId, queryData.workstation_type_id ?? null),
  problematicSectorCreate: async (c) => reply(201, { message: WAREHOUSE_MSG.created, sector: await c.deps.db.tx((q) => createSector(q, c.body, actorOf(c))) }),
  problematicSectorDelete: async (c) => {
    await c.deps.db.tx((q) => deleteSector(q, c.body.id, actorOf(c)))
    return { message: WAREHOUSE_MSG.deleted }
  },
}
