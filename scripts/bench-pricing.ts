/**
 * `node --import tsx scripts/bench-pricing.ts`: one billing-statement pass over 100 000 shipments on
 * PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): a scratch database
 * `prices_bench_<pid>` is migrated, seeded, given 100 000 extra shipments of Demo Shop (one parcel
 * each, in the last 30 days), then timed: loadPricer, readShipmentsToCharge in batches of 1000,
 * charge(), saveAccountedAmounts per batch. The database is dropped at the end.
 */
import pg from 'pg'
import { openPostgres } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { seed } from '../src/server/seed.ts'
import { warsawDay } from '../src/server/domain/dates.ts'
import { loadPricer, readShipmentsToCharge, saveAccountedAmounts } from '../src/server/domain/pricing/store.ts'

const N = Number(process.env.BENCH_SHIPMENTS ?? 100_000)
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `prices_bench_${process.pid}`
const admin = new pg.Client({ connectionString: base })
await admin.connect()
await admin.query(`create database ${name}`)
const url = new URL(base)
url.pathname = `/${name}`
const db = await openPostgres(url.toString())
try {
  await migrate(db)
  await seed(db)
  const t0 = performance.now()
  await db.exec(`
    insert into parties (name, country_id) select 'Bench ' || g, 1 from generate_series(1, ${N}) g;
    with c as (select id from clients where name = 'Demo Shop SRL'),
         p as (select id, row_number() over (order by id) as n from parties where name like 'Bench %'),
         s as (
           insert into shipments (internal_waybill, client_id, delivery_service, sender_id, recipient_id, origin_country_id, destination_country_id,
                                  declared_value, cash_on_delivery_value, currency, last_mile_courier_id, created_at)
           select 'RE' || (800000000 + p.n), c.id, 1, p.id, p.id, 2, 1, 100, case when p.n % 3 = 0 then 150 else 0 end, 'RON', 2,
                  now() - (p.n % 30) * interval '1 day' - (p.n % 1000) * interval '1 second'
             from p, c returning id, internal_waybill, client_id, created_at)
    insert into parcels (shipment_id, client_id, internal_number, weight_declared, weight_measured, length_measured, width_measured, height_measured, created_at)
    select s.id, s.client_id, s.internal_waybill, 2, 0.5 + (s.id % 200) / 10.0, 30, 20, 10 + s.id % 30, s.created_at from s;
  `)
  await db.exec(`analyze shipments; analyze parcels;`)
  console.log(`setup: ${N} shipments in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  const [demo] = await db.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
  const from = warsawDay(Date.now() - 31 * 86_400_000)
  const to = warsawDay()
  const c0 = process.cpuUsage()
  const t1 = performance.now()
  const pricer = await loadPricer(db, { clientId: demo!.id, from, to })
  console.error(`lists loaded in ${(performance.now() - t1).toFixed(0)} ms`)
  let n = 0
  let errors = 0
  let chargeMs = 0
  for await (const batch of readShipmentsToCharge(db, { clientId: demo!.id, from, to, batch: 1000 })) {
    const c = performance.now()
    const rows = batch.flatMap((s) => {
      const r = pricer.charge(s)
      if (!r.ok) errors++
      return r.ok ? [{ shipmentId: s.shipmentId, amounts: r.amounts }] : []
    })
    chargeMs += performance.now() - c
    await saveAccountedAmounts(db, rows)
    n += batch.length
    if (n % 20_000 < 1000) console.error(`… ${n} shipments, ${((performance.now() - t1) / 1000).toFixed(1)} s`)
  }
  const total = (performance.now() - t1) / 1000
  console.log(`statement pass: ${n} shipments (${errors} charge errors) in ${total.toFixed(1)} s wall, ${(process.cpuUsage(c0).user / 1e6).toFixed(1)} s CPU of this process; charge() ${(chargeMs / 1000).toFixed(1)} s`)
  console.log(`memory: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB heap used at the end`)
} finally {
  await db.close()
  await admin.query(`drop database if exists ${name}`)
  await admin.end()
}
