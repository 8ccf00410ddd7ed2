import { Schema } from 'effect'
import { ADMIN_AND_CLIENT, ADMIN_ONLY, ANY_SIGNED_IN, PUBLIC, STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, MessageReply } from '../schemas.ts'
import { GroupStatusReply, GroupStatusRequest, ParcelListReply, ParcelListRequest, StatusTypeGroup } from '../schemas/listing.ts'
import { Country, CreatedShipmentReply, HistoryReply, ShipmentCreateRequest, ShipmentReply, ShipmentUpdateRequest } from '../schemas/shipment.ts'

const Pdf = Schema.Unknown

/**
 * Shipments, tracking and the parcel listing (S3 §7 "Shipments", S2 §7 "Scanning and parcels").
 * A client reading another client's shipment gets 404 (DOMAIN "Roles and access").
 */
export const shipmentEndpoints = {
  shipmentGet: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}', roles: ANY_SIGNED_IN, body: Empty, reply: ShipmentReply }),
  shipmentCreate: ep({ method: 'POST', path: 'app/v2/shipment/', roles: ADMIN_AND_CLIENT, body: ShipmentCreateRequest, reply: CreatedShipmentReply }),
  shipmentUpdate: ep({ method: 'PUT', path: 'app/v2/shipment/', roles: ADMIN_AND_CLIENT, body: ShipmentUpdateRequest, reply: CreatedShipmentReply }),
  shipmentDelete: ep({ method: 'DELETE', path: 'app/v2/shipment/', roles: ADMIN_AND_CLIENT, body: Schema.Struct({ waybill: Schema.String }), reply: MessageReply }),
  shipmentHistory: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}/history', roles: ADMIN_ONLY, body: Empty, reply: HistoryReply }),
  parcelHistoryDelete: ep({ method: 'DELETE', path: 'app/v2/parcel/history', roles: ADMIN_ONLY, body: Schema.Struct({ id: Schema.Int }), reply: MessageReply }),
  labelsDl: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}/labels/dl', roles: ANY_SIGNED_IN, body: Empty, reply: Pdf, file: true }),
  labels100150: ep({ method: 'GET', path: 'app/v2/shipment/{internalNumber}/labels/100150', roles: ANY_SIGNED_IN, body: Empty, reply: Pdf, file: true }),
  publicHistory: ep({ method: 'GET', path: 'app/v2/public/shipment/{internalNumber}/history', roles: PUBLIC, body: Empty, reply: HistoryReply }),
  allowedCountries: ep({ method: 'GET', path: 'app/v2/client-panel/allowed_countries', roles: ADMIN_AND_CLIENT, body: Empty, reply: Schema.Array(Country) }),
  clientAllowedCountries: ep({ method: 'GET', path: 'app/v1/client/{id}/allowed_countries', roles: ADMIN_ONLY, body: Empty, reply: Schema.Array(Country) }),
  parcelList: ep({ method: 'POST', path: 'app/v1/parcel/list', roles: ANY_SIGNED_IN, body: ParcelListRequest, reply: ParcelListReply }),
  groupStatus: ep({ method: 'PUT', path: 'parcel/status/group', roles: ADMIN_ONLY, body: GroupStatusRequest, reply: GroupStatusReply }),
  statusTypeGroups: ep({ method: 'GET', path: 'app/v1/status_type_group/list', roles: STAFF, body: Empty, reply: Schema.Array(StatusTypeGroup) }),
} as const
