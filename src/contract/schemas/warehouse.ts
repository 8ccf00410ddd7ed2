import * as Schema from 'effect/Schema'
import { Id, IdFromString, RequiredString } from '../validation.ts'
import { PagingRequest, UserRef } from './common.ts'

/**
 * Warehouses and their workstations, who held a workstation when (workflows), and the problem
 * sectors. Timestamps are ISO 8601 strings (UTC); the browser shows them in Europe/Warsaw.
 */

/** The workstation a user holds, as the session and the user reply name it. */
export const WorkstationRef = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  type: Schema.Struct({ id: Schema.Number, name: Schema.String, code: Schema.String }),
  warehouse: Schema.Struct({ id: Schema.Number, name: Schema.String }),
})
export type WorkstationRef = typeof WorkstationRef.Type

const Iso = Schema.String
const Int01 = Schema.Literals([0, 1])

// ---- warehouses and workstation types ---------------------------------------------------------

export const Warehouse = Schema.Struct({ id: Schema.Number, name: Schema.String })
export const WorkstationType = Schema.Struct({ id: Schema.Number, name: Schema.String, code: Schema.String })

// ---- workstations and workflows ---------------------------------------------------------------

/** A workstation in lists and on its form: free when `active_user_id` is null. */
export const WorkstationRow = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  workstation_type_id: Schema.Number,
  warehouse_id: Schema.Number,
  type: WorkstationType,
  warehouse: Warehouse,
  active_user_id: Schema.NullOr(Schema.Number),
  /** The holder (the employee's e-mail shown on the list), null when free. */
  employee: Schema.NullOr(UserRef),
  free: Schema.Boolean,
})
export type WorkstationRow = typeof WorkstationRow.Type

export const EndType = Schema.Literals(['manual', 'logout', 'switch', 'admin'])
export type EndType = typeof EndType.Type

/** Workflow entry: who held which workstation, when, and how it ended. */
export const WorkflowRow = Schema.Struct({
  id: Schema.Number,
  workstation_id: Schema.Number,
  code: Schema.String,
  workstation_type: WorkstationType,
  user_id: Schema.Number,
  email: Schema.String,
  start_at: Iso,
  end_at: Schema.NullOr(Iso),
  end_type: Schema.NullOr(EndType),
  /** Scans accepted during this workflow (status rows written). */
  accepted_scans: Schema.Number,
})
export type WorkflowRow = typeof WorkflowRow.Type

/** The caller's open workflow: the per-session scan counter the browser shows. */
export const CurrentWorkflow = Schema.Struct({
  id: Schema.Number,
  start_at: Iso,
  accepted_scans: Schema.Number,
  workstation: WorkstationRef,
})
export const CurrentWorkflowReply = Schema.Struct({ workflow: Schema.NullOr(CurrentWorkflow) })

/** Server-side workflow table; columns for `order`: 0 id, 1 workstation, 2 email, 3 start_at, 4 end_at, 5 end_type. */
export const WORKFLOW_COLUMNS = ['id', 'workstation', 'email', 'start_at', 'end_at', 'end_type'] as const
export const WorkflowCriteria = Schema.Struct({
  workstation_id: Schema.optional(Schema.NullOr(Id)),
  workstation_type_id: Schema.optional(Schema.NullOr(Id)),
  /** true: open workflows only; false: ended only. */
  in_use: Schema.optional(Schema.NullOr(Schema.Boolean)),
  user_id: Schema.optional(Schema.NullOr(Id)),
})
export const WorkflowListRequest = Schema.Struct({ ...PagingRequest.fields, criteria: Schema.optional(WorkflowCriteria) })

/** Scan of a workstation code at /set-workstation. */
export const SetWorkstationRequest = Schema.Struct({ code: RequiredString })
export const SetWorkstationReply = Schema.Struct({ message: Schema.String, workstation: WorkstationRef, workflow: CurrentWorkflow })

export const EndWorkflowRequest = Schema.Struct({ type: Schema.Literal('manual') })
export const EndWorkflowReply = Schema.Struct({ message: Schema.String, ended: Schema.Boolean })
/**
 * Admin ends a worker's workflow (body {user_id, type}); the workstation form's "clear"
 * may send `workstation_id` instead. 200 cleared, 409 "Stanowisko jest aktualnie wolne".
 */
export const EndByAdminRequest = Schema.Struct({
  user_id: Schema.optional(Schema.NullOr(Id)),
  workstation_id: Schema.optional(Schema.NullOr(Id)),
  type: Schema.optional(Schema.Literal('admin')),
})

const WorkstationFields = {
  warehouse_id: Id,
  workstation_type_id: Id,
  code: RequiredString,
}
export const WorkstationStoreRequest = Schema.Struct(WorkstationFields)
export const WorkstationUpdateRequest = Schema.Struct({ id: Id, ...WorkstationFields })
export const WorkstationDeleteRequest = Schema.Struct({ workstation_id: Id })
export const WorkstationSaved = Schema.Struct({ message: Schema.String, workstation: WorkstationRow })

// ---- problem sectors ------------------------------------------------------------------------

export const Sector = Schema.Struct({
  id: Schema.Number,
  warehouse_id: Schema.Number,
  code: Schema.String,
  name: Schema.String,
  internal: Int01,
  status_type_id: Schema.NullOr(Schema.Number),
  /** The role the warehouse rules give this sector (receiving, cancelled, ...), null for others. */
  purpose: Schema.NullOr(Schema.String),
  /** Codes 3 and 4: choosing it forces create_duplicated_parcel_row. */
  duplicated: Schema.Boolean,
  /** Parcels sitting in the sector now. */
  parcels: Schema.Number,
})
export type Sector = typeof Sector.Type
export const SectorListQuery = Schema.Struct({
  warehouse_id: Schema.optional(IdFromString),
  workstation_type_id: Schema.optional(IdFromString),
})
export const SectorCreateRequest = Schema.Struct({
  warehouse_id: Id,
  code: RequiredString,
  name: RequiredString,
  internal: Int01,
  status_type_id: Schema.optional(Schema.NullOr(Id)),
})
export const SectorSaved = Schema.Struct({ message: Schema.String, sector: Sector })
