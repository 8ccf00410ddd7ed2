import { instructionCode } from '../../contract/barcodes.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { Queryable } from '../db/db.ts'
import { safeFileName } from '../../contract/files.ts'
import { tagFileName } from '../../contract/files.ts'
import { makeDocument } from '../documents/pool.ts'
import { DomainError, notFound } from './errors.ts'
import { parcelNotFound } from './floorParcels.ts'

/**
 * The re-paste label of a parcel (GET app/v1/parcel/{internalNumber}/label/re-paste). A parcel
 * with no outbound number → 404 "Przesyłka nie posiada numeru wyjściowego". Printing it records
 * label_repasted_at, so later scans no longer ask for a re-paste.
 */
export async function repasteLabel(q: Queryable, internalNumber: string) {
  const [p] = await q.query<{
    id: number
    internal_number: string
    out_number: string | null
    courier: string | null
    recipient_name: string | null
    recipient_address: string | null
    recipient_postal_code: string | null
    recipient_locality: string | null
    recipient_country: string | null
    weight: number | null
    in_shipment_order: number
    parcels: number
  }>(
    `select p.id, p.internal_number, p.out_number, c.name as courier, r.name as recipient_name,
            coalesce(r.locker_name, r.address_details) as recipient_address, r.postal_code as recipient_postal_code,
            r.locality_name as recipient_locality, co.name as recipient_country,
            coalesce(p.weight_measured, p.weight_declared)::float8 as weight, p.in_shipment_order,
            (select count(*)::int from parcels o where o.shipment_id = p.shipment_id and o.deleted_at is null and o.duplicate_of_parcel_id is null) as parcels
       from parcels p
       left join shipments s on s.id = p.shipment_id
       left join couriers c on c.id = s.last_mile_courier_id
       left join parties r on r.id = s.recipient_id
       left join countries co on co.id = r.country_id
      where p.internal_number = $1 and p.deleted_at is null`,
    [internalNumber],
  )
  if (!p) throw parcelNotFound()
  if (!p.out_number) throw new DomainError(404, { message: WAREHOUSE_MSG.missingOutNumber })
  const pdf = await makeDocument('repasteLabelPdf', { ...p, out_number: p.out_number, parcels: Math.max(1, p.parcels) })
  await q.query(`update parcels set label_repasted_at = coalesce(label_repasted_at, now()) where id = $1`, [p.id])
  return { pdf, filename: `${safeFileName(p.internal_number)}_re-paste.pdf` }
}

/**
 * A tag (POST app/v1/tag): client → an instruction code selecting the client; workstation → its
 * code (value: the code or the id); problematic_sector → an instruction code naming the sector.
 * The caption is the label the browser sends, else the name from the database.
 */
export async function tag(q: Queryable, input: { type: 'client' | 'workstation' | 'problematic_sector'; label: string; value: string | number }) {
  const value = String(input.value).trim()
  const numeric = /^\d{1,9}$/.test(value) ? Number(value) : null
  let caption: string
  let content: string
  let kind: string
  if (input.type === 'client') {
    const [c] = numeric == null ? [] : await q.query<{ id: number; name: string }>(`select id, name from clients where id = $1 and deleted_at is null`, [numeric])
    if (!c) throw notFound(WAREHOUSE_ANSWER.tagTargetNotFound)
    caption = c.name
    content = instructionCode(c.name, { client_id: c.id })
    kind = 'Klient'
  } else if (input.type === 'workstation') {
    const [w] = await q.query<{ code: string; type_name: string }>(
      `select w.code, t.name as type_name from workstations w join workstation_types t on t.id = w.workstation_type_id
        where w.deleted_at is null and (w.code = upper($1) or w.id = $2)`,
      [value, numeric],
    )
    if (!w) throw notFound(WAREHOUSE_ANSWER.tagTargetNotFound)
    caption = w.code
    content = w.code
    kind = `Stanowisko – ${w.type_name}`
  } else {
    const [s] = numeric == null ? [] : await q.query<{ id: number; code: string; name: string }>(
      `select id, code, name from problematic_sectors where id = $1 and deleted_at is null`,
      [numeric],
    )
    if (!s) throw notFound(WAREHOUSE_ANSWER.tagTargetNotFound)
    caption = `${s.code} – ${s.name}`
    content = instructionCode(`SEKTOR ${s.code}`, { problematic_sector_id: s.id })
    kind = 'Sektor problematyczny'
  }
  const pdf = await makeDocument('tagPdf', { caption: input.label.trim() || caption, content, kind })
  return { pdf, filename: tagFileName(input.type, value) }
}
