/**
 * Billing statement benchmark (`npm run bench:billing`): 100,000 generated shipments of Demo Shop
 * (scripts/billingData.ts) in a fresh database — in-memory PGlite, or a fresh PostgreSQL database
 * when DATABASE_URL is set (created and dropped here) — then one statement ordered through the
 * domain and made by the real job on the real queue. Reports: elapsed from order to settled,
 * the peak RSS of the process during the run (sampled every 50 ms) against the RSS before it, and
 * the largest gap between two progress updates the database saw (exports.progress_at).
 * Targets: ≤ 20 s, flat memory, progress at least once a second.
 *
 * Environment: BENCH_SHIPMENTS (default 100000), DATABASE_URL, BENCH_CPU_PROF=<file>: a V8 CPU
 * profile of the statement alone (from the order to settled, not the data generation), for
 * scripts/profile-top.ts.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openBenchDb } from './benchDb.ts'
import { orderBillingStatement } from '../src/server/domain/billing/index.ts'
import { buildServer } from '../src/server/server.ts'
import { newKeyText } from '../src/server/domain/secrets.ts' // a scratch database: any key
import { generateShipments } from './billingData.ts'

const N = Number(process.env.BENCH_SHIPMENTS ?? 100_000)
const TARGET_MS = 20_000
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** Inside the seeded price lists' validity (from 180 days ago), before the demo shipments (the last 60 days). */
const FROM = day(-170)
const TO = day(-70)


const mb = (b: number) => Math.round(b / 1048576)

const { db, drop } = await openBenchDb('billing_bench')
try {
  await buildServer({ port: 0, dataDir: '', publicUrl: 'http://bench', staticDir: join(tmpdir(), 'no-static-dir'), credentialsKey: newKeyText() }, db)
  const [client] = await db.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
  let t = performance.now()
  await generateShipments(db, { clientId: client!.id, n: N, from: FROM, to: TO, tag: 'BENCH' })
  await db.exec('analyze')
  console.log(`${db.kind}: generated ${N} shipments in ${Math.round(performance.now() - t)} ms`)
  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  const profiler = process.env.BENCH_CPU_PROF ? new Session() : null
  if (profiler) {
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  const cpuBefore = process.cpuUsage()
  t = performance.now()
  const uuid = await orderBillingStatement(db, { clientId: client!.id, start: FROM, end: TO, reAccount: true, orderedBy: null })
  const stamps: number[] = []
  let last: { status: string; performed_count: number; total_count: number; progress_at: Date | string | null } | undefined
  for (;;) {
    ;[last] = await db.query<{ status: string; performed_count: number; total_count: number; progress_at: Date | string | null }>(
      `select status, performed_count, total_count, progress_at from exports where uuid = $1`,
      [uuid],
    )
    const at = last?.progress_at ? new Date(last.progress_at).getTime() : null
    if (last?.status === 'accounting' && at && stamps.at(-1) !== at) stamps.push(at)
    if (last && !['order_accepted', 'accounting'].includes(last.status)) break
    await new Promise((r) => setTimeout(r, 100))
  }
  const elapsed = Math.round(performance.now() - t)
  const cpu = process.cpuUsage(cpuBefore)
  clearInterval(sampler)
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop')
    writeFileSync(process.env.BENCH_CPU_PROF!, JSON.stringify(profile))
    profiler.disconnect()
  }
  const gaps = stamps.slice(1).map((s, i) => s - stamps[i]!)
  const [file] = await db.query<{ size: number; rows: number }>(`select octet_length(file) as size, row_count as rows from exports where uuid = $1`, [uuid])
  console.log(
    JSON.stringify({
      database: db.kind,
      shipments: N,
      status: last?.status,
      performed: last?.performed_count,
      rows: file?.rows,
      fileKb: Math.round((file?.size ?? 0) / 1024),
      elapsedMs: elapsed,
      // this process's CPU time meanwhile (user + system): steadier than elapsed on a busy machine
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
      progressUpdatesSeen: stamps.length,
      maxProgressGapMs: gaps.length ? Math.max(...gaps) : null,
    }),
  )
  const ok = elapsed <= TARGET_MS
  console.log(`Target (issue 23, 5): billing statement of ${N} shipments ≤ ${TARGET_MS / 1000} s: ${(elapsed / 1000).toFixed(1)} s (ended ${last?.status}, ${last?.performed_count} performed) → ${ok ? 'met' : 'NOT met'}`)
} finally {
  await db.close()
  await drop()
}
