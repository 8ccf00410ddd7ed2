import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { Db } from '../db/db.ts'
import { DomainError, invalid, notFound } from './errors.ts'

/**
 * Buffer and unprocessable parcels (header buttons of the shipment screen) and the new
 * buffer number of a duplicated parcel.
 *
 * - A buffer parcel has a buffer number and no client yet; adopting it (PATCH adopt/buffer) gives
 *   it — with the rest of its shipment — the client and the marketplace (eMAG) flag.
 * - An unprocessable parcel has a buffer number and is not processable; adopting it (PATCH
 *   adopt/unprocessable) also makes it processable, clears its error and marks the shipment a
 *   return when `return` is set.
 * A parcel that is not of the kind asked → 409; unknown parcel or client → 404.
 */

const flag = (v: boolean | 0 | 1 | null | undefined) => v === true || v === 1

export async function adopt(
  db: Db,
  kind: 'buffer' | 'unprocessable',
  input: { id_parcel: number; id_client: number; is_emag_parcel: boolean | 0 | 1; return?: boolean | 0 | 1 | null },
) {
  return db.tx(async (q) => {
    const [p] = await q.query<{ id: number; shipment_id: number | null; client_id: number | null; buffer_number: string | null; processable: boolean; waybill: string }>(
      `select p.id, p.shipment_id, coalesce(s.client_id, p.client_id) as client_id, p.buffer_number, p.processable,
              coalesce(s.internal_waybill, p.internal_number) as waybill
         from parcels p left join shipments s on s.id = p.shipment_id where p.id = $1 for update of p`,
      [input.id_parcel],
    )
    if (!p) throw notFound(SHIPMENT_MSG.notFound)
    const [c] = await q.query<{ id: number }>(`select id from clients where id = $1 and deleted_at is null`, [input.id_client])
    if (!c) throw notFound(SHIPMENT_MSG.clientNotFound)
    if (!p.buffer_number) throw new DomainError(409, { message: kind === 'buffer' ? SHIPMENT_MSG.notBuffer : SHIPMENT_MSG.notUnprocessable })
    if (kind === 'buffer') {
      if (!p.processable) throw new DomainError(409, { message: SHIPMENT_MSG.notBuffer })
      if (p.client_id != null) throw new DomainError(409, { message: SHIPMENT_MSG.alreadyAdopted })
    } else if (p.processable) throw new DomainError(409, { message: SHIPMENT_MSG.notUnprocessable })
    const emag = flag(input.is_emag_parcel)
    if (p.shipment_id == null) {
      // A parcel without a shipment keeps the return flag itself (the shipment page reads it from there).
      await q.query(
        `update parcels set client_id = $2, is_emag = $3, processable = true,
                error_message = case when $4 then null else error_message end,
                is_return = case when $5 then true else is_return end
          where id = $1`,
        [p.id, c.id, emag, kind === 'unprocessable', kind === 'unprocessable' && flag(input.return)],
      )
    } else {
      await q.query(`update parcels set client_id = $2 where shipment_id = $1`, [p.shipment_id, c.id])
      if (kind === 'unprocessable') await q.query(`update parcels set processable = true, error_message = null where id = $1`, [p.id])
      await q.query(
        `update shipments set client_id = $2, is_emag = $3, is_return = case when $4 then true else is_return end where id = $1`,
        [p.shipment_id, c.id, emag, kind === 'unprocessable' && flag(input.return)],
      )
    }
    return { message: kind === 'buffer' ? SHIPMENT_MSG.adoptedBuffer : SHIPMENT_MSG.adoptedUnprocessable, internal_waybill: p.waybill }
  })
}

/**
 * PUT app/v1/parcel/set-new-buffer-number: a duplicated parcel (one with a duplicated number)
 * gets the new outgoing number it will travel under, as its buffer number, and the marketplace
 * flag. The number may not be any other live parcel's internal, out or buffer number (422).
 */
export async function setNewBufferNumber(db: Db, input: { parcel_id: number; barcode: string; emag: boolean | 0 | 1 }) {
  const number = input.barcode.trim().toUpperCase()
  return db.tx(async (q) => {
    const [p] = await q.query<{ id: number; duplicated_number: string | null }>(`select id, duplicated_number from parcels where id = $1 for update`, [input.parcel_id])
    if (!p) throw notFound(SHIPMENT_MSG.notFound)
    if (!p.duplicated_number) throw new DomainError(409, { message: SHIPMENT_MSG.notDuplicated })
    const taken = await q.query(
      `select 1 from parcels where id <> $1 and deleted_at is null and (internal_number = $2 or out_number = $2 or buffer_number = $2) limit 1`,
      [p.id, number],
    )
    if (taken.length) throw invalid({ barcode: [SHIPMENT_MSG.bufferNumberTaken] })
    await q.query(`update parcels set buffer_number = $2, is_emag = $3 where id = $1`, [p.id, number, flag(input.emag)])
    return { message: WAREHOUSE_ANSWER.newBufferNumberSet }
  })
}
