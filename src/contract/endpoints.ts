import { aliasEndpoints } from './endpoints/aliases.ts'
import { calendarEndpoints } from './endpoints/calendar.ts'
import { lockerEndpoints } from './endpoints/lockers.ts'
import { parcelEndpoints } from './endpoints/parcels.ts'
import { resignationEndpoints } from './endpoints/resignations.ts'
import { statusEndpoints } from './endpoints/statuses.ts'
import { addressEndpoints } from './endpoints/address.ts'
import { sessionEndpoints } from './endpoints/session.ts'
import { userEndpoints } from './endpoints/users.ts'
import { clientEndpoints } from './endpoints/clients.ts'
import { priceEndpoints } from './endpoints/prices.ts'
import { scanEndpoints } from './endpoints/floor.ts'
import { floorRecordEndpoints } from './endpoints/floorRecords.ts'
import { shipmentEndpoints } from './endpoints/shipments.ts'
import { trackingEndpoints } from './endpoints/tracking.ts'
import { statsEndpoints } from './endpoints/stats.ts'
import { warehouseEndpoints } from './endpoints/warehouse.ts'
import { warehouseAdminEndpoints } from './endpoints/warehouseAdmin.ts'
import { invoicingEndpoints } from './endpoints/invoicing.ts'
import { billingEndpoints } from './endpoints/billing.ts'
import { auditEndpoints } from './endpoints/audit.ts'

/**
 * Every endpoint, once: method, path exactly as the spec names it, roles, request and reply
 * schemas. One file per area under ./endpoints/. The server registers handlers from this table;
 * the web client calls through it. Paths are the
 * specification's, relative to `/api/`; the server's rules are in docs/domain.md. The server
 * registers the entries in this order, and the first route a request matches answers it: a literal
 * path comes before a path with a parameter that also matches it (`status_type/list` before
 * `status_type/{id}`).
 */
export const endpoints = {
  ...sessionEndpoints,
  ...userEndpoints,
  ...addressEndpoints,
  ...warehouseEndpoints,
  ...warehouseAdminEndpoints,
  ...scanEndpoints,
  ...floorRecordEndpoints,
  ...shipmentEndpoints,
  ...parcelEndpoints,
  ...clientEndpoints,
  ...calendarEndpoints,
  ...statusEndpoints,
  ...aliasEndpoints,
  ...lockerEndpoints,
  ...resignationEndpoints,
  ...priceEndpoints,
  ...invoicingEndpoints,
  ...billingEndpoints,
  ...statsEndpoints,
  ...trackingEndpoints,
  ...auditEndpoints,
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
