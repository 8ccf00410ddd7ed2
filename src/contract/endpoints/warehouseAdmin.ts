import * as Schema from 'effect/Schema'
import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { ErrorReply, Empty, IdBody, MessageReply, paged } from '../schemas/common.ts'
import { WorkstationRow } from '../schemas/warehouse.ts'
import {
  EndByAdminRequest, SectorCreateRequest, SectorSaved, WorkflowListRequest, WorkflowRow, WorkstationDeleteRequest, WorkstationSaved,
  WorkstationStoreRequest, WorkstationUpdateRequest,
} from '../schemas/warehouseAdmin.ts'

/**
 * The admin's warehouse calls: workstations added, edited, deleted and cleared, their workflow
 * history, problem sectors added and deleted. Apart from warehouse.ts so the floor screens, which
 * load that table, do not carry these. Answer codes per docs/domain.md "Workstations".
 */
export const warehouseAdminEndpoints = {
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
  /** The /workstations-list table: `{type}` is a type id or `all`; free/occupied with the holder's e-mail. */
  workstationsFullInfo: ep({ method: 'GET', path: 'app/v1/warehouse/{warehouse}/workstation/full-info/{type}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(WorkstationRow) } }),
  /** Workflow table of one workstation (its form), sorted by end_at desc (open first). */
  workstationWorkflow: ep({ method: 'GET', path: 'app/v1/warehouse/workstation/workflow/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(WorkflowRow) } }),
  /** Workflow history by filter (path not shown in the spec; chosen). Server table, default order column 4 (end_at) desc. */
  workflowList: ep({ method: 'POST', path: 'app/v1/warehouse/workstation/workflow/list', roles: ADMIN_ONLY, body: WorkflowListRequest, replies: { 200: paged(WorkflowRow) } }),
  endWorkflowByAdmin: ep({
    method: 'DELETE', path: 'app/v1/warehouse/workstation/workflow/end-by-admin', roles: ADMIN_ONLY, body: EndByAdminRequest, replies: { 200: MessageReply, 409: ErrorReply },
    statuses: { 200: 'Pomyślnie opróżniono stanowisko', 409: 'Stanowisko jest aktualnie wolne' },
  }),
  problematicSectorCreate: ep({
    method: 'POST', path: 'app/v1/problematic-sector', roles: ADMIN_ONLY, body: SectorCreateRequest, replies: { 201: SectorSaved, 422: ErrorReply },
    statuses: { 201: 'Utworzono pomyślnie!', 422: 'Błąd podczas dodawania typu (errors per field)' },
  }),
  problematicSectorDelete: ep({
    method: 'DELETE', path: 'app/v1/problematic-sector', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 409: ErrorReply },
    statuses: { 409: 'parcels sit in it, or the warehouse rules use it' },
  }),
} as const
