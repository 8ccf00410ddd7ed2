import type { Handlers } from './handler.ts'
import { aliasHandlers } from './areas/aliases.ts'
import { calendarHandlers } from './areas/calendar.ts'
import { lockerHandlers } from './areas/lockers.ts'
import { parcelHandlers } from './areas/parcels.ts'
import { resignationHandlers } from './areas/resignations.ts'
import { statusHandlers } from './areas/statuses.ts'
import { addressHandlers } from './areas/address.ts'
import { clientHandlers } from './areas/clients.ts'
import { priceHandlers } from './areas/prices.ts'
import { sessionHandlers } from './areas/session.ts'
import { userHandlers } from './areas/users.ts'
import { scanHandlers } from './areas/floor.ts'
import { floorRecordHandlers } from './areas/floorRecords.ts'
import { shipmentHandlers } from './areas/shipments.ts'
import { trackingHandlers } from './areas/tracking.ts'
import { statsHandlers } from './areas/stats.ts'
import { warehouseHandlers } from './areas/warehouse.ts'
import { warehouseAdminHandlers } from './areas/warehouseAdmin.ts'
import { invoicingHandlers } from './areas/invoicing.ts'
import { billingHandlers } from './areas/billing.ts'
import { auditHandlers } from './areas/audit.ts'

/** One handler per endpoint of the contract table; the type makes a missing one a compile error. */
export const handlers: Handlers = {
  ...sessionHandlers,
  ...userHandlers,
  ...addressHandlers,
  ...warehouseHandlers,
  ...warehouseAdminHandlers,
  ...scanHandlers,
  ...floorRecordHandlers,
  ...shipmentHandlers,
  ...parcelHandlers,
  ...clientHandlers,
  ...calendarHandlers,
  ...statusHandlers,
  ...aliasHandlers,
  ...lockerHandlers,
  ...resignationHandlers,
  ...priceHandlers,
  ...invoicingHandlers,
  ...billingHandlers,
  ...statsHandlers,
  ...trackingHandlers,
  ...auditHandlers,
}
