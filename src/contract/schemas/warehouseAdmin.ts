import * as Schema from 'effect/Schema'
import { Id, RequiredString } from '../validation.ts'
import { PagingRequest } from './common.ts'
import { Int01, Iso, Sector, WorkstationRow, WorkstationType } from './warehouse.ts'

/**
 * What only the admin's warehouse screens send and read: the workstation and problem-sector forms,
 * the workflow history. Apart from warehouse.ts so the floor screens do not carry them.
 */

// ---- workflows ---------------------------------------------------------------------------------

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

export const SectorCreateRequest = Schema.Struct({
  warehouse_id: Id,
  code: RequiredString,
  name: RequiredString,
  internal: Int01,
  status_type_id: Schema.optional(Schema.NullOr(Id)),
})
export const SectorSaved = Schema.Struct({ message: Schema.String, sector: Sector })
