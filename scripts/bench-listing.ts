/**
 * Listing benchmark (`npm run bench:listing`): 1,000,000 generated parcels in a temporary
 * in-memory PGlite database (the real migrations and demo seed, then generate_series in SQL),
 * then POST app/v1/parcel/list through the real app (in process, `app.request`), several runs
 * each, median and p95 in ms. Targets (issue "Shipments and parcels"): the default list (25,
 * newest first) under 50 ms and a filtered 5000-row page under 300 ms (server side, in process).
 *
 * Environment: BENCH_PARCELS (default 1000000), BENCH_RUNS (default 15), DATABASE_URL to run the
 * same against a fresh PostgreSQL database instead (created and dropped here).
 */
import { endpoints } from '../src/contract/endpoints.ts'
import type { Db } from '../src/server/db/db.ts'
import { openBenchDb } from './benchDb.ts'
import { warsawDay } from '../src/server/domain/dates.ts'
import { buildServer } from '../src/server/server.ts'
import { newKeyText } from '../src/server/domain/secrets.ts' // a scratch database: any key

const PARCELS = Number(process.env.BENCH_PARCELS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const DAYS = 365


const ms = (t: number) => Math.round((performance.now() - t) * 10) / 10

/**
 * Shipments and parcels over the last year, every filter's column varied; one statement per table.
 * The secondary indexes are dropped for the load and built again afterwards (much faster than
 * maintaining them row by row); constraint indexes stay.
 */
export async function generate(db: Db, parcels = PARCELS) {
  const shipments = Math.round(parcels * 0.8)
  let t = performance.now()
  const indexes = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename in ('parcels', 'shipments', 'parties')
        and indexname not in (select conname from pg_constraint)`,
  )
  for (const i of indexes) await db.exec(`drop index ${i.indexname}`)
  // The rows reference what exists by construction: no foreign-key trigger per row during the load.
  await db.exec(`set session_replication_role = replica`)
  await db.exec(`select setseed(0.42)`)
  await db.exec(`
    insert into parties (name, private_person, phone_prefix, phone_number, country_id, locality_name, postal_code, address_details)
    select 'Odbiorca ' || g, true, '+40', '72' || lpad(g::text, 7, '0'), (array[1, 3, 4, 2])[1 + g % 4],
           (array['București', 'Cluj-Napoca', 'Budapest', 'Sofia', 'Tychy'])[1 + g % 5], '010011', 'Strada ' || g
      from generate_series(1, 2000) g;
  `)
  const [range] = await db.query<{ lo: number; ship: number }>(
    `select min(id)::int as lo, (select coalesce(max(id), 0)::int from shipments) as ship from parties where name like 'Odbiorca %'`,
  )
  const { lo, ship } = range!
  await db.exec(`
    insert into shipments (id, internal_waybill, client_id, delivery_service, sender_id, recipient_id, origin_country_id, destination_country_id,
                           declared_content, declared_value, cash_on_delivery_value, currency, first_mile_courier_id, last_mile_courier_id,
                           is_return, is_emag, correctly_requested_at, created_at, deleted_at)
    select ${ship} + g, 'RE' || (500000000 + g), (array(select id from clients order by id))[1 + g % 36], x.service, ${lo} + (g * 7) % 2000, ${lo} + (g * 13) % 2000,
           case when x.service in (2, 4) then x.country else 2 end, case when x.service in (2, 4) then 2 else x.country end,
           'Odzież', 100, case when random() < 0.4 then 120.5 else 0 end, 'RON',
           case when x.service in (2, 4) then 3 end,
           case when x.service in (2, 4) then 1 when x.country = 1 then 2 + (g % 2) when x.country = 3 then 4 else 5 end,
           x.service in (2, 4), random() < 0.05, x.created + interval '1 hour', x.created, case when random() < 0.03 then x.created + interval '2 hours' end
      from generate_series(1, ${shipments}) g
      cross join lateral (select 1 + (g % 4) as service, (array[1, 1, 3, 4])[1 + (g / 4) % 4] as country,
                                 now() - random() * interval '${DAYS} days' as created) x;
    select setval('shipments_id_seq', (select max(id) from shipments));
  `)
  console.log(`  shipments: ${shipments.toLocaleString('en')} in ${ms(t)} ms`)
  t = performance.now()
  // Every shipment one parcel, the first (parcels - shipments) of them a second one (multi-packs).
  await db.exec(`
    insert into parcels (shipment_id, client_id, internal_number, in_shipment_order, out_number, weight_declared, height_declared, width_declared, length_declared,
                         processable, last_status_type_id, last_status_at, problematic_sector_id, created_at, deleted_at,
                         country_id, delivery_service, cod, first_mile_courier_id, last_mile_courier_id)
    select s.id, s.client_id, 'RE' || (600000000 + g), case when g > ${shipments} then 2 else 1 end, '800' || lpad(g::text, 11, '0'),
           2.5, 10, 20, 30, random() > 0.01,
           (array[1, 55, 57, 58, 101, 111, 56, 62, 59])[1 + (g % 9)], s.created_at,
           case when g % 97 = 0 then (select min(id) from problematic_sectors) end,
           s.created_at, s.deleted_at,
           -- the shipment's copies (the trigger that keeps them is off during the load)
           s.country_id, s.delivery_service, s.cash_on_delivery_value > 0, s.first_mile_courier_id, s.last_mile_courier_id
      from generate_series(1, ${parcels}) g
      join shipments s on s.id = ${ship} + 1 + (g - 1) % ${shipments};
  `)
  console.log(`  parcels: ${parcels.toLocaleString('en')} in ${ms(t)} ms`)
  t = performance.now()
  await db.exec(`set session_replication_role = origin`)
  for (const i of indexes) await db.exec(i.indexdef)
  await db.exec(`analyze`)
  console.log(`  indexes (${indexes.length}) and analyze in ${ms(t)} ms`)
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!
  return { median: at(0.5), p95: at(0.95), min: s[0]!, max: s[s.length - 1]! }
}

async function main() {
  console.log(`Listing benchmark: ${PARCELS.toLocaleString('en')} parcels on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}, ${RUNS} runs each`)
  const { db, drop } = await openBenchDb('bench')
  try {
    let t = performance.now()
    const { app } = await buildServer({ port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: '/nonexistent', credentialsKey: newKeyText() }, db)
    console.log(`  migrate + seed in ${ms(t)} ms`)
    await generate(db)
    const login = async (email: string, password: string) => {
      const res = await app.request('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
      return ((await res.json()) as { _token: string })._token
    }
    const admin = await login('admin@example.com', 'admin123')
    const client = await login('client@example.com', 'client123')
    const yearAgo = warsawDay(Date.now() - DAYS * 86_400_000)
    const quarterAgo = warsawDay(Date.now() - 90 * 86_400_000)
    const cases: Array<[string, string, number, Record<string, unknown>, number]> = [
      ['default list: parcels, today, 25 newest (admin)', admin, 25, { type: 'parcels' }, 50],
      ['parcels, whole year, 25 newest (admin)', admin, 25, { type: 'parcels', start: yearAgo }, 50],
      ['shipments, today, 25 newest (admin)', admin, 25, { type: 'shipments' }, 50],
      ['default list: parcels, today, 25 newest (client)', client, 25, { type: 'parcels' }, 50],
      ['filtered 5000-row page: RO home COD, 90 days (admin)', admin, 5000, { type: 'parcels', start: quarterAgo, country: 1, locker: 0, cod: 1 }, 300],
      ['filtered 5000-row page: status group delivered, year (admin)', admin, 5000, { type: 'parcels', start: yearAgo, status_group_id: 4 }, 300],
      ['filtered 5000-row page: shipments of a client, year (client)', client, 5000, { type: 'shipments', start: yearAgo }, 300],
    ]
    const url = '/api/' + endpoints.parcelList.path
    console.log('')
    console.log(`${'case'.padEnd(64)} ${'rows'.padStart(5)} ${'filtered'.padStart(9)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'target'.padStart(7)}`)
    let failed = 0
    for (const [name, token, length, criteria, target] of cases) {
      const samples: number[] = []
      let rows = 0
      let filtered = 0
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now()
        const res = await app.request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ draw: i, start: 0, length, criteria }),
        })
        const body = (await res.json()) as { data: unknown[]; recordsFiltered: number; recordsFilteredEstimated?: boolean }
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`)
        if (i >= 2) samples.push(performance.now() - t0)
        rows = body.data.length
        filtered = body.recordsFiltered
      }
      const s = stats(samples)
      const ok = s.median < target
      if (!ok) failed++
      console.log(
        `${name.padEnd(64)} ${String(rows).padStart(5)} ${String(filtered).padStart(9)} ${s.median.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)} ${`<${target}`.padStart(7)}${ok ? '' : '  over target'}`,
      )
    }
    console.log(failed ? `\n${failed} case(s) over target` : '\nall cases within target')
  } finally {
    await db.close()
    await drop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
