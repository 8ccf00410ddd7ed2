import { labelBarcode } from '../../contract/barcodes.ts'
import { isStaff } from '../../contract/constants/access.ts'
import { SHIPMENT } from '../../contract/constants/shipments.ts'
import { safeFileName } from '../../contract/files.ts'
import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import type { LabelMetadata } from '../../contract/schemas/parcels.ts'
import type { Db, Queryable } from '../db/db.ts'
import { DomainError, notFound } from './errors.ts'
import type { SessionUser } from './context.ts'
import { groupStatus } from './parcelsListing.ts'
import { recordCancelled } from './floorParcels.ts'
import { PARCEL_MSG } from '../../contract/messages/parcels.ts'

/**
 * The single-parcel calls: remove a parcel (DELETE app/v1/parcel, id and mode), give one
 * parcel a status (PUT app/v1/parcel/status), and what one parcel's label holds
 * (GET app/v1/parcel/{id}/label/{label}/metadata).
 */

/**
 * Mode `parcel`: the parcel is marked removed and gets the cancelled status; when it was the
 * shipment's last live parcel the shipment is marked removed too. Mode `shipment`: every live
 * parcel of its shipment, and the shipment (for a parcel without a shipment the same as `parcel`).
 * 409 when the parcel is removed already. Returns the internal numbers removed.
 */
export async function deleteParcel(q: Queryable, user: SessionUser, input: { id: number; mode: 'parcel' | 'shipment' }) {
  const [p] = await q.query<{ id: number; shipment_id: number | null; deleted: boolean }>(
    `select id, shipment_id, deleted_at is not null as deleted from parcels where id = $1 for update`,
    [input.id],
  )
  if (!p) throw notFound(PARCEL_MSG.parcelNotFound)
  if (p.deleted) throw new DomainError(409, { message: PARCEL_MSG.parcelAlreadyRemoved })
  const whole = input.mode === 'shipment' && p.shipment_id != null
  const removed = await q.query<{ id: number; internal_number: string }>(
    whole
      ? `update parcels set deleted_at = now(), cancelled_at = coalesce(cancelled_at, now()) where shipment_id = $1 and deleted_at is null returning id, internal_number`
      : `update parcels set deleted_at = now(), cancelled_at = coalesce(cancelled_at, now()) where id = $1 returning id, internal_number`,
    [whole ? p.shipment_id : p.id],
  )
  await recordCancelled(q, removed.map((r) => r.id), user.id)
  if (p.shipment_id != null) {
    await q.query(
      `update shipments s set deleted_at = now()
        where s.id = $1 and s.deleted_at is null and not exists (select 1 from parcels o where o.shipment_id = s.id and o.deleted_at is null)`,
      [p.shipment_id],
    )
  }
  return { message: PARCEL_MSG.parcelRemoved, removed: removed.map((r) => r.internal_number) }
}

/** One parcel gets a status: 404 unknown parcel, 409 when it had that status already, else 200. */
export async function setParcelStatus(db: Db, user: SessionUser, input: { id: number; id_status_type: number; when?: string; where?: string }) {
  const out = await groupStatus(db, user, { ids: [input.id], id_status_type: input.id_status_type, when: input.when ?? '', where: input.where ?? '' }).catch((e: unknown) => {
    // The group change refuses unknown parcels as a field error; for one parcel that is "not found".
    if (e instanceof DomainError && e.status === 422 && (e.body.errors as Record<string, unknown> | undefined)?.ids) throw notFound(PARCEL_MSG.parcelNotFound)
    throw e
  })
  if (out.status === 420) throw new DomainError(409, { message: PARCEL_MSG.parcelStatusAlready })
  return { message: PARCEL_MSG.parcelStatusSet, parcel_id: input.id, status_type_id: input.id_status_type }
}

/**
 * The label of one parcel: ready once its shipment is a client's shipment registered with its
 * courier (as the label PDFs require), with the 28-character barcode, the parcel's position in
 * the shipment, the page size and the file name. Clients only for their own parcels (404).
 */
export async function labelMetadata(q: Queryable, user: SessionUser, id: number, label: string): Promise<LabelMetadata> {
  const kind = SHIPMENT.labelSizes.find((s) => s === label)
  if (!kind) throw notFound(PARCEL_MSG.parcelNotFound)
  const [p] = await q.query<{
    internal_number: string
    client_id: number | null
    waybill: string | null
    ready: boolean
    country_id: number | null
    courier_id: number | null
    service: number | null
    position: number
    count: number
  }>(
    `select p.internal_number, coalesce(s.client_id, p.client_id) as client_id, s.internal_waybill as waybill,
            (s.id is not null and s.client_id is not null and s.deleted_at is null and s.correctly_requested_at is not null
               and s.creator <> '${SHIPMENT.initScanCreator}' and s.last_mile_courier_id is not null) as ready,
            s.destination_country_id as country_id, s.last_mile_courier_id as courier_id, s.delivery_service as service,
            coalesce((select count(*)::int from parcels o where o.shipment_id = p.shipment_id and o.deleted_at is null and o.duplicate_of_parcel_id is null
                        and (o.in_shipment_order, o.id) <= (p.in_shipment_order, p.id)), 1) as position,
            coalesce((select count(*)::int from parcels o where o.shipment_id = p.shipment_id and o.deleted_at is null and o.duplicate_of_parcel_id is null), 1) as count
       from parcels p left join shipments s on s.id = p.shipment_id
      where p.id = $1`,
    [id],
  )
  if (!p || (!isStaff(user.role) && (p.client_id == null || p.client_id !== user.client_id))) throw notFound(PARCEL_MSG.parcelNotFound)
  const barcode = p.ready
    ? labelBarcode({
        internalNumber: p.internal_number,
        countryId: p.country_id!,
        courierId: p.courier_id!,
        deliveryService: p.service!,
        order: p.position,
        count: p.count,
        warehouseId: SHIPMENT.labelWarehouseId,
      })
    : null
  const [w, h] = SHIPMENT.labelPageMm[kind]
  return {
    parcel_id: id,
    internal_number: p.internal_number,
    label: kind,
    ready: p.ready,
    message: p.ready ? null : SHIPMENT_MSG.labelNotReady,
    file_name: `${safeFileName(p.waybill ?? p.internal_number)}.pdf`,
    page_mm: [w, h],
    barcode,
    position: p.position,
    count: p.count,
  }
}
