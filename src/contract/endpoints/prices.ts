import * as Schema from 'effect/Schema'
import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { ErrorReply, Empty, IdBody, MessageReply, PagingRequest, paged } from '../schemas/common.ts'
import { CourierRow, OperationalPriceListRow } from '../schemas/clients.ts'
import {
  CourierPrice, CourierPriceUpdateRequest, CreatedId, CurrencyRow, CurrentActiveDefaultQuery, OperationalPriceList,
  PriceListCreateRequest, PriceListUpdateRequest,
} from '../schemas/prices.ts'

const LIST_STATUSES = { 409: 'the list is in use (it charged shipments): read-only, cannot be deleted', 422: 'field errors' } as const

/**
 * Operational price lists (the back office's list and form; the client card's reads are in
 * ./clients.ts), the reference lists the form needs, and courier prices. Admin only.
 */
export const priceEndpoints = {
  priceListTable: ep({ method: 'POST', path: 'app/v1/operational_price_list/{type}/list', roles: ADMIN_ONLY, body: PagingRequest, replies: { 200: paged(OperationalPriceListRow) } }),
  priceListStore: ep({ method: 'POST', path: 'app/v1/operational_price_list/{type}', roles: ADMIN_ONLY, body: PriceListCreateRequest, replies: { 200: CreatedId, 422: ErrorReply }, statuses: { 422: 'field errors' } }),
  priceListUpdate: ep({ method: 'PUT', path: 'app/v1/operational_price_list/{type}', roles: ADMIN_ONLY, body: PriceListUpdateRequest, replies: { 200: CreatedId, 409: ErrorReply, 422: ErrorReply }, statuses: LIST_STATUSES, updates: { find: 'priceListOne' } }),
  priceListDelete: ep({ method: 'DELETE', path: 'app/v1/operational_price_list/{type}', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 409: ErrorReply, 422: ErrorReply }, statuses: LIST_STATUSES }),
  /** Deactivate a client's active list: the client returns to the default list. */
  priceListDeactivate: ep({
    method: 'PATCH', path: 'app/v1/operational_price_list/{type}', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 409: ErrorReply },
    statuses: { 409: 'not a client list, or not active' },
  }),
  /** The active default lists (no client) for a special association, courier and country: the clone source (empty list = none). */
  priceListCurrentActiveDefault: ep({
    method: 'GET', path: 'app/v1/operational_price_list/{type}/current_active_default', roles: ADMIN_ONLY, body: Empty,
    replies: { 200: Schema.Array(OperationalPriceList) }, query: CurrentActiveDefaultQuery,
  }),
  courierList: ep({ method: 'GET', path: 'app/v1/courier/list', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(CourierRow) } }),
  currencyList: ep({ method: 'GET', path: 'app/v1/currency', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(CurrencyRow) } }),
  courierPrices: ep({ method: 'GET', path: 'app/v1/courier/{id}/prices', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(CourierPrice) } }),
  courierPriceOne: ep({ method: 'GET', path: 'app/v1/courier/{courierId}/prices/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: CourierPrice } }),
  courierPriceUpdate: ep({ method: 'PUT', path: 'app/v1/courier/price', roles: ADMIN_ONLY, body: CourierPriceUpdateRequest, replies: { 200: CourierPrice, 422: ErrorReply }, statuses: { 422: 'field errors' }, updates: { find: 'courierPriceOne' } }),
} as const
