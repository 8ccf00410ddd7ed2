import { ROLE } from '../../../contract/constants/access.ts'
import { SHIPMENT } from '../../../contract/constants/shipments.ts'
import { type ShipmentReply, type ShipmentView, isReturnService, shipmentEditable } from '../../../contract/schemas/shipments.ts'

/**
 * What the shipment screen offers, from the role and the loaded shipment (header
 * buttons and tabs). Pure, so the screen holds no rule of its own.
 */
export interface ShipmentScreen {
  /** Admin tabs: history, internal info, finance (admin, context 'shipment'). */
  adminTabs: boolean
  /** Force assignment to a client of an unprocessable parcel. */
  adoptUnprocessable: boolean
  /** Force assignment to a client of a buffer parcel. */
  adoptBuffer: boolean
  returnSticker: boolean
  printLabel: boolean
  setBufferNumber: boolean
  markRemoved: boolean
  copyLink: true
  editable: boolean
  /** A parcel with no shipment: the danger icon replaces the flag. */
  danger: boolean
  /** ISO code of the flag: the destination, for a return the sender's country. */
  flagIso: string | null
}

const hasBuffer = (s: ShipmentView) => s.parcels.some((p) => !!p.waybill.external_buffer)
const hasDuplicated = (s: ShipmentView) => s.parcels.some((p) => !!p.waybill.external_duplicated)

/** Any parcel already received at the shipping warehouse (for returns: the return warehouse). */
export function receivedAtWarehouse(s: ShipmentView): boolean {
  const ret = s.delivery_service != null ? isReturnService(s.delivery_service) : s.internal_info.is_return
  return s.parcels.some((p) => !!(ret ? p.timestamps.return_warehouse_received_at : p.timestamps.shipping_warehouse_received_at))
}

/** Mark as removed is not allowed for warehouse workers, for context 'parcel', for init_scan records, or once a parcel was received. */
export function canMarkRemoved(role: number, reply: ShipmentReply): boolean {
  const s = reply.shipment
  if (role === ROLE.warehouse_worker || reply.context === 'parcel') return false
  if (s.internal_info.creator === SHIPMENT.initScanCreator) return false
  if (s.deleted_at) return false
  return !receivedAtWarehouse(s)
}

export function shipmentScreen(role: number, reply: ShipmentReply): ShipmentScreen {
  const s = reply.shipment
  const admin = role === ROLE.admin
  const staff = role === ROLE.admin || role === ROLE.warehouse_worker
  const notShipment = reply.context !== 'shipment'
  const processable = s.internal_info.processable
  const ret = s.delivery_service != null ? isReturnService(s.delivery_service) : s.internal_info.is_return
  const flagParty = ret ? s.sender : s.recipient
  return {
    adminTabs: admin && reply.context === 'shipment',
    adoptUnprocessable: admin && notShipment && hasBuffer(s) && !processable,
    // A buffer parcel waits for its client: once adopted the button goes (the server answers 409).
    adoptBuffer: admin && notShipment && hasBuffer(s) && processable && !s.client,
    returnSticker: admin && notShipment && hasDuplicated(s),
    // A removed shipment prints no label (the server answers 409).
    printLabel: reply.context !== 'parcel' && s.internal_info.creator !== SHIPMENT.initScanCreator && !s.deleted_at,
    // The server lets staff set the number (PUT app/v1/parcel/set-new-buffer-number is STAFF).
    setBufferNumber: staff && notShipment && hasDuplicated(s),
    markRemoved: canMarkRemoved(role, reply),
    copyLink: true,
    editable: !s.deleted_at && reply.context === 'shipment' && shipmentEditable(role, s),
    danger: s.id === null,
    flagIso: flagParty?.country.iso_code ?? null,
  }
}
