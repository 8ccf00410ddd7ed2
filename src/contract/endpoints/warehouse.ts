import * as Schema from 'effect/Schema'
import { STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { ErrorReply, Empty } from '../schemas/common.ts'
import {
  CurrentWorkflowReply, EndWorkflowReply, EndWorkflowRequest, Sector, SectorListQuery, SetWorkstationReply, SetWorkstationRequest,
  Warehouse, WorkstationRow, WorkstationType,
} from '../schemas/warehouse.ts'

/**
 * Warehouses, workstations and their workflows, problem sectors, as the floor and the staff's
 * screens call them (the admin's: warehouseAdmin.ts). Answer codes per docs/domain.md "Workstations".
 */
export const warehouseEndpoints = {
  // ---- warehouses and workstations (app/v1/warehouse) ----
  warehouses: ep({ method: 'GET', path: 'app/v1/warehouse', roles: STAFF, body: Empty, replies: { 200: Schema.Array(Warehouse) } }),
  workstationTypes: ep({ method: 'GET', path: 'app/v1/warehouse/workstation-types', roles: STAFF, body: Empty, replies: { 200: Schema.Array(WorkstationType) } }),
  /** Workstations of one warehouse and type (the tags form). */
  workstationsByType: ep({ method: 'GET', path: 'app/v1/warehouse/{warehouse}/workstation/by-type/{type}', roles: STAFF, body: Empty, replies: { 200: Schema.Array(WorkstationRow) } }),
  /** Occupy a workstation by its code (/set-workstation). Ends the caller's previous workflow (switch). */
  setWorkstation: ep({
    method: 'POST', path: 'app/v1/warehouse/workstation/workflow/', scanLog: 'workstation_take', roles: STAFF, body: SetWorkstationRequest, replies: { 200: SetWorkstationReply, 404: ErrorReply, 406: ErrorReply, 423: ErrorReply },
    statuses: { 404: 'Stanowisko nie istnieje!', 406: 'role may not work there (server message)', 423: 'Stanowisko jest już zajęte!' },
  }),
  /** The caller ends their own workflow (sidebar "end workstation"). */
  endWorkflow: ep({ method: 'DELETE', path: 'app/v1/warehouse/workflow', scanLog: 'workstation_end', roles: STAFF, body: EndWorkflowRequest, replies: { 200: EndWorkflowReply } }),
  /** The caller's open workflow and its accepted-scan counter (chosen path). */
  currentWorkflow: ep({ method: 'GET', path: 'app/v1/warehouse/workflow/current', roles: STAFF, body: Empty, replies: { 200: CurrentWorkflowReply } }),

  // ---- problem sectors ----
  /** `?warehouse_id` (default 1) `&workstation_type_id` (sectors whose status the type offers). */
  problematicSectorList: ep({ method: 'GET', path: 'app/v1/problematic-sector/list', roles: STAFF, body: Empty, query: SectorListQuery, replies: { 200: Schema.Array(Sector) } }),
} as const
