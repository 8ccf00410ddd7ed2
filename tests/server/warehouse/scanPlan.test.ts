import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPEN_SCAN_SQL } from '../../../src/server/domain/floor.ts'
import { genericPlan } from '../../../src/server/db/plan.ts'
import { WAREHOUSE } from '../../../src/contract/constants/warehouse.ts'
import { type Harness, one, startHarness } from './support.ts'

/**
 * The scan read's plan as the server runs it (a prepared statement's generic plan), on a
 * database with many parcels, without statistics (PGlite never has any: it runs no autovacuum;
 * on PostgreSQL autovacuum may analyze at any moment, so that case is PGlite's) and with fresh
 * ones. Neither may read a whole index or the history:
 * - a shipment's live parcels are counted through the shipment index alone (a "deleted_at is
 *   null" condition in that WHERE let the planner AND it with the listing index of every live
 *   parcel: 1–2 ms a scan on 60k parcels, growing with the table);
 * - the last accepted scan comes from the workflow row, not from the status history (walked
 *   backwards by its primary key on analyzed tables: every row since the worker's last scan).
 */
const PARCELS = 30_000
let h: Harness

beforeAll(async () => {
  h = await startHarness()
  await h.db.query(
    `insert into shipments (internal_waybill, client_id, delivery_service, origin_country_id, destination_country_id, last_mile_courier_id, correctly_requested_at)
     select 'RE7' || lpad(g::text, 8, '0'), (select id from clients where name = 'Demo Shop SRL'), 1, 2, 1, 2, now() from generate_series(1, $1::int) g`,
    [PARCELS],
  )
  await h.db.query(
    `insert into parcels (shipment_id, client_id, internal_number, weight_declared, last_status_type_id, last_status_at)
     select id, client_id, internal_waybill, 1.5, 1, now() from shipments where internal_waybill like 'RE7%'`,
  )
}, 120_000)
afterAll(() => h?.close())

async function scanReadPlan(): Promise<string> {
  const { id } = await one<{ id: number }>(h.db, `select id from users where email = 'worker@example.com'`)
  return genericPlan(h.db, OPEN_SCAN_SQL, ['int', 'text', 'int'], [id, 'RE700000123', WAREHOUSE.scanIdempotencyMs])
}

describe('the scan read on a database of many parcels', () => {
  it.skipIf(!!process.env.DATABASE_URL)('without statistics: the shipment index alone counts its parcels, no history read', async () => {
    const plan = await scanReadPlan()
    expect(plan).toMatch(/parcels_shipment_idx/)
    expect(plan).not.toMatch(/parcels_list(_deleted)?_idx|BitmapAnd/)
    expect(plan).not.toMatch(/parcel_status_history/)
  })

  it('with fresh statistics: the same', async () => {
    await h.db.exec('analyze')
    const plan = await scanReadPlan()
    expect(plan).toMatch(/parcels_shipment_idx/)
    expect(plan).not.toMatch(/parcels_list(_deleted)?_idx|BitmapAnd/)
    expect(plan).not.toMatch(/parcel_status_history/)
  })
})
