/**
 * Statistics benchmark (`npm run bench:stats`): 1,000,000 generated parcels (the listing bench's
 * generator, scripts/bench-listing.ts: a year of shipments, 36 clients) in a temporary in-memory
 * PGlite database, or a fresh PostgreSQL database when DATABASE_URL is set (created and dropped
 * here). The generator runs with triggers off, so the receipts are then stamped in one statement
 * (about 85 % received at the shipping warehouse a few hours after creation, returns received back
 * in Poland a day later) and the daily counters rebuilt from scratch, as the migration does.
 *
 * Then GET app/v1/statistics/client-shipments (both kinds) and its XLSX download through the real
 * app (in process, `app.request`), several runs each: median and p95 in ms. Target: 300 ms.
 * A last check compares the answer with a count straight from the parcels (and times that count,
 * to show what the counters save).
 *
 * Environment: BENCH_PARCELS (default 1000000), BENCH_RUNS (default 15), DATABASE_URL.
 */
import { STATS_STATUSES } from '../src/contract/constants/stats.ts'
import { endpoints } from '../src/contract/endpoints.ts'
import { openBenchDb } from './benchDb.ts'
import { closeDocumentPool } from '../src/server/documents/pool.ts'
import { buildServer } from '../src/server/server.ts'
import { newKeyText } from '../src/server/domain/secrets.ts' // a scratch database: any key
import { generate } from './bench-listing.ts'

const PARCELS = Number(process.env.BENCH_PARCELS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const TARGET_MS = 300


const ms = (t: number) => Math.round((performance.now() - t) * 10) / 10

function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!
  return { median: at(0.5), p95: at(0.95) }
}

async function main() {
  console.log(`Statistics benchmark: ${PARCELS.toLocaleString('en')} parcels on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}, ${RUNS} runs each`)
  const { db, drop } = await openBenchDb('stats_bench')
  try {
    let t = performance.now()
    const { app } = await buildServer({ port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: '/nonexistent', credentialsKey: newKeyText() }, db)
    console.log(`  migrate + seed in ${ms(t)} ms`)
    await generate(db, PARCELS)
    t = performance.now()
    // The generator's parcels have no receipts yet; stamp them without per-row triggers, then count once.
    await db.exec(`set session_replication_role = replica`)
    await db.exec(`
      update parcels p set
        shipping_warehouse_received_at = case when not s.is_return and p.id % 100 < 85 then p.created_at + interval '3 hours' end,
        return_warehouse_received_at = case when s.is_return and p.id % 100 < 70 then p.created_at + interval '1 day' end
        from shipments s
       where s.id = p.shipment_id and p.internal_number like 'RE6%'`)
    await db.exec(`set session_replication_role = origin`)
    console.log(`  receipts stamped in ${ms(t)} ms`)
    t = performance.now()
    await db.query(`select parcel_receipt_days_rebuild()`)
    await db.exec(`analyze parcel_receipt_days_compacted`)
    const [{ n }] = (await db.query<{ n: number }>(`select count(*)::int as n from parcel_receipt_days`)) as [{ n: number }]
    console.log(`  daily counters rebuilt in ${ms(t)} ms (${n.toLocaleString('en')} rows)`)

    const login = await app.request('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }) })
    const token = ((await login.json()) as { _token: string })._token
    const get = (path: string) => app.request(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } })

    console.log('')
    console.log(`${'case'.padEnd(52)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${'target'.padStart(7)}`)
    let failed = 0
    const measure = async (name: string, path: string, check: (res: Response) => Promise<string>) => {
      const samples: number[] = []
      let note = ''
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now()
        const res = await get(path)
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`)
        note = await check(res)
        if (i >= 2) samples.push(performance.now() - t0)
      }
      const s = summary(samples)
      const ok = s.median < TARGET_MS
      if (!ok) failed++
      console.log(`${name.padEnd(52)} ${s.median.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)} ${`<${TARGET_MS}`.padStart(7)}  ${note}${ok ? '' : '  over target'}`)
    }
    for (const status of STATS_STATUSES) {
      await measure(`table + chart: ${status}`, `${endpoints.statsClientShipments.path}?status=${status}`, async (res) => {
        const body = (await res.json()) as { data: unknown[]; all: { ever: number; daily: number } }
        return `${body.data.length} clients, ever ${body.all.ever.toLocaleString('en')}`
      })
      await measure(`XLSX download: ${status}`, `${endpoints.statsClientShipmentsDownload.path}?status=${status}`, async (res) => `${(await res.arrayBuffer()).byteLength} bytes`)
    }

    // The same numbers counted straight from the parcels: what the counters save, and a check.
    for (const [status, col] of [['received_by_re', 'shipping_warehouse_received_at'], ['back_in_poland', 'return_warehouse_received_at']] as const) {
      const t0 = performance.now()
      const [direct] = (await db.query<{ ever: number }>(`select count(*)::int as ever from parcels where client_id is not null and ${col} is not null`)) as [{ ever: number }]
      const took = ms(t0)
      const body = (await (await get(`${endpoints.statsClientShipments.path}?status=${status}`)).json()) as { all: { ever: number } }
      const same = body.all.ever === direct.ever
      if (!same) failed++
      console.log(`  check ${status}: counters ${body.all.ever.toLocaleString('en')}, parcels ${direct.ever.toLocaleString('en')} ${same ? '(equal)' : 'DIFFERENT'}; counting the parcels took ${took} ms`)
    }
    console.log(failed ? `\n${failed} case(s) failed` : '\nall cases within target')
    process.exitCode = failed ? 1 : 0
  } finally {
    await closeDocumentPool()
    await db.close()
    await drop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
