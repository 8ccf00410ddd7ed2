import { WAREHOUSE } from '../../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { listSectors } from '../../domain/warehouseSectors.ts'
import { currentWorkflow, endOwnWorkflow, listWarehouses, listWorkstationTypes, listWorkstations, occupy } from '../../domain/warehouseWorkstations.ts'
import type { Handlers } from '../handler.ts'
import { pathId } from '../params.ts'

/** `{type}` of the workstation lists: a type id, or `all`. */
export const typeParam = (raw: string | undefined) => (raw === 'all' || raw === '0' ? null : pathId(raw))

export const warehouseHandlers: Handlers<
  'warehouses' | 'workstationTypes' | 'workstationsByType' | 'setWorkstation' | 'endWorkflow' | 'currentWorkflow' | 'problematicSectorList'
> = {
  warehouses: ({ deps }) => listWarehouses(deps.db),
  workstationTypes: ({ deps }) => listWorkstationTypes(deps.db),
  workstationsByType: ({ deps, params }) => listWorkstations(deps.db, pathId(params.warehouse), typeParam(params.type)),

  setWorkstation: ({ deps, user, body }) =>
    deps.db.tx(async (q) => {
      const workflow = await occupy(q, user, body.code)
      return { message: WAREHOUSE_MSG.workstationSet, workstation: workflow.workstation, workflow }
    }),
  endWorkflow: async ({ deps, user }) => ({ message: WAREHOUSE_MSG.workflowEnded, ended: await deps.db.tx((q) => endOwnWorkflow(q, user.id)) }),
  currentWorkflow: async ({ deps, user }) => ({ workflow: await currentWorkflow(deps.db, user.id) }),

  problematicSectorList: ({ deps, queryData }) =>
    listSectors(deps.db, queryData.warehouse_id ?? WAREHOUSE.defaultWarehouseId, queryData.workstation_type_id ?? null),
}
