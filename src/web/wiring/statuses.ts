import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../contract/endpoints.ts'
import { endpointTable } from './serverTable.ts'
import { href } from '../../contract/routes.ts'
import { StatusTypeCreateRequest, StatusTypeUpdateRequest } from '../../contract/schemas/statuses.ts'
import { type ActResult, type Loaded, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { call } from '../api/client.ts'
import { decoded, showFormFailure, savedAnswer, leftFor, yesNo } from './recordForms.ts'

/** The status form (/status/new, /statuses/status/{id}): name, displayed names (pl, ro), internal, group. */
export const statusForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      const groups = await call(endpoints.statusTypeGroups)
      const options = { internal: yesNo, status_type_group_id: [{ value: '', label: '— brak —' }, ...groups.map((g) => ({ value: g.id, label: g.name }))] }
      if (input.id === null) {
        return { values: { name: '', displayed_name: '', displayed_name_ro: '', internal: 0, status_type_group_id: null }, options }
      }
      const s = await call(endpoints.statusTypeGet, undefined, { id: input.id })
      return {
        values: { name: s.name, displayed_name: s.displayed_name, displayed_name_ro: s.displayed_name_ro, internal: s.internal, status_type_group_id: s.status_type_group_id },
        options,
        facts: [
          { id: 'id', label: 'ID', value: String(s.id) },
          { id: 'courier', label: 'Kurier', value: `${s.courier_name} (${s.id_courier})` },
          ...(s.system_id ? [{ id: 'system_id', label: 'Identyfikator systemowy', value: s.system_id }] : []),
        ],
        actable: s.deletable,
      }
    }),
    save: fromPromise(async ({ input }) => {
      if (input.id === null) {
        const r = await call(endpoints.statusTypeCreate, decoded(StatusTypeCreateRequest, input.values))
        return { id: r.id, message: 'status_created' }
      }
      const r = await call(endpoints.statusTypeUpdate, decoded(StatusTypeUpdateRequest, { ...input.values, id: input.id }))
      return { id: r.id, message: 'status_updated' }
    }),
    act: fromPromise(async ({ input }): Promise<ActResult> => {
      await call(endpoints.statusTypeDelete, { id: input.id ?? 0 })
      return { leave: true, message: 'status_removed' }
    }),
  },
  actions: {
    saved: (args) => {
      const id = savedAnswer(args)
      if (id !== null) navigate(href('status', { id }))
    },
    left: leftFor(href('statuses')),
    failed: showFormFailure,
  },
})
/** Checks the status form with the contract's schema; the form stays open after a save. */
export const statusFormInput = (id: number | null) => ({ id, validate: validateWith(StatusTypeCreateRequest), keepEditing: true })

export const statusesTable = endpointTable(endpoints.statusTypeDatatable)
