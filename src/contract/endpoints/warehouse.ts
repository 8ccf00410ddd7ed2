import * as Schema from 'effect/Schema'
import { ADMIN_ONLY, STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { ErrorReply, Empty, MessageReply, IdBody, paged } from '../schemas/common.ts'
import {
  CurrentWorkflowReply, EndByAdminRequest, EndWorkflowReply, EndWorkflowRequest, Sector, SectorCreateRequest, SectorListQuery,
  SectorSaved, SetWorkstationReply, SetWorkstationRequest, Warehouse, WorkflowListRequest, WorkflowRow,
  WorkstationDeleteRequest, WorkstationRow, WorkstationSaved, WorkstationStoreRequest, WorkstationType,
  WorkstationUpdateRequest,
} from '../schemas/warehouse.ts'

/**
 * Warehouses, workstations and their workflows, problem sectors. Answer codes per
 * docs/domain.md "Workstations".
 */
export const warehouseEndpoints = {
  // ---- warehouses and workstations (app/v1/warehouse) ----
  warehouses: ep({ method: 'GET', path: 'app/v1/warehouse', roles: STAFF, body: Empty, replies: { 200: Schema.Array(Warehouse) } }),
  workstationTypes: ep({ method: 'GET', path: 'app/v1/warehouse/workstation-types', roles: STAFF, body: Empty, replies: { 200: Schema.Array(WorkstationType) } }),
  workstationStore: ep({
    method: 'POST', path: 'app/v1/warehouse/workstation/store', roles: ADMIN_ONLY, body: WorkstationStoreRequest, replies: { 201: WorkstationSaved, 422: ErrorReply },
    statuses: { 201: 'Pomyślnie dodano nowe stanowisko', 422: 'Błąd podczas dodawania stanowiska (errors per field)' },
  }),
  workstationUpdate: ep({
    method: 'PUT', path: 'app/v1/warehouse/workstation/', roles: ADMIN_ONLY, body: WorkstationUpdateRequest, replies: { 200: WorkstationSaved, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 404: 'no such workstation', 409: 'occupied: clear it first', 422: 'errors per field' },
  }),
  /** Soft delete (history keeps its workstation); an occupied workstation is cleared first (end type admin). */
  workstationDelete: ep({ method: 'DELETE', path: 'app/v1/warehouse/workstation/', roles: ADMIN_ONLY, body: WorkstationDeleteRequest, replies: { 200: MessageReply } }),
  workstationGet: ep({ method: 'GET', path: 'app/v1/warehouse/workstation/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: WorkstationRow } }),
  /** Workstations of one warehouse and type (the tags form). */
  workstationsByType: ep({ method: 'GET', path: 'app/v1/warehouse/{warehouse}/workstation/by-type/{type}', roles: STAFF, body: Empty, replies: { 200: Schema.Array(WorkstationRow) } }),
  /** The /workstations-list table: `{type}` is a type id or `all`; free/occupied with the holder's e-mail. */
  workstationsFullInfo: ep({ method: 'GET', path: 'app/v1/warehouse/{warehouse}/workstation/full-info/{type}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(WorkstationRow) } }),
  /** Workflow table of one workstation (its form), sorted by end_at desc (open first). */
  workstationWorkflow: ep({ method: 'GET', path: 'app/v1/warehouse/workstation/workflow/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(WorkflowRow) } }),
  /** Workflow history by filter (path not shown in the spec; chosen). Server table, default order column 4 (end_at) desc. */
  workflowList: ep({ method: 'POST', path: 'app/v1/warehouse/workstation/workflow/list', roles: ADMIN_ONLY, body: WorkflowListRequest, replies: { 200: paged(WorkflowRow) } }),
  /** Occupy a workstation by its code (/set-workstation). Ends the caller's previous workflow (switch). */
  setWorkstation: ep({
    method: 'POST', path: 'app/v1/warehouse/workstation/workflow/', scanLog: 'workstation_take', roles: STAFF, body: SetWorkstationRequest, replies: { 200: SetWorkstationReply, 404: ErrorReply, 406: ErrorReply, 423: ErrorReply },
    statuses: { 404: 'Stanowisko nie istnieje!', 406: 'role may not work there (server message)', 423: 'Stanowisko jest już zajęte!' },
  }),
  /** The caller ends their own workflow (sidebar "end workstation"). */
  endWorkflow: ep({ method: 'DELETE', path: 'app/v1/warehouse/workflow', scanLog: 'workstation_end', roles: STAFF, body: EndWorkflowRequest, replies: { 200: EndWorkflowReply } }),
  endWorkflowByAdmin: ep({
    method: 'DELETE', path: 'app/v1/warehouse/workstation/workflow/end-by-admin', roles: ADMIN_ONLY, body: EndByAdminRequest, replies: { 200: MessageReply, 409: ErrorReply },
    statuses: { 200: 'Pomyślnie opróżniono stanowisko', 409: 'Stanowisko jest aktualnie wolne' },
  }),
  /** The caller's open workflow and its accepted-scan counter (chosen path). */
  currentWorkflow: ep({ method: 'GET', path: 'app/v1/warehouse/workflow/current', roles: STAFF, body: Empty, replies: { 200: CurrentWorkflowReply } }),

  // ---- problem sectors ----
  /** `?warehouse_id` (default 1) `&workstation_type_id` (sectors whose status the type offers). */
  problematicSectorList: ep({ method: 'GET', path: 'app/v1/problematic-sector/list', roles: STAFF, body: Empty, query: SectorListQuery, replies: { 200: Schema.Array(Sector) } }),
  problematicSectorCreate: ep({
    method: 'POST', path: 'app/v1/problematic-sector', roles: ADMIN_ONLY, body: SectorCreateRequest, replies: { 201: SectorSaved, 422: ErrorReply },
    statuses: { 201: 'Utworzono pomyślnie!', 422: 'Błąd podczas dodawania typu (errors per field)' },
  }),
  problematicSectorDelete: ep({
    method: 'DELETE', path: 'app/v1/problematic-sector', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 409: ErrorReply },
    statuses: { 409: 'parcels sit in it, or the warehouse rules use it' },
  }),
} as const
