/**
 * Times POST app/v1/client/list on the demo data plus N generated shipments (default 200 000)
 * spread over the clients and the last 90 days, in an in-memory PGlite:
 *   node --import tsx scripts/bench-clients.ts [N]
 */
import { openPglite } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { seed } from '../src/server/seed.ts'
import { listClients } from '../src/server/domain/clients.ts'

const db = await openPglite()
await migrate(db)
await seed(db)
const N = Number(process.argv[2] ?? 200000)
let t = performance.now()
await db.query(`insert into shipments (internal_waybill, client_id, delivery_service, created_at)
  select 'BENCH' || i, (select id from clients order by id offset (i % 36) limit 1), 1, now() - make_interval(secs => (i % 7776000))
    from generate_series(1, ${N}) i`)
await db.query('vacuum analyze shipments')
console.log(`inserted ${N} shipments in ${Math.round(performance.now() - t)} ms`)
for (const crit of [{}, { volume_growing: true }, { last_mont_shipment_count_by_volume: 'A' as const }, { missing_price_list: true }]) {
  const times: number[] = []
  for (let k = 0; k < 5; k++) {
    t = performance.now()
    await listClients(db, { start: 0, length: 25, ...crit })
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  console.log(JSON.stringify(crit), 'median ms', Math.round(times[2]!))
}
await db.close()
