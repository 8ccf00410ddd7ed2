import { describe, expect, it } from 'vitest'
import { ROLE } from '../../src/contract/constants/access.ts'
import type { ParcelView, PartyView, ShipmentReply, ShipmentView } from '../../src/contract/schemas/shipments.ts'
import { canMarkRemoved, shipmentScreen } from '../../src/web/views/shipments/rules.ts'

/** The header buttons, tabs and editability of the shipment screen. */

const RO = { id: 1, name: 'Rumunia', iso_code: 'RO', currency: 'RON' }
const PL = { id: 2, name: 'Polska', iso_code: 'PL', currency: 'PLN' }
const party = (country: typeof RO): PartyView => ({
  name: 'Ion Popescu', private_person: true, contact_name: null, email: null, phone: { prefix: '+40', number: '721123456' },
  address: { locality: { id: 1, name: 'București' }, postal_code: '010011', details: 'Strada Lipscani 5' }, country, locker: null,
})
const parcel = (over: Partial<ParcelView['waybill']> = {}, ts: Partial<ParcelView['timestamps']> = {}): ParcelView => ({
  id: 1,
  waybill: { internal: 'RE100000001', external_first_mile: null, external_last_mile: null, external_return: null, external_duplicated: null, external_buffer: null, ...over },
  in_shipment_order: 1,
  weight: { declared: 1, measured: null },
  dimensions: { declared: { height: 10, width: 10, length: 10 }, measured: null },
  timestamps: { shipping_warehouse_received_at: null, return_warehouse_received_at: null, delivered_at: null, ...ts },
  couriers: { first_mile: null, last_mile: 'DPD Romania' },
  last_status: 'Przesyłka zarejestrowana',
})
const shipment = (over: Partial<ShipmentView> = {}, info: Partial<ShipmentView['internal_info']> = {}): ShipmentView => ({
  id: 1,
  client: { id: 1, name: 'Demo Shop SRL' },
  delivery_service: 1,
  sender: party(PL),
  recipient: party(RO),
  content: { declared_content: 'Książki', declared_value: '10.00', cash_on_delivery_value: '0.00', currency: 'RON' },
  additional_data: null,
  parcels: [parcel()],
  waybill: 'RE100000001',
  external_couriers: { first_mile: null, last_mile: 'DPD Romania' },
  internal_info: { creator: 'app_v2', is_emag: false, is_return: false, shipment_id: 1, parcel_id: null, processable: true, correctly_requested_at: null, error_message: null, ...info },
  created_at: '2024-05-01T10:00:00Z',
  deleted_at: null,
  ...over,
})
const reply = (s: ShipmentView, context: 'shipment' | 'parcel' = 'shipment'): ShipmentReply => ({ context, shipment: s })

