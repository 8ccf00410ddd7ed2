import { labelBarcode } from '../../contract/barcodes.ts'
import { SHIPMENT } from '../../contract/constants/shipments.ts'
import { DELIVERY_SERVICE_NAME, SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import type { PartyView } from '../../contract/schemas/shipments.ts'
import type { Queryable } from '../db/db.ts'
import { safeFileName } from '../../contract/files.ts'
import { makeDocument } from '../documents/pool.ts'
import type { LabelParty, LabelSize } from '../documents/shipmentLabel.ts'
import { DomainError, notFound } from './errors.ts'
import { warsawDateTime } from './dates.ts'
import { type ShipmentRecord, facilityAddress, postalCodeBelongs, shipmentReply } from './shipments.ts'

/**
 * Labels of a shipment (GET app/v2/shipment/{internalNumber}/labels/dl|100150) and the return
 * sticker of a duplicated parcel (GET app/v1/parcel/{internalNumber}/generate-return-sticker).
 *
 * A label exists once the shipment is registered with its courier; before that, or for context
 * 'parcel', 409 'Twoja etykieta nie jest jeszcze gotowa!'. A removed shipment prints none (409:
 * a printed label could still be stuck on a parcel and sent). The barcode's routing digits:
 * contract labelBarcode. A postal code not of the party's locality is never printed: the
 * locality's own is.
 */

async function printable(q: Queryable, p: PartyView | null): Promise<PartyView | null> {
  const address = p?.address
  const localityId = address?.locality?.id
  if (!p || !address || !localityId || p.locker) return p
  if (await postalCodeBelongs(q, localityId, address.postal_code)) return p
  const [l] = await q.query<{ postal_code: string }>(`select postal_code from localities where id = $1`, [localityId])
  return l ? { ...p, address: { ...address, postal_code: l.postal_code } } : p
}

const labelParty = (p: PartyView | null): LabelParty => {
  if (!p) return { name: '-', contact: null, lines: [], phone: '' }
  const place = p.locker
    ? [`Automat: ${p.locker.name}`, p.address?.details ?? '', [p.address?.postal_code, p.address?.locality?.name].filter(Boolean).join(' ')]
    : [p.address?.details ?? '', [p.address?.postal_code, p.address?.locality?.name].filter(Boolean).join(' ')]
  return {
    name: p.name,
    contact: p.contact_name,
    lines: [...place.filter((l) => l.trim() !== ''), p.country.name],
    phone: `${p.phone.prefix} ${p.phone.number}`.trim(),
  }
}

export async function shipmentLabels(q: Queryable, rec: ShipmentRecord, size: LabelSize) {
  const { shipment: s } = await shipmentReply(q, rec)
  if (rec.context !== 'shipment' || s.internal_info.creator === SHIPMENT.initScanCreator || !s.internal_info.correctly_requested_at) {
    throw new DomainError(409, { message: SHIPMENT_MSG.labelNotReady })
  }
  if (s.deleted_at) throw new DomainError(409, { message: SHIPMENT_MSG.labelRemoved })
  const [route] = await q.query<{ country_id: number; courier_id: number; courier: string; service: number }>(
    `select s.destination_country_id as country_id, s.last_mile_courier_id as courier_id, c.name as courier, s.delivery_service as service
       from shipments s join couriers c on c.id = s.last_mile_courier_id where s.id = $1`,
    [rec.shipmentId],
  )
  if (!route) throw new DomainError(409, { message: SHIPMENT_MSG.labelNotReady })
  const count = s.parcels.length
  const cod = s.content && Number(s.content.cash_on_delivery_value) > 0 ? `${s.content.cash_on_delivery_value} ${s.content.currency}` : null
  const pdf = await makeDocument('shipmentLabelsPdf', size, {
    waybill: s.waybill,
    courier: route.courier,
    service: DELIVERY_SERVICE_NAME[route.service] ?? String(route.service),
    client: s.client?.name ?? '-',
    sender: labelParty(await printable(q, s.sender)),
    recipient: labelParty(await printable(q, s.recipient)),
    content: s.content?.declared_content ?? '',
    cod,
    reference: s.additional_data?.first_reference_number ?? null,
    createdAt: warsawDateTime(s.created_at),
    parcels: s.parcels.map((p, i) => ({
      internalNumber: p.waybill.internal,
      barcode: labelBarcode({
        internalNumber: p.waybill.internal,
        countryId: route.country_id,
        courierId: route.courier_id,
        deliveryService: route.service,
        order: i + 1,
        count,
        warehouseId: SHIPMENT.labelWarehouseId,
      }),
      order: i + 1,
      count,
      weightKg: p.weight.measured ?? p.weight.declared,
    })),
  })
  return { pdf, filename: `${safeFileName(rec.internalWaybill)}.pdf` }
}

/** The return number of a parcel: RE_ + the 9 digits of its internal number. */
export const returnNumberOf = (internalNumber: string) => `RE_${internalNumber.replace(/^RE/, '')}`

/**
 * Return sticker of a duplicated parcel (admin; context 'parcel' with a duplicated number): its
 * return number is given on first print and kept; the address is the client's returning address.
 */
export async function returnSticker(q: Queryable, rec: ShipmentRecord) {
  const [p] = await q.query<{ id: number; internal_number: string; duplicated_number: string | null; return_number: string | null; client: string | null; address: string | null }>(
    `select p.id, p.internal_number, p.duplicated_number, p.return_number, c.name as client, c.re_returning_address as address
       from parcels p left join clients c on c.id = p.client_id where p.id = $1`,
    [rec.parcelId],
  )
  if (!p) throw notFound(SHIPMENT_MSG.notFound)
  if (rec.context === 'shipment' || !p.duplicated_number) throw new DomainError(409, { message: SHIPMENT_MSG.notDuplicated })
  const returnNumber = p.return_number ?? returnNumberOf(p.internal_number)
  if (!p.return_number) await q.query(`update parcels set return_number = $2 where id = $1`, [p.id, returnNumber])
  const a = facilityAddress(p.address ?? '')
  const pdf = await makeDocument('returnStickerPdf', {
    returnNumber,
    internalNumber: p.internal_number,
    duplicated: p.duplicated_number,
    address: p.address?.trim() || `RE Logistics, ${a.details}, ${a.postal_code} ${a.locality}`,
    client: p.client,
  })
  return { pdf, filename: `${safeFileName(p.internal_number)}_return.pdf` }
}
