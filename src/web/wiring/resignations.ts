import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../contract/endpoints.ts'
import { endpointTable } from './serverTable.ts'
import { href } from '../../contract/routes.ts'
import { ClientResignationCreateRequest, type Resignation, ResignationCreateRequest, ResignationUpdateRequest } from '../../contract/schemas/resignations.ts'
import { formatDateTime } from '../../contract/format.ts'
import { type ActResult, type Loaded, type Values, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { call } from '../api/client.ts'
import { decoded, showFormFailure, savedAnswer, leftFor } from './recordForms.ts'

/** No client chosen yet: the key is left out, so the check says the client is required. */
const chosenClient = (values: Values): Values => {
  const { client_id, ...rest } = values
  return client_id == null ? rest : values
}

const resignationFacts = (r: Resignation, withClient: boolean) => [
  ...(withClient ? [{ id: 'client', label: 'Klient', value: r.client_name }] : []),
  { id: 'created_at', label: 'Data zgłoszenia', value: formatDateTime(r.created_at) },
  ...(withClient ? [{ id: 'user', label: 'Zgłosił', value: r.user_name ?? '—' }] : []),
  { id: 'scanned_at', label: 'Data skanu', value: formatDateTime(r.scanned_at) },
  { id: 'scanned_by', label: 'Zeskanował', value: r.scanned_by_user_name ?? '—' },
  { id: 'resend_at', label: 'Data odesłania', value: formatDateTime(r.resend_at) },
]

/** The admin's form (/parcel-reported-resignation[/{id}]): client (required on create), waybill, note; read-only scan facts; delete. */
export const resignationForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      if (input.id === null) return { values: { client_id: null, client_name: '', waybill: '', note: '' } }
      const r = await call(endpoints.resignationGet, undefined, { id: input.id })
      return { values: { client_id: r.client_id, client_name: r.client_name, waybill: r.waybill, note: r.note }, facts: resignationFacts(r, true) }
    }),
    save: fromPromise(async ({ input }) => {
      const r =
        input.id === null
          ? await call(endpoints.resignationCreate, decoded(ResignationCreateRequest, chosenClient(input.values)))
          : await call(endpoints.resignationUpdate, decoded(ResignationUpdateRequest, { ...input.values, id: input.id }))
      return { id: r.id, message: r.message }
    }),
    act: fromPromise(async ({ input }): Promise<ActResult> => ({ leave: true, message: (await call(endpoints.resignationDelete, { id: input.id ?? 0 })).message })),
  },
  actions: {
    saved: (args) => {
      const id = savedAnswer(args)
      if (id !== null) navigate(href('resignation', { id }))
    },
    left: leftFor(href('resignations')),
    failed: showFormFailure,
  },
})
export const resignationFormInput = (id: number | null) => ({
  id,
  validate: id === null ? (values: Values) => validateWith(ResignationCreateRequest)(chosenClient(values)) : (values: Values) => validateWith(ResignationUpdateRequest)({ ...values, id }),
  keepEditing: true,
})

/** The client's own form (/my-parcel-reported-resignation[/{id}]): waybill and note; read-only once made; delete. */
export const myResignationForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      if (input.id === null) return { values: { waybill: '', note: '' } }
      const r = await call(endpoints.clientResignationGet, undefined, { id: input.id })
      return { values: { waybill: r.waybill, note: r.note }, facts: resignationFacts(r, false), readOnly: true }
    }),
    save: fromPromise(async ({ input }) => {
      const r = await call(endpoints.clientResignationCreate, decoded(ClientResignationCreateRequest, input.values))
      return { id: r.id, message: r.message }
    }),
    act: fromPromise(async ({ input }): Promise<ActResult> => ({ leave: true, message: (await call(endpoints.clientResignationDelete, { id: input.id ?? 0 })).message })),
  },
  actions: {
    saved: (args) => {
      const id = savedAnswer(args)
      if (id !== null) navigate(href('myResignation', { id }))
    },
    left: leftFor(href('myResignations')),
    failed: showFormFailure,
  },
})
export const myResignationFormInput = (id: number | null) => ({ id, validate: validateWith(ClientResignationCreateRequest), keepEditing: true })

// ---- tables --------------------------------------------------------------------------------------------

export const resignationsTable = endpointTable(endpoints.resignationList)
/** A client's own reported resignations. */
export const myResignationsTable = endpointTable(endpoints.clientResignationList)
