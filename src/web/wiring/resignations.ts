import type { Schema } from 'effect'
import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../contract/endpoints.ts'
import { ADMIN_LABEL, ADMIN_MSG } from '../../contract/messages/admin.ts'
import { MSG } from '../../contract/messages.ts'
import { href } from '../../contract/routes.ts'
import {
  ClientResignationCreateRequest, type Resignation, ResignationCreateRequest, ResignationUpdateRequest, StatusTypeCreateRequest,
  StatusTypeUpdateRequest, UnknownAliasResolveRequest, resolvedTypeOf,
} from '../../contract/schemas/admin.ts'
import { formatDateTime } from '../../contract/format.ts'
import { decode } from '../../contract/validation.ts'
import { calendarMachine } from '../../../machines/calendar.ts'
import { aliasListMachine } from '../../../machines/listLoad.ts'
import { publicFileMachine } from '../../../machines/publicFile.ts'
import { type ActResult, type Loaded, type RecordFormContext, type Values, answerOf, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { ApiError, call } from '../api/client.ts'
import { apiUrl } from '../api/files.ts'
import { notify } from '../ui/toast.tsx'
import { endpointTable } from './serverTable.ts'

/**
 * The admin screens' machines with their real actors (docs/ARCHITECTURE.md "Machines": side
 * effects are actors and actions provided by the web, in one place per machine). Views import
 * these, never the API client.
 */

export const calendarScreen = calendarMachine.provide({
  actors: {
    loadYears: fromPromise(() => call(endpoints.calendarYears)),
    loadDays: fromPromise(({ input }) => call(endpoints.calendarDays, undefined, { year: input.year }, { country: input.country })),
    addDay: fromPromise(({ input }) => call(endpoints.calendarDayAdd, input)),
    deleteDay: fromPromise(({ input }) => call(endpoints.calendarDayDelete, input)),
  },
  actions: {
    added: () => notify.success(ADMIN_MSG.dayAdded),
    deleted: () => notify.success(ADMIN_MSG.dayRemoved),
    failed: ({ context }) => {
      if (context.failure) notify.error(context.failure)
    },
  },
})

// ---- record forms ------------------------------------------------------------------------------

/** The values as the schema decodes them; invalid values fail like a 422 (messages by field). */
function decoded<S extends Schema.Decoder<unknown>>(schema: S, values: Values): S['Type'] {
  const d = decode(schema, values)
  if (!d.ok) throw new ApiError(422, { message: MSG.invalidData, errors: d.errors })
  return d.value
}
const showFailure = ({ context }: { context: { failure: string | null } }) => {
  if (context.failure) notify.error(context.failure)
}
/** A record form's failure as an error toast. */
const showFormFailure = ({ context }: { context: RecordFormContext }) => {
  if (context.error) notify.error(context.error)
}
/** A save's answer: its message as a toast, and the saved record's id (null when it gave none). */
const savedAnswer = ({ context }: { context: RecordFormContext }) => {
  const { id, message } = answerOf(context.saved)
  if (message) notify.success(message)
  return id
}
/** A delete's message as a toast, then the list. */
const leftFor = (list: string) => ({ context }: { context: RecordFormContext }) => {
  if (context.acted?.message) notify.success(context.acted.message)
  navigate(list)
}
const yesNo = [
  { value: 0, label: ADMIN_LABEL.no },
  { value: 1, label: ADMIN_LABEL.yes },
]

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

// ---- unknown client aliases ------------------------------------------------------------------------

export const aliasList = aliasListMachine.provide({
  actors: { loadRows: fromPromise(() => call(endpoints.unknownAliasList)) },
})

/** Clients by name for the client choosers (from 3 characters). */
export const searchClients = (text: string) => call(endpoints.clientSearch, undefined, { text })

/** The resolve form: values `client_id`, `client_name` (the chooser), `is_emag`, and the proposed client kept to decide resolved_type. */
const aliasBody = (id: number | null, values: Values) => {
  const proposed = typeof values.proposed_client_id === 'number' ? values.proposed_client_id : null
  const base = { id: id ?? 0, is_emag: values.is_emag }
  // No client chosen: the key is missing, so the check says the field is required.
  return typeof values.client_id === 'number' ? { ...base, client_id: values.client_id, resolved_type: resolvedTypeOf(proposed, values.client_id) } : base
}

export const aliasForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      const a = await call(endpoints.unknownAliasGet, undefined, { id: input.id ?? 0 })
      return {
        values: { client_id: a.proposed_client_id, client_name: a.client_name ?? '', proposed_client_id: a.proposed_client_id, is_emag: a.is_emag },
        options: { is_emag: yesNo },
        facts: [
          { id: 'alias', label: 'Alias', value: a.alias },
          { id: 'waybill', label: 'Przesyłka', value: a.waybill ?? '—' },
          { id: 'proposed', label: 'Proponowany klient', value: a.client_name ?? '—' },
          { id: 'created_at', label: 'Odczytano', value: formatDateTime(a.created_at) },
        ],
        actable: false,
      }
    }),
    save: fromPromise(async ({ input }) => {
      const r = await call(endpoints.unknownAliasResolve, decoded(UnknownAliasResolveRequest, aliasBody(input.id, input.values)))
      return { id: r.id, message: r.message }
    }),
  },
  actions: {
    saved: (args) => {
      savedAnswer(args)
      navigate(href('unknownAliases'))
    },
    failed: showFormFailure,
  },
})
export const aliasFormInput = (id: number) => ({
  id,
  validate: (values: Values) => validateWith(UnknownAliasResolveRequest)(aliasBody(id, values)),
  keepEditing: true,
})

// ---- locker files ------------------------------------------------------------------------------------

/** /downloads: a locker file (RO, HU, BG) opened with a file token; the server's attachment is saved by the browser. */
export const lockerFiles = publicFileMachine.provide({
  actors: { fetchToken: fromPromise(async () => (await call(endpoints.publicToken)).public_token) },
  actions: {
    open: ({ context }) => {
      if (!context.file || !context.token) return
      const a = document.createElement('a')
      a.href = apiUrl(endpoints.lockerFile, { country: context.file }, { _public_token: context.token })
      a.download = ''
      document.body.appendChild(a)
      a.click()
      a.remove()
    },
    failed: showFailure,
  },
})

// ---- reported resignations ---------------------------------------------------------------------

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

export const statusesTable = endpointTable(endpoints.statusTypeDatatable)
export const resignationsTable = endpointTable(endpoints.resignationList)
/** A client's own reported resignations. */
export const myResignationsTable = endpointTable(endpoints.clientResignationList)
