import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { STAFF_ROLES } from '../../contract/constants/access.ts'
import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_MSG, WAREHOUSE_ADMIN_TEXT } from '../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { href } from '../../contract/routes.ts'
import type { WorkstationRow } from '../../contract/schemas/warehouse.ts'
import { SectorCreateRequest, type WorkflowRow, WorkstationStoreRequest, WorkstationUpdateRequest } from '../../contract/schemas/warehouseAdmin.ts'
import { type ActResult, type Loaded, type Values, answerOf, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { ApiError, call } from '../api/client.ts'
import { optionsOf } from '../ui/form.tsx'
import { notify } from '../ui/toast.tsx'
import { errorOf, isStatus, showFailure } from './failure.ts'
import { loading, useDataLoad } from '../ui/load.ts'
import { pageFrom, pagingRequest, tableLogic } from './serverTable.ts'
import { decoded } from './recordForms.ts'
import { loadReference } from './floor.ts'

/**
 * The warehouse admin screens (problem sectors, workstations) wired to the
 * contract: their data loads (the one dataLoad machine), their forms (the generic record form) and
 * their tables' fetches. Views render these and never call the API.
 */


// ---- reference lists ---------------------------------------------------------------------------------

/** Warehouses and workstation types (the loader is the floor's: the floor screens need it without the admin code). */
export const referenceLoad = loading(loadReference)
/** Warehouses and workstation types, once loaded (null before). */
export const useReference = () => useDataLoad(referenceLoad).data
/** Warehouse workers and admins by e-mail (the workflow history's filter). */
export const employeesLoad = loading(() => call(endpoints.employeesEmails, { roles: [...STAFF_ROLES] }))

const INTERNAL_OPTIONS = [
  { value: 0, label: WAREHOUSE_ADMIN_TEXT.yesNo[0] },
  { value: 1, label: WAREHOUSE_ADMIN_TEXT.yesNo[1] },
]

/** The id of a row a row action was asked for. */
const idOfItem = (item: unknown) => (typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'number' ? item.id : 0)

// ---- problem sectors -------------------------------------------------------------------------------------

/** The sectors of a warehouse (the key); the row action deletes one after the confirmation. */
export const sectorList = loading((warehouseId: number) => call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: warehouseId })).provide({
  actors: {
    act: fromPromise<unknown, { key: unknown; item: unknown }>(async ({ input }) => call(endpoints.problematicSectorDelete, { id: idOfItem(input.item) })),
  },
  actions: {
    acted: () => notify.success(WAREHOUSE_MSG.deleted),
    failed: (_, params) => showFailure(params.error),
  },
})

/** /problematic-sector/new: name, warehouse, internal (No=0, Yes=1), code. */
export const sectorForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async (): Promise<Loaded> => {
      const { warehouses } = await loadReference()
      return {
        values: { name: '', warehouse_id: WAREHOUSE.defaultWarehouseId, internal: 0, code: '' },
        options: { warehouse_id: optionsOf(warehouses, (w) => w.name), internal: INTERNAL_OPTIONS },
      }
    }),
    save: fromPromise(async ({ input }) => call(endpoints.problematicSectorCreate, decoded(SectorCreateRequest, input.values))),
  },
  actions: {
    saved: ({ context }) => {
      const { message } = answerOf(context.saved)
      if (message) notify.success(message)
      navigate(href('problematicSectorList'))
    },
    // 422: "Błąd podczas dodawania typu" with the fields' messages on the form.
    failed: ({ event }) => showFailure(errorOf(event), undefined, isStatus(errorOf(event), 422) ? WAREHOUSE_ADMIN_MSG.sectorAddError : undefined),
  },
})
export const sectorFormInput = { id: null, validate: validateWith(SectorCreateRequest) }

// ---- workstations ----------------------------------------------------------------------------------------

export interface WorkstationListFilter {
  warehouse: number
  type: number | null
}
export const WORKSTATION_FILTER: WorkstationListFilter = { warehouse: WAREHOUSE.defaultWarehouseId, type: null }

/**
 * The workstations of a warehouse and type (the key). The first list loads silently; a list asked by
 * "Filtruj" tells how it went (the key carries `told`).
 */
