import type { priceEndpoints } from '../../../contract/endpoints/prices.ts'
import { CLIENT_MSG } from '../../../contract/messages/clients.ts'
import { PRICES_MSG } from '../../../contract/messages/prices.ts'
import { PriceListType } from '../../../contract/schemas/clients.ts'
import { decode } from '../../../contract/validation.ts'
import { courierPrice, courierPrices, updateCourierPrice } from '../../domain/pricesCourier.ts'
import {
  couriers, createPriceList, currencies, currentActiveDefault, deactivatePriceList, deletePriceList, priceListTable, updatePriceList,
} from '../../domain/prices.ts'
import { actorOf } from '../../domain/audit.ts'
import { notFound } from '../../domain/errors.ts'
import type { Handlers } from '../handler.ts'
import { pathId } from '../params.ts'

type Names = keyof typeof priceEndpoints

/** `income` or `cost` from a path; anything else is not found. */
export function priceListType(raw: string | undefined) {
  const d = decode(PriceListType, raw)
  if (!d.ok) throw notFound(CLIENT_MSG.priceListNotFound)
  return d.value
}

export const priceHandlers: Handlers<Names> = {
  priceListTable: ({ deps, params, body }) => priceListTable(deps.db, priceListType(params.type), body),
  priceListStore: async (c) => {
    const { deps, params, body } = c
    const type = priceListType(params.type)
    const id = await deps.db.tx((q) => createPriceList(q, type, body, actorOf(c)))
    return { id, message: PRICES_MSG.priceListCreated }
  },
  priceListUpdate: async (c) => {
    const { deps, params, body } = c
    const type = priceListType(params.type)
    const id = await deps.db.tx((q) => updatePriceList(q, type, body, actorOf(c)))
    return { id, message: PRICES_MSG.priceListSaved }
  },
  priceListDelete: async (c) => {
    const { deps, params, body } = c
    const type = priceListType(params.type)
    await deps.db.tx((q) => deletePriceList(q, type, body.id, actorOf(c)))
    return { message: PRICES_MSG.priceListDeleted }
  },
  priceListDeactivate: async (c) => {
    const { deps, params, body } = c
    const type = priceListType(params.type)
    await deps.db.tx((q) => deactivatePriceList(q, type, body.id, actorOf(c)))
    return { message: PRICES_MSG.priceListDeactivated }
  },
  priceListCurrentActiveDefault: ({ deps, params, queryData }) => currentActiveDefault(deps.db, priceListType(params.type), queryData),
  courierList: ({ deps }) => couriers(deps.db),
  currencyList: ({ deps }) => currencies(deps.db),
  courierPrices: ({ deps, params }) => courierPrices(deps.db, pathId(params.id, PRICES_MSG.courierNotFound)),
  courierPriceOne: async ({ deps, params }) => {
    pathId(params.courierId, PRICES_MSG.courierPriceNotFound)
    return courierPrice(deps.db, pathId(params.id, PRICES_MSG.courierPriceNotFound))
  },
  courierPriceUpdate: (c) => c.deps.db.tx((q) => updateCourierPrice(q, c.body, actorOf(c))),
}
