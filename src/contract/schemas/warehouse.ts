import * as Schema from 'effect/Schema'
import { IdFromString, RequiredString } from '../validation.ts'
import { UserRef } from './common.ts'

/**
 * Warehouses and their workstations, who held a workstation when (workflows), and the problem
 * sectors, as the floor and the staff's screens use them (the admin's forms and the workflow history:
 * warehouseAdmin.ts). Timestamps are ISO 8601 strings (UTC); the browser shows them in Europe/Warsaw.
 */

/** The workstation a user holds, as the session and the user reply name it. */
export const WorkstationRef = Schema.Struct({
  id: Schema.Number,
  code: Schema.String,
  type: Schema.Struct({ id: Schema.Number, name: Schema.String, code: Schema.String }),
  warehouse: Schema.Struct({ id: Schema.Number, name: Schema.String }),
})
export type WorkstationRef = typeof WorkstationRef.Type

export const Iso = Schema.String
export const Int01 = Schema.Literals([0, 1])

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

/** The caller's open workflow: the per-session scan counter the browser shows. */
export const CurrentWorkflow = Schema.Struct({
  id: Schema.Number,
  start_at: Iso,
  accepted_scans: Schema.Number,
  workstation: WorkstationRef,
})
export const CurrentWorkflowReply = Schema.Struct({ workflow: Schema.NullOr(CurrentWorkflow) })

/** Scan of a workstation code at /set-workstation. */
export const SetWorkstationRequest = Schema.Struct({ code: RequiredString })
export const SetWorkstationReply = Schema.Struct({ message: Schema.String, workstation: WorkstationRef, workflow: CurrentWorkflow })

export const EndWorkflowRequest = Schema.Struct({ type: Schema.Literal('manual') })
export const EndWorkflowReply = Schema.Struct({ message: Schema.String, ended: Schema.Boolean })

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
