import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import type { PriceListKind } from '../../contract/constants/prices.ts'
import { endpoints as E } from '../../contract/endpoints.ts'
import { PRICES_MSG } from '../../contract/messages/prices.ts'
import { MSG } from '../../contract/messages.ts'
import { href } from '../../contract/routes.ts'
import type { CourierRow } from '../../contract/schemas/clients.ts'
import { type CourierPrice, CourierPriceUpdateRequest, PriceListCreateRequest, PriceListUpdateRequest } from '../../contract/schemas/prices.ts'
import { type FieldErrors, decode } from '../../contract/validation.ts'
import { listLoadMachine } from '../../../machines/listLoad.ts'
import { listRequest, listValues, newListValues, priceListFormMachine } from '../../../machines/pricesListForm.ts'
import { type ActResult, type Loaded, type RecordFormContext, type Values, answerOf, recordFormMachine } from '../../../machines/recordForm.ts'
import type { ServerTablePage } from '../../../machines/serverTable.ts'
import { shipmentFinanceMachine } from '../../../machines/shipmentsFinance.ts'
import { ApiError, call, messagesOf } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'
import { endpointTable, tableLogic } from './serverTable.ts'

/**
 * The price screens' side effects in one place: operational price lists (list, form, client
 * variant), courier prices, the shipment's finance tab. Views render these and never call the API.
 */

function bodyOf<S extends Parameters<typeof decode>[0]>(schema: S, raw: unknown): S['Type'] {
  const d = decode(schema, raw)
  if (!d.ok) throw new ApiError(422, { message: MSG.invalidData, errors: d.errors })
  return d.value
}
const failureText = (event: unknown) => {
  const e = (event as { error?: unknown }).error
  if (e instanceof ApiError) {
    if (e.status === 401 || e.status === 419) return ''
    const fields = Object.values(e.data.errors ?? {}).flat()
    return [...messagesOf(e.data), ...fields].join('<br>') || e.message
  }
  return e instanceof Error ? e.message : String(e)
}
const showFailure = ({ event }: { event: unknown }) => {
  const text = failureText(event)
  if (text) notify.error(text)
}

// ---- operational price lists -------------------------------------------------------------------------------

/** Where a list's screens return: the client card's tab for a client list, else the list of its type. */
export const priceListHome = (type: PriceListKind, idClient: number | null) =>
  idClient === null ? href('priceListList', { type }) : href('clientCard', { id: idClient, card: `${type}_operational_price_list` })
const formRoute = (type: PriceListKind, idClient: number | null, id: number) =>
  idClient === null ? href('priceListForm', { type, id }) : href('priceListClientForm', { type, idClient, id })

const option = (value: string | number, label: string) => ({ value, label })

