import type * as Schema from 'effect/Schema'
import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { CLIENTS } from '../../contract/constants/clients.ts'
import { endpoints as E } from '../../contract/endpoints.ts'
import { CLIENT_MSG } from '../../contract/messages/clients.ts'
import { href } from '../../contract/routes.ts'
import {
  AdditionalParameterRequest, ClientCreateRequest, ClientUpdateRequest, ExternalCredentialCreateRequest,
  ExternalCredentialUpdateRequest, PriceBandCreateRequest, PriceBandUpdateRequest,
} from '../../contract/schemas/clients.ts'
import { decode } from '../../contract/validation.ts'
import { clientCardMachine } from '../../../machines/clientsCard.ts'
import { clientListMachine } from '../../../machines/clientsList.ts'
import { credentialCheckMachine } from '../../../machines/clientsCredentialCheck.ts'
import { type ActResult, type Loaded, type Values, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { type ServerTablePage, type ServerTableRequest, serverTableMachine } from '../../../machines/serverTable.ts'
import { ApiError, call, messagesOf } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'
import { endpointTable, pagingBody, tableLogic } from './serverTable.ts'

/**
 * The client screens' side effects, in one place: the machines of machines/ provided with the
 * contract's endpoints, toasts and navigation. Views render these machines and never call the API.
 */

// ---- helpers ----------------------------------------------------------------------------------------

/** Decodes form values into a request body (the machine only submits valid values). */
function bodyOf<S extends Schema.Decoder<unknown>>(schema: S, values: Values): S['Type'] {
  const d = decode(schema, values)
  if (!d.ok) throw new ApiError(422, { message: CLIENT_MSG.checkFirst, errors: d.errors })
  return d.value
}

const failureText = (event: unknown, firstPerField = false) => {
  const e = (event as { error?: unknown }).error
  if (e instanceof ApiError) {
    if (e.status === 401 || e.status === 419) return ''
    const fields = Object.values(e.data.errors ?? {}).flatMap((m) => (firstPerField ? m.slice(0, 1) : m))
    return (fields.length ? fields : messagesOf(e.data)).join('<br>') || e.message
  }
  return e instanceof Error ? e.message : String(e)
}
/** Every message of a failure as an error toast (client forms: 5 s). */
const showFailure = (ms: number) => ({ event }: { event: unknown }) => {
  const text = failureText(event)
  if (text) notify.error(text, ms)
}

/** All rows as one page of the generic server table (short lists of the card). */
const onePage = <Row,>(rows: readonly Row[]): ServerTablePage<Row> => ({ data: rows, recordsTotal: rows.length, recordsFiltered: rows.length })

// ---- the list ------------------------------------------------------------------------------------------

const COOKIE = CLIENTS.filterCookie

/** The saved criteria of /clients (a cookie, one day). */
export function savedClientCriteria(): unknown {
  const raw = document.cookie.split('; ').find((c) => c.startsWith(COOKIE + '='))?.slice(COOKIE.length + 1)
  if (!raw) return null
  try {
    return JSON.parse(decodeURIComponent(raw))
  } catch {
    return null
  }
}

/** The input of /clients' workflow: the criteria saved in the cookie. */
export const clientListInput = () => ({ saved: savedClientCriteria() })

export const clientListLogic = clientListMachine.provide({
  actors: {
    table: serverTableMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }: { input: ServerTableRequest }): Promise<ServerTablePage> => {
          const d = decode(E.clientList.body, pagingBody(input))
          if (!d.ok) throw new ApiError(422, { message: CLIENT_MSG.checkFirst, errors: d.errors })
          const page = await call(E.clientList, d.value)
          return { data: page.data, recordsTotal: page.recordsTotal, recordsFiltered: page.recordsFiltered }
        }),
      },
    }),
  },
  actions: {
    persist: ({ context }) => {
      const maxAge = CLIENTS.filterCookieDays * 24 * 60 * 60
      document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify(context.criteria))}; max-age=${maxAge}; path=/; SameSite=Lax`
    },
  },
})

// ---- the card's header ---------------------------------------------------------------------------------

export const clientCardLogic = clientCardMachine.provide({
  actors: {
    loadHeader: fromPromise(async ({ input }) => {
      const [client, navigation, count] = await Promise.all([
        call(E.clientData, undefined, { id: input.clientId }),
        call(E.clientNavigation, undefined, { id: input.clientId }),
        // A client without a billing period answers nulls: the card says "Brak okresu rozliczeniowego".
        call(E.clientShipmentsCount, undefined, { id: input.clientId }).then((c) =>
          c.count !== null && c.start !== null && c.end !== null ? { count: c.count, start: c.start, end: c.end } : null,
        ),
      ])
      return { name: client.name, navigation, count }
    }),
  },
  actions: {
    ordered: () => notify.info('Zamówienie zestawienia rozliczeniowego będzie dostępne wraz z modułem rozliczeń.'),
  },
})

// ---- the tabs' tables -------------------------------------------------------------------------------------

/** The client of a card table: its filters' `clientId`. */
const clientOf = (req: ServerTableRequest) => ({ id: Number(req.filters.clientId) })

/** The card's tabs' tables; each is given `{ clientId }` as its filters. */
export const cardTables = {
  credentials: tableLogic(async (req) => onePage(await call(E.clientCredentials, undefined, clientOf(req)))),
  parameters: tableLogic(async (req) => onePage(await call(E.additionalList, undefined, clientOf(req)))),
  priceBands: tableLogic(async (req) => onePage(await call(E.clientPrices, undefined, clientOf(req)))),
  external: tableLogic(async (req) => onePage(await call(E.externalCredentials, undefined, clientOf(req)))),
  /** The client's operational price lists of the filters' `type`. */
  priceLists: endpointTable(E.priceListsOfClient, ['type', 'clientId']),
}

// ---- the client form (new client, the card's data tab, /company) ------------------------------------------

/** Defaults of a new client. */
export function newClientValues(): Values {
  const D = CLIENTS.defaults
  return {
    name: '', nip: '', email: '', contact_name: D.contactName, street: '', city: '', post_code: '', address: D.address,
    bank_account_number: D.bankAccountNumber, phone_number_prefix: D.phonePrefix, phone_number: '', country_id: 1,
    cod_enabled: 0, show_price_parcel: 0, download_ext: 0, api_enabled: 0, ext_number: 0, sender_signature: '',
    shipment_note: D.shipmentNote, re_returning_address: D.returningAddress, re_broadcasting_facility_address: D.broadcastingAddress,
    allowed_countries: [1, 3, 4], dpd_system_id: '', dpd_api_password: '', out_service: '', iai_password: '',
  }
}

const EDITABLE_CLIENT_FIELDS = Object.keys(ClientUpdateRequest.fields)

export const clientFormLogic = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      const countries = await call(E.countryList)
      if (input.id === null) {
        const access = await call(E.defaultAccessData)
        notify.success(CLIENT_MSG.defaultAccessData)
        return { values: { ...newClientValues(), ...access }, extra: { countries } }
      }
      const client = await call(E.clientData, undefined, { id: input.id })
      const values: Record<string, unknown> = Object.fromEntries(EDITABLE_CLIENT_FIELDS.map((k) => [k, k in client ? client[k as keyof typeof client] : '']))
      return { values: { ...values, deleted_at: client.deleted_at }, extra: { countries } }
    }),
    save: fromPromise(async ({ input }) =>
      input.id === null
        ? call(E.clientCreate, bodyOf(ClientCreateRequest, input.values))
        : call(E.clientUpdate, bodyOf(ClientUpdateRequest, { ...input.values, id: input.id })),
    ),
    /** Block or unblock, by what the record is now. */
    act: fromPromise(async ({ input }): Promise<ActResult> => {
      const id = input.id ?? 0
      const client = input.values.deleted_at ? await call(E.clientRestore, { id }) : await call(E.clientBlock, { id })
      return { values: { deleted_at: client.deleted_at } }
    }),
  },
  actions: {
    saved: ({ context }) => {
      notify.success(context.id === null ? CLIENT_MSG.clientAdded : CLIENT_MSG.clientSaved)
      if (context.id === null) navigate(href('clients'))
    },
    failed: showFailure(CLIENTS.toastMs.updateError),
    acted: ({ context }) => notify.success(context.values.deleted_at ? CLIENT_MSG.clientBlocked : CLIENT_MSG.clientUnblocked),
  },
})

export const validateNewClient = validateWith(ClientCreateRequest)
export const validateClient = validateWith(ClientUpdateRequest)


/** /company: the signed-in client's own record, read only. */
export const companyLogic = recordFormMachine.provide({
  actors: {
    load: fromPromise(async (): Promise<Loaded> => {
      const [client, countries] = await Promise.all([call(E.clientData, undefined, { id: 0 }), call(E.countryList)])
      return { values: { ...client }, extra: { countries } }
    }),
  },
})

// ---- price band -----------------------------------------------------------------------------------------

export const priceBandLogic = (clientId: number) =>
  recordFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }): Promise<Loaded> => {
        if (input.id === null) return { values: { id_client: clientId, net_price: '', vat_percentage: 23, min_weight_value: '', max_weight_value: '' } }
        const b = await call(E.priceBandGet, undefined, { id: input.id })
        return { values: { ...b } }
      }),
      save: fromPromise(async ({ input }) =>
        input.id === null
          ? call(E.priceBandCreate, bodyOf(PriceBandCreateRequest, input.values))
          : call(E.priceBandUpdate, bodyOf(PriceBandUpdateRequest, { ...input.values, id: input.id })),
      ),
      act: fromPromise(async ({ input }): Promise<ActResult> => {
        await call(E.priceBandDelete, { id: input.id ?? 0 })
        return { leave: true }
      }),
    },
    actions: {
      saved: ({ context }) => {
        notify.success(context.id === null ? CLIENT_MSG.priceBandCreated : CLIENT_MSG.priceBandSaved)
        navigate(href('clientCard', { id: clientId, card: 'pricing' }))
      },
      failed: showFailure(CLIENTS.toastMs.updateError),
      left: () => {
        notify.success(CLIENT_MSG.priceBandDeleted)
        navigate(href('clientCard', { id: clientId, card: 'pricing' }))
      },
    },
  })
export const validatePriceBand = validateWith(PriceBandCreateRequest)

// ---- additional parameter (by its type id) ----------------------------------------------------------------

export const parameterLogic = (clientId: number) =>
  recordFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }): Promise<Loaded> => {
        const types = await call(E.additionalTypes)
        if (input.id === null) {
          const first = types[0]
          return { values: { type_id: first?.id ?? 0, value: first?.default_value ?? '' }, extra: { types, existing: false } }
        }
        const p = await call(E.additionalGet, undefined, { id: clientId, typeId: input.id })
        return { values: { type_id: p.type_id, value: p.value }, extra: { types, existing: true } }
      }),
      save: fromPromise(async ({ input }) => {
        const body = bodyOf(AdditionalParameterRequest, input.values)
        return input.id === null
          ? call(E.additionalCreate, body, { id: clientId })
          : call(E.additionalUpdate, body, { id: clientId })
      }),
      act: fromPromise(async ({ input }): Promise<ActResult> => {
        await call(E.additionalDelete, undefined, { id: clientId, typeId: input.id ?? 0 })
        return { leave: true }
      }),
    },
    actions: {
      saved: ({ context }) => {
        notify.success(context.id === null ? CLIENT_MSG.parameterDefined : CLIENT_MSG.parameterSaved)
        navigate(href('clientCard', { id: clientId, card: 'parameters' }))
      },
      failed: showFailure(CLIENTS.toastMs.updateError),
      left: () => {
        notify.success(CLIENT_MSG.parameterDeleted)
        navigate(href('clientCard', { id: clientId, card: 'parameters' }))
      },
    },
  })
export const validateParameter = validateWith(AdditionalParameterRequest)

// ---- external API credential ---------------------------------------------------------------------------

export const externalLogic = (clientId: number) =>
  recordFormMachine.provide({
    actors: {
      load: fromPromise(async ({ input }): Promise<Loaded> => {
        const client = await call(E.clientData, undefined, { id: clientId })
        if (input.id === null) return { values: { type: 'baselinker', username: '', password: '', ip: '' }, extra: { clientName: client.name } }
        const c = await call(E.externalCredentialGet, undefined, { id: clientId, credId: input.id })
        return {
          values: { type: c.type, username: c.username, password: c.password ?? '', ip: c.ip, token: c.token },
          extra: { clientName: client.name, revokedAt: c.revoked_at },
        }
      }),
      save: fromPromise(async ({ input }) =>
        input.id === null
          ? call(E.externalCredentialCreate, bodyOf(ExternalCredentialCreateRequest, input.values), { id: clientId })
          : call(E.externalCredentialUpdate, bodyOf(ExternalCredentialUpdateRequest, { ...input.values, id: input.id }), { id: clientId }),
      ),
      // Two confirmed actions: delete (the default) and revoke (the row stays, the API refuses it).
      act: fromPromise(async ({ input }): Promise<ActResult> => {
        if (input.action === 'revoke') {
          await call(E.externalCredentialRevoke, undefined, { id: clientId, credId: input.id ?? 0 })
          return { leave: true, message: CLIENT_MSG.externalRevokedDone }
        }
        await call(E.externalCredentialDelete, { credentialsId: input.id ?? 0 }, { id: clientId })
        return { leave: true, message: CLIENT_MSG.externalDeleted }
      }),
    },
    actions: {
      saved: ({ context }) => {
        notify.success(context.id === null ? CLIENT_MSG.externalCreated : CLIENT_MSG.externalSaved)
        navigate(href('clientCard', { id: clientId, card: 'external_api_credentials' }))
      },
      /** The reply's message as an error toast. */
      failed: showFailure(CLIENTS.toastMs.updateError),
      left: ({ context }) => {
        notify.success(context.acted?.message ?? CLIENT_MSG.externalDeleted)
        navigate(href('clientCard', { id: clientId, card: 'external_api_credentials' }))
      },
    },
  })
export const validateExternal = (values: Values) =>
  validateWith(values.id === undefined ? ExternalCredentialCreateRequest : ExternalCredentialUpdateRequest)(values)

// ---- courier account ---------------------------------------------------------------------------------------

export const credentialLogic = credentialCheckMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const [types, couriers] = await Promise.all([call(E.credentialTypes), call(E.couriers)])
      const reference = { types, couriers }
      if (input.id === null) return { reference }
      const c = await call(E.credentialGet, undefined, { id: input.id })
      return {
        reference,
        account: {
          values: { id_courier: c.id_courier, id_type: c.id_type, username: c.username, service: c.service, note: c.note, comment: c.comment },
          protected: c.protected,
          contract: { client_id: '', contract_number: c.contract_number, email: c.email, phone_number: c.phone_number },
        },
      }
    }),
    check: fromPromise(async ({ input }) => {
      const v = input.values
      const body = { id: input.id ?? undefined, id_courier: v.id_courier, username: v.username, password: v.password || undefined, service: v.service }
      return input.mode === 'probe' ? call(E.credentialPermissions, body) : call(E.credentialCheck, body)
    }),
    save: fromPromise(async ({ input }) => {
      const v = input.values
      const common = { id_courier: v.id_courier, id_type: v.id_type ?? 0, username: v.username, service: v.service, note: v.note, comment: v.comment }
      return input.id === null
        ? call(E.credentialCreate, { ...common, id_client: input.clientId, password: v.password })
        : call(E.credentialUpdate, { ...common, id: input.id, password: v.password || undefined })
    }),
    remove: fromPromise(async ({ input }) => call(E.credentialDelete, { id: input.id })),
    unpin: fromPromise(async ({ input }) => call(E.credentialUnpin, { id: input.id, id_client: input.clientId })),
  },
  actions: {
    checkOk: () => notify.success(CLIENT_MSG.checkOk, CLIENTS.toastMs.checkOk),
    checkFailed: () => notify.error(CLIENT_MSG.checkFailed, CLIENTS.toastMs.checkFailed),
    /** Create: the first message of each field; update: every message, for 50 s. */
    failed: ({ context, event }) => {
      const text = failureText(event, context.id === null)
      if (text) notify.error(text, context.id === null ? CLIENTS.toastMs.updateError : CLIENTS.toastMs.credentialUpdateError)
    },
    saved: ({ context }) => {
      notify.success(context.id === null ? CLIENT_MSG.credentialCreated : CLIENT_MSG.credentialSaved)
      navigate(href('clientCard', { id: context.clientId, card: 'api' }))
    },
    removed: ({ context }) => {
      notify.success(CLIENT_MSG.credentialDeleted)
      navigate(href('clientCard', { id: context.clientId, card: 'api' }))
    },
    unpinned: ({ context }) => {
      notify.success(CLIENT_MSG.credentialUnpinned)
      navigate(href('client', { id: context.clientId }))
    },
  },
})