export const workstationList = loading(async (key: WorkstationListFilter & { told?: number }) => {
  try {
    const rows = await call(endpoints.workstationsFullInfo, undefined, { warehouse: key.warehouse, type: key.type ?? 'all' })
    if (key.told) {
      if (rows.length === 0) notify.warning(WAREHOUSE_ADMIN_MSG.workstationsNone)
      else notify.success(WAREHOUSE_ADMIN_MSG.workstationsFiltered)
    }
    return rows
  } catch (e) {
    showFailure(e)
    return []
  }
})

/** The workflows of one workstation (its form's history table); the key is [id, acts] so it asks again after a clear. */
export const workstationWorkflows = loading(([id]: [number | null, number]) =>
  id === null ? Promise.resolve<readonly WorkflowRow[]>([]) : call(endpoints.workstationWorkflow, undefined, { id }),
)

const workstationValues = (w: WorkstationRow): Values => ({ warehouse_id: w.warehouse_id, workstation_type_id: w.workstation_type_id, code: w.code })

/** The workstation a form shows (its occupancy for the header), from `extra`. */
export const workstationOf = (extra: unknown): WorkstationRow | null =>
  typeof extra === 'object' && extra !== null && 'workstation' in extra ? ((extra as { workstation: WorkstationRow | null }).workstation ?? null) : null

/**
 * /workstation/new and /workstation/{id}: warehouse, type, code; two confirmed actions: `delete`
 * (leaves for the list) and `clear` (ends the open workflow; the form shows the new occupancy).
 */
export const workstationForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      const ref = await loadReference()
      const options = {
        warehouse_id: optionsOf(ref.warehouses, (w) => w.name),
        workstation_type_id: optionsOf(ref.workstationTypes, (t) => `${t.code} – ${t.name}`),
      }
      if (input.id === null) return { values: { warehouse_id: null, workstation_type_id: null, code: '' }, options, extra: { workstation: null } }
      if (!Number.isInteger(input.id) || input.id <= 0) throw new ApiError(404, { message: WAREHOUSE_ADMIN_TEXT.workstationMissing })
      const w = await call(endpoints.workstationGet, undefined, { id: input.id })
      return { values: workstationValues(w), options, extra: { workstation: w } }
    }),
    save: fromPromise(async ({ input }) => {
      if (input.id === null) return call(endpoints.workstationStore, decoded(WorkstationStoreRequest, input.values))
      return call(endpoints.workstationUpdate, decoded(WorkstationUpdateRequest, { ...input.values, id: input.id }))
    }),
    act: fromPromise(async ({ input }): Promise<ActResult> => {
      const id = input.id ?? 0
      if (input.action === 'clear') {
        await call(endpoints.endWorkflowByAdmin, { workstation_id: id, type: 'admin' })
        return { extra: { workstation: await call(endpoints.workstationGet, undefined, { id }) }, message: WAREHOUSE_MSG.workstationCleared }
      }
      await call(endpoints.workstationDelete, { workstation_id: id })
      return { leave: true, message: WAREHOUSE_ADMIN_MSG.workstationDeleted }
    }),
  },
  actions: {
    saved: ({ context }) => {
      if (context.id === null) {
        notify.success(WAREHOUSE_ADMIN_MSG.workstationAdded)
        navigate(href('workstationsList', { card: 'workstations-list' }))
        return
      }
      notify.success(WAREHOUSE_ADMIN_MSG.workstationEdited)
    },
    acted: ({ context }) => {
      if (context.acted?.message) notify.success(context.acted.message)
    },
    left: ({ context }) => {
      if (context.acted?.message) notify.success(context.acted.message)
      navigate(href('workstationsList', { card: 'workstations-list' }))
    },
    failed: ({ context, event }) => {
      const e = errorOf(event)
      // Clearing a free workstation: 409 "Stanowisko jest aktualnie wolne".
      if (context.action === 'clear' && isStatus(e, 409)) notify.info(WAREHOUSE_MSG.workstationFree)
      // Create 422: "Błąd podczas dodawania stanowiska" with the fields' errors.
      else showFailure(e, undefined, context.id === null && isStatus(e, 422) ? WAREHOUSE_ADMIN_MSG.workstationAddError : undefined)
    },
  },
})
export const workstationFormInput = (id: number | null) => ({
  id,
  validate: id === null ? validateWith(WorkstationStoreRequest) : (values: Values) => validateWith(WorkstationUpdateRequest)({ ...values, id }),
  keepEditing: id !== null,
})

/** The history of work on workstations (server table). */
export const workflowsTable = tableLogic(async (req) => pageFrom(await call(endpoints.workflowList, pagingRequest(endpoints.workflowList.body, req))))