export const priceListFormLogic = (type: PriceListKind, idClient: number | null) =>
  priceListFormMachine.provide({
    actors: {
      form: recordFormMachine.provide({
        actors: {
          load: fromPromise(async ({ input }): Promise<Loaded> => {
            const [couriers, countries, currencies, associations] = await Promise.all([
              call(E.courierList),
              call(E.countryList),
              call(E.currencyList),
              call(E.priceListSpecialAssociations, undefined, { type }),
            ])
            const options = {
              id_courier: [option('', '— wybierz —'), ...couriers.map((c) => option(c.id, c.name))],
              id_country: countries.map((c) => option(c.id, c.name)),
              currency: currencies.map((c) => option(c.code, `${c.code} – ${c.name}`)),
              specific_factors_currency: currencies.map((c) => option(c.code, `${c.code} – ${c.name}`)),
              special_association: [option('', '— brak —'), ...associations.map((a) => option(a, a))],
            }
            if (input.id === null) return { values: newListValues(type, idClient), options, extra: { used: false, active: false } }
            const list = await call(E.priceListOne, undefined, { type, id: input.id })
            return { values: listValues(list), options, extra: { used: list.used, active: list.active }, readOnly: list.used, actable: !list.used }
          }),
          save: fromPromise(async ({ input }) =>
            input.id === null
              ? call(E.priceListStore, bodyOf(PriceListCreateRequest, listRequest(input.values)), { type })
              : call(E.priceListUpdate, bodyOf(PriceListUpdateRequest, { ...listRequest(input.values), id: input.id }), { type }),
          ),
          act: fromPromise(async ({ input }): Promise<ActResult> => {
            const r = await call(E.priceListDelete, { id: input.id ?? 0 }, { type })
            return { leave: true, message: r.message }
          }),
        },
        actions: {
          saved: ({ context }: { context: RecordFormContext }) => {
            const { id, message } = answerOf(context.saved)
            if (message) notify.success(message)
            // A new list opens its edit form (a list saved on its own form stays there).
            const form = id === null ? null : formRoute(type, idClient, id)
            if (form !== null && window.location.pathname !== form) navigate(form)
          },
          failed: showFailure,
          left: ({ context }: { context: RecordFormContext }) => {
            if (context.acted?.message) notify.success(context.acted.message)
            navigate(priceListHome(type, idClient))
          },
        },
      }),
      loadDefault: fromPromise(async ({ input }) => {
        const v: Values = input.values
        const idCountry = typeof v.id_country === 'number' ? v.id_country : Number(v.id_country) || undefined
        const idCourier = typeof v.id_courier === 'number' ? v.id_courier : Number(v.id_courier) || undefined
        const lists = await call(E.priceListCurrentActiveDefault, undefined, { type: input.type }, {
          special_association: String(v.special_association ?? ''),
          ...(input.type === 'income' && idCountry ? { id_country: String(idCountry) } : {}),
          ...(input.type === 'cost' && idCourier ? { id_courier: String(idCourier) } : {}),
        })
        return lists[0] ?? null
      }),
      deactivate: fromPromise(({ input }) => call(E.priceListDeactivate, { id: input.id }, { type: input.type })),
    },
    actions: {
      cloned: () => notify.success('Skopiowano wartości z cennika domyślnego'),
      noDefault: () => notify.error(PRICES_MSG.noActiveDefault),
      failed: showFailure,
      left: () => {
        notify.success(PRICES_MSG.priceListDeactivated)
        navigate(priceListHome(type, idClient))
      },
    },
  })

// ---- courier prices ------------------------------------------------------------------------------------------

export const courierListLogic = listLoadMachine<CourierRow>().provide({
  actors: { loadRows: fromPromise(() => call(E.courierList)) },
})

const onePage = <Row,>(rows: readonly Row[]): ServerTablePage<Row> => ({ data: rows, recordsTotal: rows.length, recordsFiltered: rows.length })
/** The prices of the courier in the table's filters (`courier`), as one page. */
export const courierPricesTable = tableLogic(async (req) => {
  const courier = Number(req.filters.courier)
  if (!courier) return onePage([])
  return onePage(await call(E.courierPrices, undefined, { id: courier }))
})

/** The operational price lists of the type in the table's filters (`type`). */
export const priceListTable = endpointTable(E.priceListTable, ['type'])

const COURIER_PRICE_FIELDS = ['net_price', 'vat_percentage', 'max_insurance_value', 'min_weight_value', 'max_weight_value'] as const
const courierRequest = (values: Values, id: number | null) => {
  const r: Record<string, unknown> = { ...values, id: id ?? 0 }
  for (const f of COURIER_PRICE_FIELDS) {
    const v = values[f]
    r[f] = typeof v === 'string' && /^\d+([.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : v === '' ? undefined : v
  }
  return r
}
export function validateCourierPrice(values: Values): FieldErrors {
  const d = decode(CourierPriceUpdateRequest, courierRequest(values, 1))
  return d.ok ? {} : d.errors
}

export const courierPriceFormLogic = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      const p = await call(E.courierPriceOne, undefined, { courierId: 1, id: input.id ?? 0 })
      return { values: { ...p }, actable: false, facts: [{ id: 'courier', label: 'Kurier', value: p.courier }] }
    }),
    save: fromPromise(async ({ input }) => call(E.courierPriceUpdate, bodyOf(CourierPriceUpdateRequest, courierRequest(input.values, input.id)))),
  },
  actions: {
    saved: () => {
      notify.success(PRICES_MSG.courierPriceSaved)
      navigate(href('prices'))
    },
    failed: showFailure,
  },
})

// ---- the shipment's finance tab -----------------------------------------------------------------------------

export const shipmentFinanceLogic = shipmentFinanceMachine.provide({
  actors: {
    loadFinance: fromPromise(async ({ input }) => {
      const [invoices, amounts] = await Promise.all([
        call(E.shipmentInvoices, undefined, { internalNumber: input.number }),
        call(E.shipmentAccountedAmounts, undefined, { internalNumber: input.number }),
      ])
      return { invoices, amounts: amounts.accounted_amounts }
    }),
  },
})