describe('shipment screen rules', () => {
  it('a new, unregistered shipment: editable for admin and client, read-only for a warehouse worker; admin tabs only for the admin', () => {
    const r = reply(shipment())
    expect(shipmentScreen(ROLE.client, r)).toMatchObject({ editable: true, adminTabs: false, printLabel: true, markRemoved: true, flagIso: 'RO', danger: false })
    expect(shipmentScreen(ROLE.admin, r)).toMatchObject({ editable: true, adminTabs: true })
    expect(shipmentScreen(ROLE.warehouse_worker, r)).toMatchObject({ editable: false, adminTabs: false, markRemoved: false, printLabel: true })
  })

  it('registered with the courier, or carrying a buffer or duplicated number: read-only', () => {
    expect(shipmentScreen(ROLE.client, reply(shipment({}, { correctly_requested_at: '2024-05-01T11:00:00Z' }))).editable).toBe(false)
    expect(shipmentScreen(ROLE.admin, reply(shipment({ parcels: [parcel({ external_buffer: 'BUF00000001' })] }))).editable).toBe(false)
    expect(shipmentScreen(ROLE.admin, reply(shipment({ parcels: [parcel({ external_duplicated: 'DUP1' })] }))).editable).toBe(false)
    expect(shipmentScreen(ROLE.admin, reply(shipment({ deleted_at: '2024-05-02T10:00:00Z' }))).editable).toBe(false)
  })

  it('mark as removed: not once received at the shipping warehouse (returns: the return warehouse), not for init_scan or context parcel', () => {
    const received = shipment({ parcels: [parcel({}, { shipping_warehouse_received_at: '2024-05-02T10:00:00Z' })] })
    expect(canMarkRemoved(ROLE.admin, reply(received))).toBe(false)
    // A return counts the return warehouse only.
    const ret = (ts: Partial<ParcelView['timestamps']>) => reply(shipment({ delivery_service: 2, parcels: [parcel({}, ts)] }, { is_return: true }))
    expect(canMarkRemoved(ROLE.admin, ret({ shipping_warehouse_received_at: '2024-05-02T10:00:00Z' }))).toBe(true)
    expect(canMarkRemoved(ROLE.admin, ret({ return_warehouse_received_at: '2024-05-02T10:00:00Z' }))).toBe(false)
    expect(canMarkRemoved(ROLE.client, reply(shipment({}, { creator: 'init_scan' })))).toBe(false)
    expect(canMarkRemoved(ROLE.admin, reply(shipment(), 'parcel'))).toBe(false)
    expect(canMarkRemoved(ROLE.warehouse_worker, reply(shipment()))).toBe(false)
  })

  it('a removed shipment offers no label (the server refuses it with 409), nor editing or removal', () => {
    const removed = reply(shipment({ deleted_at: '2026-11-20T10:00:00.000Z' }, { correctly_requested_at: '2026-11-19T10:00:00.000Z' }))
    for (const role of [ROLE.admin, ROLE.client, ROLE.warehouse_worker])
      expect(shipmentScreen(role, removed), String(role)).toMatchObject({ printLabel: false, editable: false, markRemoved: false })
  })

  it('a return shows the sender’s flag', () => {
    expect(shipmentScreen(ROLE.client, reply(shipment({ delivery_service: 2, sender: party(RO), recipient: party(PL) }, { is_return: true }))).flagIso).toBe('RO')
  })

  it('a parcel with no shipment: danger icon, no label; an unprocessable buffer parcel offers the adoption to the admin only', () => {
    const lone = shipment({ id: null, client: null, delivery_service: null, parcels: [parcel({ external_buffer: 'BUF00000003' })] }, { creator: 'init_scan', processable: false, shipment_id: null })
    const admin = shipmentScreen(ROLE.admin, reply(lone, 'parcel'))
    expect(admin).toMatchObject({ danger: true, printLabel: false, adoptUnprocessable: true, adoptBuffer: false, markRemoved: false, adminTabs: false, editable: false })
    expect(shipmentScreen(ROLE.warehouse_worker, reply(lone, 'parcel'))).toMatchObject({ adoptUnprocessable: false, adoptBuffer: false })
  })

  it('a processable buffer parcel waiting for its client offers the buffer adoption; once it has a client, no more', () => {
    const buffer = shipment({ client: null, parcels: [parcel({ external_buffer: 'BUF00000001' })] })
    expect(shipmentScreen(ROLE.admin, reply(buffer, 'parcel'))).toMatchObject({ adoptBuffer: true, adoptUnprocessable: false, printLabel: false })
    expect(shipmentScreen(ROLE.admin, reply({ ...buffer, client: { id: 1, name: 'Demo Shop SRL' } }, 'parcel')).adoptBuffer).toBe(false)
    // On a client's shipment (context 'shipment') the adoption buttons never show.
    expect(shipmentScreen(ROLE.admin, reply(buffer, 'shipment')).adoptBuffer).toBe(false)
  })

  it('a duplicated parcel: return sticker for the admin, new buffer number for staff, outside context shipment', () => {
    const dup = shipment({ parcels: [parcel({ external_duplicated: 'RE100000001_D' })] })
    expect(shipmentScreen(ROLE.admin, reply(dup, 'parcel'))).toMatchObject({ returnSticker: true, setBufferNumber: true })
    expect(shipmentScreen(ROLE.warehouse_worker, reply(dup, 'parcel'))).toMatchObject({ returnSticker: false, setBufferNumber: true })
    expect(shipmentScreen(ROLE.client, reply(dup, 'parcel'))).toMatchObject({ returnSticker: false, setBufferNumber: false })
    expect(shipmentScreen(ROLE.admin, reply(dup, 'shipment'))).toMatchObject({ returnSticker: false, setBufferNumber: false })
  })
})
