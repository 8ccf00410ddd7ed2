/**
 * npm run bench — intake scans (POST /api/app/v1/parcel/scan) and classification scans (POST
 * /api/app/v1/parcel/classify/courier) against the started server from 1, 10 and 50 simulated
 * stations, each with its own worker, workstation and parcels, on PGlite and, when DATABASE_URL
 * is set, on PostgreSQL. Intake stations hold an intake workstation (PRZJ) and scan parcels not yet
 * received with the "received" status; classification stations hold a sorting workstation (SRTW)
 * and scan received parcels with the "sorted" status (each goes to its courier's bucket).
 *
 * For every backend and mode a fresh temporary database is made (migrated, demo-seeded, then the
 * stations' users, sessions, workstations, workflows and parcels are added with SQL — once per
 * backend and scan kind, copied for each mode) and the real server (src/server/main.ts) is
 * started on it as a child process. Two modes:
 *  - paced: each station scans like a fast worker — a random pause (exponential, mean
 *    1/BENCH_RATE s, default 2 scans/s per station) after each answer. The latency targets
 *    (PostgreSQL p99 ≤ 10 ms at 50 stations, PGlite p99 ≤ 15 ms at 10) are about this mode.
 *  - flat out: autocannon, one connection per station, each sending its next scan as soon as the
 *    answer arrives — the throughput ceiling (BENCH_FLAT_SCANS scans in all, default 3000).
 * Afterwards the server is stopped and the database checked: status rows written must equal the
 * scans answered 201 (no scan lost, none written twice).
 *
 * Raw-SQL baseline ("raw SQL" rows): before the server starts, the bench process itself sends the
 * statements the server sends for an ordinary scan — one transaction: the scan read
 * (OPEN_SCAN_SQL; the cached session is checked against the workstation row it returns) and the status write (WRITE_STATUS_SQL, which at
 * intake also checks the reported resignations), as prepared statements through the same db.ts
 * handle the server uses (a pg.Pool of DB_POOL_SIZE connections in pipeline mode; PGlite opened
 * in-process) — from the same number of concurrent stations, paced or flat out, with their own
 * users and parcels. The ratio API/raw (p99 paced, throughput flat out) is printed per backend:
 * what HTTP, JSON, validation and the product code add on top of the database work.
 *
 * "Before" baseline ("raw before" rows, flat out): the statement list of a scan before issue 23
 * (scripts/benchBefore.ts: session lookup, BEGIN, open_scan, version select, resignation check,
 * write_status, COMMIT, with the upserted receipt counter of that time), replayed the same way on
 * the same database in the same run, with stations of its own. Printed: raw(new)/raw(before).
 *
 * Person pace ("person" mode): the largest level of stations, each scanning once every
 * 1/BENCH_PERSON_RATE s on average (default 0.5: one scan every 2 s), BENCH_PERSON_SECONDS long
 * (default 30), API and raw SQL; printed: the API's p99 over the raw SQL's.
 *
 * Scan log (issue 24): flat out, on a copy of the same database, one server (SCAN_LOG=signal) runs
 * BENCH_SCAN_LOG_ROUNDS (default 8) rounds at the top level, the log switched on and off between
 * them (on, off, off, on, …); printed: each round's server CPU per scan, the median with and
 * without the log, the cost in % (target ≤ 5 %), and that every answered scan of the API run has
 * its log row (BENCH_SCAN_LOG=0 skips the rounds).
 *
 * Env: DATABASE_URL (PostgreSQL too), BENCH_SECONDS (per run, default 10), BENCH_RATE (paced
 * scans/s per station, default 2), BENCH_LEVELS (default 1,10,50), BENCH_FLAT_SCANS, BENCH_CPU_PROF
 * (a folder: the server writes a CPU profile there; summarise with scripts/profile-top.ts),
 * BENCH_BACKENDS (e.g. PostgreSQL: only that one), BENCH_SCANS (intake,classification: which scans),
 * BENCH_MODES (paced,person,flat out: which modes), BENCH_SCAN_LOG_ROUNDS.
 */
import autocannon from 'autocannon'
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { Agent, createServer as createHttpServer, request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { throwawayDatabase } from './benchDb.ts'
import { type Db, openPglite, openPostgres } from '../src/server/db/db.ts'
import { migrate } from '../src/server/db/migrate.ts'
import { genericPlan } from '../src/server/db/plan.ts'
import { seed } from '../src/server/seed.ts'
import { sha256 } from '../src/server/domain/session.ts'
import { newKeyText } from '../src/server/domain/secrets.ts'
import { OPEN_SCAN_SQL, WRITE_STATUS_SQL } from '../src/server/domain/floor.ts'
import { BEFORE_OPEN_SCAN_SQL, BEFORE_RESIGNATION_SQL, BEFORE_SESSION_SQL, BEFORE_VERSION_SQL, BEFORE_WRITE_STATUS_SQL, installBeforeCounter } from './benchBefore.ts'
import { FLOOR } from '../src/contract/constants/floor.ts'
import { flushScanLog, logScan, scanLogEntry, setScanLogEnabled } from '../src/server/domain/floorScanLog.ts'
import { WAREHOUSE, WORKSTATION_TYPE } from '../src/contract/constants/warehouse.ts'
import { scanEndpoints } from '../src/contract/endpoints/floor.ts'
import { STATUS } from '../src/server/seed/warehouse.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const RATE = Number(process.env.BENCH_RATE ?? 2)
const PERSON_RATE = Number(process.env.BENCH_PERSON_RATE ?? 0.5)
const PERSON_SECONDS = Number(process.env.BENCH_PERSON_SECONDS ?? 30)
const LEVELS = (process.env.BENCH_LEVELS ?? '1,10,50').split(',').map(Number)
const PARCELS_PER_STATION = 400
/** Scans of a flat-out run in total (a fixed count, so every request is answered before counting). */
const FLAT_SCANS = Number(process.env.BENCH_FLAT_SCANS ?? 3000)
/** Scans of the statement profile per list (one station, one after another; 0: no profile). */
const PROFILE_SCANS = Number(process.env.BENCH_PROFILE_SCANS ?? 150)
const PROFILE_WARMUP = 10
/** Targets: PostgreSQL p99 at 50 paced stations, throughput flat out, API/raw ratio; PGlite p99 at 10 paced stations. */
const TARGET = { pgP99Ms: 10, pgScansPerSecond: 1000, ratio: 2, pglitePaceStations: 10, pgliteP99Ms: 15 } as const
/** Issue 23: raw(new) ≥ 2 × raw(before) flat out; API ≤ 1.2 × raw(new) (throughput, paced p99); at a person's pace API p99 ≤ 1.5 × raw. */
const TARGET23 = { rawGain: 2, apiOverRaw: 1.2, personApiOverRaw: 1.5, statements: 4 } as const
/**
 * The statement list of one ordinary scan the raw replays send ("raw before" and "raw SQL" rows),
 * in order; the server's own list is counted by tests/server/warehouse/scanRoundTrips.test.ts.
 */
const STATEMENTS = {
  before: (intake: boolean) => ['session lookup (user_for_token)', 'BEGIN', 'open_scan (session re-check)', 'fixed-data version', ...(intake ? ['resignation check'] : []), 'write_status (upserted counter)', 'COMMIT'],
  after: () => ['BEGIN', 'open_scan_v3', 'write_status (delta row)', 'COMMIT'],
}

/** What a station scans: the endpoint, its workstation type, the status sent and the parcels' state. */
interface Kind {
  name: 'intake' | 'classification'
  path: string
  /** The workstation type's code (its id is looked up in the database). */
  workstationType: (typeof WORKSTATION_TYPE)[keyof typeof WORKSTATION_TYPE]
  body: (barcode: string) => string
  /** The parcels are already received (classification sorts received parcels). */
  received: boolean
}
const ALL_KINDS: Kind[] = [
  {
    name: 'intake',
    path: scanEndpoints.parcelScan.path,
    workstationType: WORKSTATION_TYPE.intake,
    body: (barcode) => JSON.stringify({ barcode, id_status_type: STATUS.received, where: 'TYCHY' }),
    received: false,
  },
  {
    name: 'classification',
    path: scanEndpoints.parcelClassify.path,
    workstationType: WORKSTATION_TYPE.sorting,
    body: (barcode) => JSON.stringify({ barcode, status_type_id: STATUS.sorted, where: 'TYCHY' }),
    received: true,
  },
]
/** BENCH_MODES (e.g. "flat out"): only those modes run. */
const MODES = (['paced', 'person', 'flat out'] as const).filter((m) => !process.env.BENCH_MODES || process.env.BENCH_MODES.split(',').includes(m))
const KINDS = ALL_KINDS.filter((k) => (process.env.BENCH_SCANS ?? 'intake,classification').split(',').includes(k.name))

interface Station {
  n: number
  email: string
  token: string
  code: string
  barcodes: string[]
}
interface Run {
  backend: string
  scan: Kind['name']
  /** 'API' through the server, 'raw SQL' the same statements sent directly, 'raw before' the statements before issue 23. */
  driver?: 'API' | 'raw SQL' | 'raw before'
  mode: 'paced' | 'person' | 'flat out'
  stations: number
  answered: number
  created: number
  other: Record<string, number>
  seconds: number
  p50: number
  p99: number
  max: number
  written?: number
  /** Scan log rows of the run's stations (API with the log): one per answered scan. */
  logged?: number
  /** The server's own time per scan (Server-Timing), paced API runs: p50 and p99 in ms. */
  serverP50?: number
  serverP99?: number
  /** CPU time of the server process per scan (user + system), independent of other load. */
  cpuPerScan?: number
}

// ---- database -------------------------------------------------------------------------------

/** Warm-up stations (JIT, prepared statements), not measured: the first plan entry. */
const WARMUP_STATIONS = 5

/**
 * Stations: 5 for the warm-up, then per level its own (level 1: one, level 10: ten, level 50:
 * fifty); the last two entries: the raw-SQL baseline's own stations and the "before" baseline's
 * (each as many as the largest level).
 */
function plan(kind: Kind): { level: number; stations: Station[] }[] {
  let next = 1
  return [WARMUP_STATIONS, ...LEVELS, Math.max(...LEVELS), Math.max(...LEVELS)].map((level) => ({
    level,
    stations: Array.from({ length: level }, () => {
      const n = next++
      return {
        n,
        email: `bench${n}@example.com`,
        token: `bench-token-${n}-${'x'.repeat(32)}`,
        code: `${kind.workstationType}_${String(n + 9).padStart(2, '0')}`,
        barcodes: Array.from({ length: PARCELS_PER_STATION }, (_, k) => `RE8${String(n).padStart(2, '0')}${String(k + 1).padStart(6, '0')}`),
      }
    }),
  }))
}

async function prepare(db: Db, stations: Station[], kind: Kind) {
  await migrate(db)
  await seed(db)
  await db.tx(async (q) => {
    await q.query(
      `insert into users (email, password_hash, role, email_verified_at) select e, 'no-login', 1, now() from unnest($1::text[]) e`,
      [stations.map((s) => s.email)],
    )
    await q.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select t.h, u.id, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(e, h) join users u on u.email = t.e`,
      [stations.map((s) => s.email), stations.map((s) => sha256(s.token))],
    )
    await q.query(
      `insert into workstations (code, workstation_type_id, warehouse_id, active_user_id)
       select t.c, (select id from workstation_types where code = $3::text), 1, u.id from unnest($1::text[], $2::text[]) as t(e, c) join users u on u.email = t.e`,
      [stations.map((s) => s.email), stations.map((s) => s.code), kind.workstationType],
    )
    await q.query(`insert into workflows (workstation_id, user_id) select id, active_user_id from workstations where code = any($1::text[])`, [
      stations.map((s) => s.code),
    ])
    // One home-delivery shipment to Romania per parcel, for the Demo Shop client.
    await q.query(
      `insert into shipments (internal_waybill, client_id, delivery_service, origin_country_id, destination_country_id, last_mile_courier_id, correctly_requested_at)
       select b, (select id from clients where name = 'Demo Shop SRL'), 1, 2, 1, 2, now() from unnest($1::text[]) b`,
      [stations.flatMap((s) => s.barcodes)],
    )
    // For classification the parcels were received at the warehouse a while ago.
    await q.query(
      `insert into parcels (shipment_id, client_id, internal_number, weight_declared, last_status_type_id, last_status_at, shipping_warehouse_received_at)
       select id, client_id, internal_waybill, 1.5, $1::int, now(), case when $2::boolean then now() - interval '1 hour' end from shipments where internal_waybill like 'RE8%'`,
      [kind.received ? STATUS.received : STATUS.registered, kind.received],
    )
  })
  // The planner's statistics of the loaded tables, as autovacuum keeps them on a working database
  // (a plan made on the empty tables' figures is not what a server meets).
  await db.exec('analyze')
}

/** Status rows written and workflow counters, per station. */
async function written(db: Db, stations: Station[]) {
  const rows = await db.query<{ email: string; rows: number; counted: number }>(
    `select u.email,
            (select count(*)::int from parcel_status_history h where h.user_id = u.id) as rows,
            (select coalesce(sum(accepted_scans), 0)::int from workflows f where f.user_id = u.id) as counted
       from users u where u.email = any($1::text[])`,
    [stations.map((s) => s.email)],
  )
  return rows.reduce((a, r) => ({ rows: a.rows + r.rows, counted: a.counted + r.counted }), { rows: 0, counted: 0 })
}

/** Scan log rows of the stations' workers (the server writes them in batches; stopping it writes the rest). */
async function logged(db: Db, stations: Station[]) {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from scan_log l join users u on u.id = l.user_id where u.email = any($1::text[]) and l.kind in ('intake', 'sorting')`,
    [stations.map((s) => s.email)],
  )
  return r?.n ?? 0
}

// ---- server ---------------------------------------------------------------------------------

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

/** The stored-passwords key of every server this run starts (PostgreSQL refuses to start without one; the same key reads what an earlier server sealed). */
const CREDENTIALS_KEY = process.env.CREDENTIALS_KEY || newKeyText()

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort()
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, CREDENTIALS_KEY, ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', NODE_ENV: 'production', SERVER_TIMING: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 60_000)
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  return { child, url: `http://127.0.0.1:${port}` }
}

/** User + system CPU time of a process in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

/**
 * CPU time in ms of every PostgreSQL process on this machine (the development server answers on
 * 127.0.0.1): what the database spends on the scans and the log's inserts, beside the server's own.
 * Null where there is none to read (PGlite runs inside the server process, and is counted there).
 */
function databaseCpuMs(): number | null {
  let sum = 0
  let seen = false
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      sum += (Number(fields[11]) + Number(fields[12])) * 10
      seen = true
    } catch {
      // A process that ended while the list was read.
    }
  }
  return seen ? sum : null
}

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

// ---- load -----------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN)

/** What a station's browser sends with every scan (it accepts compressed replies, as browsers do). */
const SENT_HEADERS = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' }

/** One scan of one station; answers the HTTP status (or the status the raw driver stands for). */
type Send = (s: Station, barcode: string) => Promise<number>

/**
 * A station's HTTP client: node's http with a kept-alive connection per station (lighter than
 * fetch, so the client's own work weighs less in the latency). The server's own time per scan
 * (its Server-Timing header, SERVER_TIMING=1) goes to `serverMs`.
 */
const httpSend = (url: string, kind: Kind, serverMs: number[]): Send => {
  const target = new URL(`${url}/api/${kind.path}`)
  const agents = new Map<number, Agent>()
  const agentOf = (s: Station) => {
    if (!agents.has(s.n)) agents.set(s.n, new Agent({ keepAlive: true, maxSockets: 1 }))
    return agents.get(s.n)!
  }
  const send: Send = (s, barcode) =>
    new Promise((resolve, reject) => {
      const body = kind.body(barcode)
      const req = httpRequest(
        target,
        {
          method: 'POST',
          agent: agentOf(s),
          headers: { ...SENT_HEADERS, 'content-length': Buffer.byteLength(body), authorization: `Bearer ${s.token}` },
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))
            if (timing) serverMs.push(Number(timing[1]))
            resolve(res.statusCode ?? 0)
          })
        },
      )
      // A kept-alive socket the server closed as idle while the request went out (a person's pause
      // can pass the server's keep-alive timeout): the server never read it, so it is sent again.
      req.on('error', (e: NodeJS.ErrnoException) => (req.reusedSocket && e.code === 'ECONNRESET' ? send(s, barcode).then(resolve, reject) : reject(e)))
      req.end(body)
    })
  return send
}

const usersOf = async (db: Db, stations: Station[]) =>
  new Map(
    (await db.query<{ email: string; id: number; role: number }>(`select email, id, role from users where email = any($1::text[])`, [stations.map((s) => s.email)])).map(
      (u) => [u.email, u] as const,
    ),
  )

type OpenRow = { workstation_id: number; workflow_id: number; found: number | null; id: number; is_return: boolean }

/**
 * The raw-SQL driver: per scan the statements the server sends for an ordinary scan of the kind,
 * in one transaction, through the same Db handle (prepared statements, pipelined on PostgreSQL):
 * BEGIN · open_scan_v3 (pipelined) · write_status (intake: receipt recorded, resignations
 * checked; sorting: sorted) · COMMIT (pipelined with the write): two round trips.
 */
async function rawSend(db: Db, stations: Station[], kind: Kind): Promise<Send> {
  const intake = kind.name === 'intake'
  const statusId = intake ? STATUS.received : STATUS.sorted
  const users = await usersOf(db, stations)
  return (s, barcode) =>
    db
      .tx(async (q) => {
        const u = users.get(s.email)!
        const [r] = await q.prepared<OpenRow>('open_scan_v3', OPEN_SCAN_SQL, [u.id, barcode, WAREHOUSE.scanIdempotencyMs])
        if (!r?.found) return 404
        const receipt = intake ? (r.is_return ? 'return' : 'shipping') : null
        // The last statement: COMMIT goes with it (pipelined on PostgreSQL), as the server sends it.
        const [w] = await q.preparedLast!<{ written: number }>('write_status', WRITE_STATUS_SQL, [
          r.id, statusId, null, 'TYCHY', u.id, r.workstation_id, r.workflow_id, null, barcode, receipt, !intake, true, WAREHOUSE.scanIdempotencyMs, intake,
        ])
        return w?.written ? 201 : 204
      })
      .catch(() => 500)
}

/**
 * The "before" driver (scripts/benchBefore.ts): session lookup, then one transaction of
 * open_scan, the fixed-data version select, for intake the resignation check pipelined with the
 * status write, COMMIT — the list issue 23 measured, with its frozen SQL.
 */
async function rawSendBefore(db: Db, kind: Kind): Promise<Send> {
  const intake = kind.name === 'intake'
  const statusId = intake ? STATUS.received : STATUS.sorted
  return async (s, barcode) => {
    try {
      const [u] = await db.prepared<{ id: number; role: number }>('before_user_for_token', BEFORE_SESSION_SQL, [sha256(s.token)])
      if (!u) return 401
      return await db.tx(async (q) => {
        const [r] = await q.prepared<OpenRow>('before_open_scan', BEFORE_OPEN_SCAN_SQL, [u.id, barcode, WAREHOUSE.scanIdempotencyMs, sha256(s.token), u.role])
        if (!r?.found) return 404
        await q.prepared('before_version', BEFORE_VERSION_SQL, [])
        const resignation = intake ? q.prepared('before_resignation', BEFORE_RESIGNATION_SQL, [r.id, u.id]) : null
        resignation?.catch(() => {})
        const receipt = intake ? (r.is_return ? 'return' : 'shipping') : null
        const [w] = await q.prepared<{ written: number }>('before_write_status', BEFORE_WRITE_STATUS_SQL, [
          r.id, statusId, null, 'TYCHY', u.id, r.workstation_id, r.workflow_id, null, barcode, receipt, !intake, true, WAREHOUSE.scanIdempotencyMs,
        ])
        await resignation
        return w?.written ? 201 : 204
      })
    } catch {
      return 500
    }
  }
}

/** Mean and p99 of one statement over the profile's scans, in ms. */
interface StatementTime {
  name: string
  mean: number
  p99: number
}

/**
 * Where a scan's time goes, statement by statement: one station scans PROFILE_SCANS parcels one
 * after another, every statement sent on its own and awaited (no pipelining, so each is timed
 * alone: its round trip and the database's work), for the "before" list and the new one. The
 * line "transaction" is the rest of the scan's wall time: BEGIN and COMMIT (the commit record's
 * flush on PostgreSQL), the pool and the driver. Barcodes from the back of the station's list,
 * which the measured runs do not reach.
 */
async function profileStatements(db: Db, kind: Kind, before: Station, after: Station): Promise<{ before: StatementTime[]; after: StatementTime[]; plans: string }> {
  const intake = kind.name === 'intake'
  const statusId = intake ? STATUS.received : STATUS.sorted
  const users = await usersOf(db, [before, after])
  /** One list's timings: per statement name, one entry per scan. */
  const profile = async (station: Station, scan: (time: <T>(name: string, run: () => Promise<T>) => Promise<T>, barcode: string) => Promise<unknown>) => {
    const times = new Map<string, number[]>()
    const note = (name: string, ms: number) => times.set(name, [...(times.get(name) ?? []), ms])
    const whole: number[] = []
    for (const barcode of station.barcodes.slice(-PROFILE_SCANS)) {
      const t0 = performance.now()
      await scan(async (name, run) => {
        const s0 = performance.now()
        const out = await run()
        note(name, performance.now() - s0)
        return out
      }, barcode)
      whole.push(performance.now() - t0)
    }
    const parts = [...times.values()]
    times.set('transaction (BEGIN, COMMIT, pool, driver)', whole.map((w, i) => w - parts.reduce((a, l) => a + (l[i] ?? 0), 0)))
    times.set('whole scan', whole)
    // The first scans plan the prepared statements: not counted.
    const counted = (l: number[]) => l.slice(PROFILE_WARMUP)
    return [...times].map(([name, all]) => {
      const l = counted(all)
      return { name, mean: l.reduce((a, b) => a + b, 0) / l.length, p99: percentile([...l].sort((x, y) => x - y), 99) }
    })
  }
  const undo = await installBeforeCounter(db)
  const ub = users.get(before.email)!
  const beforeTimes = await profile(before, async (time, barcode) => {
    await time('session lookup', () => db.prepared('before_user_for_token', BEFORE_SESSION_SQL, [sha256(before.token)]))
    await db.tx(async (q) => {
      const [r] = await time('open_scan', () => q.prepared<OpenRow>('before_open_scan', BEFORE_OPEN_SCAN_SQL, [ub.id, barcode, WAREHOUSE.scanIdempotencyMs, sha256(before.token), ub.role]))
      await time('fixed-data version', () => q.prepared('before_version', BEFORE_VERSION_SQL, []))
      if (intake) await time('resignation check', () => q.prepared('before_resignation', BEFORE_RESIGNATION_SQL, [r!.id, ub.id]))
      await time('write_status (upserted counter)', () =>
        q.prepared('before_write_status', BEFORE_WRITE_STATUS_SQL, [
          r!.id, statusId, null, 'TYCHY', ub.id, r!.workstation_id, r!.workflow_id, null, barcode, intake ? 'shipping' : null, !intake, true, WAREHOUSE.scanIdempotencyMs,
        ]),
      )
    })
  })
  await undo()
  const ua = users.get(after.email)!
  const afterTimes = await profile(after, (time, barcode) =>
    db.tx(async (q) => {
      const [r] = await time('open_scan_v3', () => q.prepared<OpenRow>('open_scan_v3', OPEN_SCAN_SQL, [ua.id, barcode, WAREHOUSE.scanIdempotencyMs]))
      await time('write_status (delta row)', () =>
        q.prepared('write_status', WRITE_STATUS_SQL, [
          r!.id, statusId, null, 'TYCHY', ua.id, r!.workstation_id, r!.workflow_id, null, barcode, intake ? 'shipping' : null, !intake, true, WAREHOUSE.scanIdempotencyMs, intake,
        ]),
      )
    }),
  )
  // How the database planned the new list's statements on the connection the profile used last.
  const plans = await db.tx((q) =>
    q.query<{ name: string; generic_plans: number; custom_plans: number }>(
      `select name, generic_plans, custom_plans from pg_prepared_statements where name in ('open_scan_v3', 'write_status') order by name`,
    ),
  )
  // BENCH_EXPLAIN=1: the generic plan of the scan read as the server runs it, with its timings.
  if (process.env.BENCH_EXPLAIN)
    console.log(await genericPlan(db, OPEN_SCAN_SQL, ['int', 'text', 'int'], [ua.id, after.barcodes.at(-1), WAREHOUSE.scanIdempotencyMs], 'analyze, buffers'))
  return { before: beforeTimes, after: afterTimes, plans: plans.map((p) => `${p.name} generic ${p.generic_plans} / custom ${p.custom_plans}`).join(', ') }
}

/** Stations that scan, wait for the answer, pause like a person (exponential, mean 1/RATE), scan again. */
async function paced(send: Send, stations: Station[], rate = RATE, seconds = SECONDS): Promise<Omit<Run, 'backend' | 'scan' | 'mode' | 'stations'>> {
  const latencies: number[] = []
  const other: Record<string, number> = {}
  let created = 0
  const end = Date.now() + seconds * 1000
  const started = Date.now()
  await Promise.all(
    stations.map(async (s, i) => {
      let k = 0
      // Stations do not start in step.
      await new Promise((r) => setTimeout(r, (i / stations.length) * (1000 / rate)))
      while (Date.now() < end) {
        const barcode = s.barcodes[k++ % s.barcodes.length]!
        const t0 = performance.now()
        const status = await send(s, barcode)
        latencies.push(performance.now() - t0)
        if (status === 201) created++
        else other[status] = (other[status] ?? 0) + 1
        await new Promise((r) => setTimeout(r, (-Math.log(1 - Math.random()) * 1000) / rate))
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return {
    answered: latencies.length,
    created,
    other,
    seconds: (Date.now() - started) / 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  }
}

/**
 * autocannon, one connection per station, next scan as soon as the answer is in. A fixed number
 * of scans per station (not a deadline), so no request is left in flight when counting.
 */
async function flatOut(
  url: string,
  stations: Station[],
  kind: Kind,
  /** Each station's scans start at its barcode `offset` and number `perStation` (default: the run's share of FLAT_SCANS). */
  part: { offset?: number; perStation?: number } = {},
): Promise<Omit<Run, 'backend' | 'scan' | 'mode' | 'stations'>> {
  const offset = part.offset ?? 0
  const perStation = part.perStation ?? Math.min(PARCELS_PER_STATION, Math.ceil(FLAT_SCANS / stations.length))
  let nextStation = 0
  let created = 0
  const other: Record<string, number> = {}
  // The run's time, measured here up to the last answer: autocannon ends (and counts its
  // duration) on its 1 s ticker, which would round every flat-out run up to whole seconds.
  const started = performance.now()
  let lastAnswer = started
  const result = await autocannon({
    url: `${url}/api/${kind.path}`,
    method: 'POST',
    connections: stations.length,
    amount: stations.length * perStation,
    timeout: 60,
    headers: SENT_HEADERS,
    body: kind.body('none'),
    setupClient: (client) => {
      const s = stations[nextStation++ % stations.length]!
      let k = offset
      client.setHeadersAndBody({ ...SENT_HEADERS, authorization: `Bearer ${s.token}` }, kind.body(s.barcodes[k++]!))
      client.on('response', (status: number) => {
        lastAnswer = performance.now()
        if (status === 201) created++
        else other[status] = (other[status] ?? 0) + 1
        client.setBody(kind.body(s.barcodes[k++ % s.barcodes.length]!))
      })
    },
  })
  const answered = created + Object.values(other).reduce((a, b) => a + b, 0)
  const seconds = (lastAnswer - started) / 1000
  return { answered, created, other, seconds, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max }
}

/** Flat out without HTTP: each station sends its next scan as soon as the last one is done (same scan count as flatOut). */
async function flatOutRaw(send: Send, stations: Station[]): Promise<Omit<Run, 'backend' | 'scan' | 'mode' | 'stations'>> {
  const perStation = Math.min(PARCELS_PER_STATION, Math.ceil(FLAT_SCANS / stations.length))
  const latencies: number[] = []
  const other: Record<string, number> = {}
  let created = 0
  const started = performance.now()
  await Promise.all(
    stations.map(async (s) => {
      for (let k = 0; k < perStation; k++) {
        const t0 = performance.now()
        const status = await send(s, s.barcodes[k]!)
        latencies.push(performance.now() - t0)
        if (status === 201) created++
        else other[status] = (other[status] ?? 0) + 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { answered: latencies.length, created, other, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN }
}

// ---- main -----------------------------------------------------------------------------------

interface Backend {
  name: string
  /**
   * A fresh database prepared by `prepare` (migrated, seeded, the stations added): made once per
   * `key` and copied for every later run (a PostgreSQL template, a copy of the PGlite folder), so
   * a run does not pay migrations and seed again. Returns how to open it (here), the server env,
   * and how to remove it.
   */
  create(key: string, prepare: (db: Db) => Promise<void>): Promise<{ open: () => Promise<Db>; env: Record<string, string>; remove: () => Promise<void> }>
  /** Removes the templates. */
  cleanup(): Promise<void>
}

const pglite = ((): Backend => {
  const templates = new Map<string, string>()
  return {
    name: 'PGlite',
    async create(key, prepare) {
      if (!templates.has(key)) {
        const tpl = mkdtempSync(join(tmpdir(), 'bench-pglite-tpl-'))
        const db = await openPglite(tpl)
        await prepare(db)
        await db.close()
        templates.set(key, tpl)
      }
      const dir = mkdtempSync(join(tmpdir(), 'bench-pglite-'))
      cpSync(templates.get(key)!, dir, { recursive: true })
      return { open: () => openPglite(dir), env: { DATA_DIR: dir, DATABASE_URL: '' }, remove: async () => rmSync(dir, { recursive: true, force: true }) }
    },
    async cleanup() {
      for (const dir of templates.values()) rmSync(dir, { recursive: true, force: true })
    },
  }
})()

const postgres = (url: string): Backend => {
  const templates = new Map<string, { name: string; drop: () => Promise<void> }>()
  return {
    name: 'PostgreSQL',
    async create(key, prepare) {
      if (!templates.has(key)) {
        const made = await throwawayDatabase(url, 'bench_tpl')
        const db = await openPostgres(made.url)
        await prepare(db)
        await db.close()
        templates.set(key, { name: new URL(made.url).pathname.slice(1), drop: made.drop })
      }
      const made = await throwawayDatabase(url, 'bench', templates.get(key)!.name)
      return { open: () => openPostgres(made.url), env: { DATABASE_URL: made.url }, remove: made.drop }
    },
    async cleanup() {
      for (const t of templates.values()) await t.drop()
    },
  }
}

async function bench(backend: Backend, mode: Run['mode'], kind: Kind): Promise<Run[]> {
  const all_ = plan(kind)
  const beforeStations = all_.at(-1)!.stations
  const rawStations = all_.at(-2)!.stations
  const levels = all_.slice(0, -2)
  // The person pace runs the largest level only.
  const runLevels = mode === 'person' ? [Math.max(...LEVELS)] : LEVELS
  const run = (send: Send, stations: Station[]) =>
    mode === 'paced' ? paced(send, stations) : mode === 'person' ? paced(send, stations, PERSON_RATE, PERSON_SECONDS) : flatOutRaw(send, stations)
  const all = all_.flatMap((l) => l.stations)
  const fresh = await backend.create(kind.name, (d) => prepare(d, all, kind))
  let db = await fresh.open()
  // The raw-SQL baseline first, in this process (PGlite allows one process per data directory).
  const rawRuns: Run[] = []
  if (mode === 'flat out' && PROFILE_SCANS > PROFILE_WARMUP) profiles.push({ backend: backend.name, scan: kind.name, ...(await profileStatements(db, kind, beforeStations[0]!, rawStations[0]!)) })
  {
    // The "before" list (flat out only: the throughput baseline), with the counter of that time.
    if (mode === 'flat out') {
      const undo = await installBeforeCounter(db)
      const send = await rawSendBefore(db, kind)
      await flatOutRaw(send, beforeStations.slice(0, WARMUP_STATIONS))
      for (const level of runLevels) {
        const stations = beforeStations.slice(0, level)
        const cpu0 = process.cpuUsage()
        const r = await flatOutRaw(send, stations)
        const cpu = process.cpuUsage(cpu0)
        rawRuns.push({ backend: backend.name, scan: kind.name, driver: 'raw before', mode, stations: level, ...r, cpuPerScan: (cpu.user + cpu.system) / 1000 / r.answered })
      }
      await undo()
    }
    const send = await rawSend(db, rawStations, kind)
    await flatOutRaw(send, rawStations.slice(0, WARMUP_STATIONS))
    for (const level of runLevels) {
      const stations = rawStations.slice(0, level)
      const cpu0 = process.cpuUsage()
      const r = await run(send, stations)
      const cpu = process.cpuUsage(cpu0)
      rawRuns.push({ backend: backend.name, scan: kind.name, driver: 'raw SQL', mode, stations: level, ...r, cpuPerScan: (cpu.user + cpu.system) / 1000 / r.answered })
    }
  }
  await db.close()
  const runs = await apiRuns(backend, mode, kind, levels, runLevels, fresh, 'API')
  await fresh.remove()
  // Flat out, on a copy of the same database: the scan log's cost on the scan path, rounds with
  // and without it interleaved in one server (docs/speed.md, "Scan log").
  if (mode === 'flat out' && process.env.BENCH_SCAN_LOG !== '0') {
    const copy = await backend.create(kind.name, (d) => prepare(d, all, kind))
    const top = levels.filter((l) => runLevels.includes(l.level)).at(-1)!
    const { rounds } = await scanLogRounds(copy, kind, top.stations)
    const onRate = median(rounds.filter((r) => r.on).map((r) => r.rate))
    const logDb = await copy.open()
    const own = await scanLogOwnCost(logDb, Math.round((onRate * FLOOR.scanLogFlushMs) / 1000))
    await logDb.close()
    logCosts.push({ backend: backend.name, scan: kind.name, stations: top.level, rounds, own })
    await copy.remove()
  }
  return [...runs, ...rawRuns]
}

/** Rounds of the scan log's measurement (BENCH_SCAN_LOG_ROUNDS, even; half with the log, half without). */
const LOG_ROUNDS = Math.max(2, Math.round(Number(process.env.BENCH_SCAN_LOG_ROUNDS ?? 8) / 2) * 2)
interface LogCost {
  backend: string
  scan: Kind['name']
  stations: number
  /** Per round, in order: the log on or off, server CPU ms per scan, scans per second. */
  rounds: { on: boolean; cpuPerScan: number; dbCpuPerScan: number | null; rate: number; answered: number }[]
  /** The log's own work per scan, measured alone (scanLogOwnCost). */
  own: { cpuUsPerRow: number; batch: number; rows: number }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/**
 * The scan log's own work, measured alone in this process against the same database: the rows
 * a flat-out round makes, queued and written in batches of the size that round's rate gives in
 * FLOOR.scanLogFlushMs, minus building the same rows without the log (which every request does
 * either way). CPU time of this process only: on PostgreSQL that is the server's share (building,
 * queueing, encoding, the driver and its socket writes), and the database's own work on the insert
 * is not in it; on PGlite the database runs in the process, so it is.
 */
async function scanLogOwnCost(db: Db, batch: number, rows = 20_000): Promise<LogCost['own']> {
  const body = { barcode: '', id_status_type: STATUS.received, where: WAREHOUSE.defaultWhere }
  const reply = { message: 'ok', data: { parcel_id: 1, status_type_id: STATUS.received, bucket: { name: 'RO 1' } } }
  const size = Math.max(1, Math.min(batch, FLOOR.scanLogBatchRows))
  const pass = async (log: boolean) => {
    const c0 = process.cpuUsage()
    for (let i = 0; i < rows; i++) {
      const entry = scanLogEntry('intake', new Date(), new Date(), null, { ...body, barcode: `BENCHLOG${i}` }, 201, reply)
      if (log) logScan(db, entry)
      if (i % size === size - 1) await flushScanLog(db)
    }
    await flushScanLog(db)
    const c = process.cpuUsage(c0)
    return (c.user + c.system) / rows
  }
  setScanLogEnabled(true)
  await pass(true) // warm-up
  const withLog: number[] = []
  const without: number[] = []
  for (let i = 0; i < 3; i++) {
    withLog.push(await pass(true))
    without.push(await pass(false))
  }
  return { cpuUsPerRow: Math.max(0, median(withLog) - median(without)), batch: size, rows }
}
const logCosts: LogCost[] = []

/**
 * The scan log's cost, measured on one server (SCAN_LOG=signal: SIGUSR2 switches the log) with the
 * same stations: a warm-up round, then LOG_ROUNDS flat-out rounds in the order on, off, off, on,
 * on, off, … (so a drift of the machine's load weighs on both sides alike), each on parcels of
 * its own. A round's CPU is read once the log's last batch had its time to be written.
 */
async function scanLogRounds(fresh: { env: Record<string, string> }, kind: Kind, stations: Station[]): Promise<Pick<LogCost, 'rounds'>> {
  const { child, url } = await startServer({ ...fresh.env, SCAN_LOG: 'signal' })
  const perStation = Math.floor(PARCELS_PER_STATION / (LOG_ROUNDS + 1))
  const rounds: LogCost['rounds'] = []
  let on = true
  const switchTo = async (want: boolean) => {
    if (want === on) return
    const said = new Promise<void>((resolve) => {
      const listen = (d: Buffer) => {
        if (d.toString().includes(`scan log ${want ? 'on' : 'off'}`)) {
          child.stdout!.off('data', listen)
          resolve()
        }
      }
      child.stdout!.on('data', listen)
    })
    child.kill('SIGUSR2')
    await said
    on = want
  }
  const settle = () => new Promise((r) => setTimeout(r, FLOOR.scanLogFlushMs + 100))
  try {
    await flatOut(url, stations, kind, { offset: 0, perStation })
    await settle()
    for (let i = 0; i < LOG_ROUNDS; i++) {
      const want = [true, false, false, true][i % 4]!
      await switchTo(want)
      const cpu0 = cpuMs(child.pid)
      const db0 = databaseCpuMs()
      const r = await flatOut(url, stations, kind, { offset: (i + 1) * perStation, perStation })
      await settle()
      const db1 = databaseCpuMs()
      const dbCpuPerScan = db0 === null || db1 === null ? null : (db1 - db0) / r.answered
      rounds.push({ on: want, cpuPerScan: (cpuMs(child.pid) - cpu0) / r.answered, dbCpuPerScan, rate: r.answered / r.seconds, answered: r.answered })
    }
  } finally {
    await stopServer(child)
  }
  return { rounds }
}

/** The API runs of one mode on one fresh database: a server started on it, the levels, then what was written. */
async function apiRuns(
  backend: Backend,
  mode: Run['mode'],
  kind: Kind,
  levels: ReturnType<typeof plan>,
  runLevels: number[],
  fresh: { open: () => Promise<Db>; env: Record<string, string> },
  driver: 'API',
): Promise<Run[]> {
  const { child, url } = await startServer({ ...fresh.env, SCAN_LOG: '1' })
  const runs: Run[] = []
  try {
    for (const [i, { level, stations }] of levels.entries()) {
      if (i === 0) {
        await flatOut(url, stations, kind)
        continue
      }
      if (!runLevels.includes(level)) continue
      const cpu0 = cpuMs(child.pid)
      const serverMs: number[] = []
      const r =
        mode === 'flat out'
          ? await flatOut(url, stations, kind)
          : await paced(httpSend(url, kind, serverMs), stations, mode === 'person' ? PERSON_RATE : RATE, mode === 'person' ? PERSON_SECONDS : SECONDS)
      serverMs.sort((a, b) => a - b)
      const server = serverMs.length ? { serverP50: percentile(serverMs, 50), serverP99: percentile(serverMs, 99) } : {}
      runs.push({ backend: backend.name, scan: kind.name, driver, mode, stations: level, ...r, ...server, cpuPerScan: (cpuMs(child.pid) - cpu0) / r.answered })
    }
  } finally {
    await stopServer(child)
  }
  const db = await fresh.open()
  for (const [i, { stations }] of levels.slice(1).filter((l) => runLevels.includes(l.level)).entries()) {
    const w = await written(db, stations)
    runs[i]!.written = w.rows
    if (w.counted !== w.rows) console.error(`  workflow counters ${w.counted} ≠ status rows ${w.rows}`)
    if (driver === 'API') runs[i]!.logged = await logged(db, stations)
  }
  await db.close()
  return runs
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-')
function print(runs: Run[]) {
  const head = ['backend', 'scan', 'driver', 'mode', 'stations', 'scans', 'scans/s', 'p50 ms', 'p99 ms', 'max ms', 'server p50/p99 ms', 'server CPU ms/scan', 'answered 201', 'rows written', 'lost', 'other answers']
  const rows = runs.map((r) => [
    r.backend,
    r.scan,
    r.driver ?? 'API',
    r.mode,
    String(r.stations),
    String(r.answered),
    fmt(r.answered / r.seconds),
    fmt(r.p50, 2),
    fmt(r.p99, 2),
    fmt(r.max, 1),
    r.serverP50 === undefined ? '-' : `${fmt(r.serverP50, 2)} / ${fmt(r.serverP99 ?? NaN, 2)}`,
    fmt(r.cpuPerScan ?? NaN, 2),
    String(r.created),
    String(r.written ?? '-'),
    r.written === undefined ? '-' : String(r.created - r.written),
    Object.entries(r.other).map(([k, v]) => `${k}×${v}`).join(' ') || '-',
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  console.log(line(head))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const r of rows) console.log(line(r))
}

const backends = [pglite, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [])].filter(
  // BENCH_BACKENDS=PostgreSQL (or PGlite): only those.
  (b) => !process.env.BENCH_BACKENDS || process.env.BENCH_BACKENDS.split(',').includes(b.name),
)
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
console.log(`Scan benchmark (${KINDS.map((k) => k.name).join(', ')}): paced runs ${SECONDS} s at ~${RATE} scans/s per station; flat-out runs ${FLAT_SCANS} scans; levels ${LEVELS.join(', ')}`)
console.log(`Machine: ${cpus().length} cores, load average ${load()} (other processes on the machine skew latencies)`)
/**
 * The machine's own floor, printed before the runs: one PostgreSQL round trip (`select 1` on an
 * idle connection) and one loopback HTTP round trip, back to back and after a person-like pause
 * (the scheduler lets idle processes sleep; waking them costs time on every hop). A paced API scan
 * is one HTTP round trip and three database round trips, each after such a pause.
 */
async function machineFloor() {
  const sample = async (fn: () => Promise<unknown>, pauseMs: number) => {
    const l: number[] = []
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now()
      await fn()
      l.push(performance.now() - t0)
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs))
    }
    l.sort((a, b) => a - b)
    return `p50 ${fmt(percentile(l, 50), 2)} / p99 ${fmt(percentile(l, 99), 2)} ms`
  }
  const http = createHttpServer((_, res) => res.end('ok')).listen(0, '127.0.0.1')
  await new Promise((r) => http.once('listening', r))
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}/`
  const get = async () => (await fetch(url)).arrayBuffer()
  console.log(`Machine floor: loopback HTTP round trip back to back ${await sample(get, 0)}, after a ${1000 / RATE / 5} ms pause ${await sample(get, 1000 / RATE / 5)}`)
  http.close()
  if (process.env.DATABASE_URL) {
    const db = await openPostgres(process.env.DATABASE_URL)
    const one = () => db.query('select 1')
    console.log(`Machine floor: PostgreSQL round trip back to back ${await sample(one, 0)}, after a ${1000 / RATE / 5} ms pause ${await sample(one, 1000 / RATE / 5)}`)
    await db.close()
  }
}
await machineFloor()

const results: Run[] = []
const profiles: { backend: string; scan: Kind['name']; before: StatementTime[]; after: StatementTime[]; plans: string }[] = []
for (const backend of backends) {
  for (const kind of KINDS) {
    for (const mode of MODES) {
      console.log(`… ${backend.name}, ${kind.name}, ${mode}`)
      results.push(...(await bench(backend, mode, kind)))
    }
  }
  await backend.cleanup()
}
console.log()
print(results)
console.log(`Load average at the end: ${load()}`)
for (const p of profiles) {
  console.log(`\nWhere one ${p.scan} scan's time goes, ${p.backend} (raw, one station, ${PROFILE_SCANS - PROFILE_WARMUP} scans, each statement sent alone): mean / p99 ms`)
  const width = Math.max(...[...p.before, ...p.after].map((t) => t.name.length))
  for (const [label, list] of [['before (issue 23)', p.before], ['after', p.after]] as const) {
    console.log(`  ${label}:`)
    for (const t of list) console.log(`    ${t.name.padEnd(width)}  ${fmt(t.mean, 3).padStart(7)} / ${fmt(t.p99, 2)}`)
  }
  console.log(`  plans (pg_prepared_statements, the profile's last connection): ${p.plans}`)
}
console.log()
const api = results.filter((r) => r.driver === 'API')
const lost = api.filter((r) => r.written !== r.created)
console.log(lost.length ? `SCANS LOST OR DOUBLED in ${lost.length} run(s)` : 'No scan lost: status rows written = scans answered 201 in every API run.')
const find = (backend: string, scan: Kind['name'], driver: Run['driver'], mode: Run['mode'], stations: number) =>
  results.find((r) => r.backend === backend && r.scan === scan && r.driver === driver && r.mode === mode && r.stations === stations)
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
const top = Math.max(...LEVELS)
let missed = 0
const target = (text: string, ok: boolean) => {
  if (!ok) missed++
  console.log(`${text} → ${verdict(ok)}`)
}
for (const { name: scan } of KINDS) {
  console.log(`\n${scan}:`)
  for (const backend of backends.map((b) => b.name)) {
    for (const mode of ['paced', 'person', 'flat out'] as const) {
      for (const level of LEVELS) {
        const a = find(backend, scan, 'API', mode, level)
        const r = find(backend, scan, 'raw SQL', mode, level)
        if (!a || !r) continue
        const timed = mode !== 'flat out'
        const ratio = timed ? a.p99 / r.p99 : r.answered / r.seconds / (a.answered / a.seconds)
        console.log(
          `${backend} ${mode} ${level} stations: API ${timed ? `p99 ${fmt(a.p99, 2)} ms` : `${fmt(a.answered / a.seconds)} scans/s`} vs raw SQL ${
            timed ? `p99 ${fmt(r.p99, 2)} ms` : `${fmt(r.answered / r.seconds)} scans/s`
          } → API/raw cost ratio ${fmt(ratio, 2)}${level === top && backend === 'PostgreSQL' && mode === 'flat out' ? ` (target ≤ ${TARGET.ratio}: ${verdict(ratio <= TARGET.ratio)})` : ''}`,
        )
      }
    }
  }
  const pgPaced = find('PostgreSQL', scan, 'API', 'paced', top)
  if (pgPaced) target(`Target ${scan}: PostgreSQL p99 ≤ ${TARGET.pgP99Ms} ms at ${top} paced stations: ${fmt(pgPaced.p99, 2)} ms`, pgPaced.p99 <= TARGET.pgP99Ms)
  const pgFlat = find('PostgreSQL', scan, 'API', 'flat out', top)
  if (pgFlat) {
    const rate = pgFlat.answered / pgFlat.seconds
    target(`Target ${scan}: PostgreSQL ≥ ${TARGET.pgScansPerSecond} scans/s flat out at ${top} stations: ${fmt(rate)}`, rate >= TARGET.pgScansPerSecond)
  }
  const lite = find('PGlite', scan, 'API', 'paced', TARGET.pglitePaceStations)
  if (lite) target(`Target ${scan}: PGlite p99 ≤ ${TARGET.pgliteP99Ms} ms at ${TARGET.pglitePaceStations} paced stations: ${fmt(lite.p99, 2)} ms`, lite.p99 <= TARGET.pgliteP99Ms)
  // Issue 23, per backend, at the largest level.
  const rate = (r: Run) => r.answered / r.seconds
  for (const backend of backends.map((b) => b.name)) {
    const before = find(backend, scan, 'raw before', 'flat out', top)
    const rawFlat = find(backend, scan, 'raw SQL', 'flat out', top)
    const apiFlat = find(backend, scan, 'API', 'flat out', top)
    if (before && rawFlat) {
      const gain = rate(rawFlat) / rate(before)
      target(`Target 23.1 ${scan} ${backend}: raw(new)/raw(before) flat out at ${top} stations ${fmt(rate(rawFlat))} / ${fmt(rate(before))} scans/s = ${fmt(gain, 2)}× (≥ ${TARGET23.rawGain}×)`, gain >= TARGET23.rawGain)
    }
    if (rawFlat && apiFlat) {
      const cost = rate(rawFlat) / rate(apiFlat)
      target(`Target 23.1 ${scan} ${backend}: API/raw(new) throughput flat out at ${top} stations: raw ${fmt(rate(rawFlat))} / API ${fmt(rate(apiFlat))} scans/s = ${fmt(cost, 2)}× (≤ ${TARGET23.apiOverRaw}×)`, cost <= TARGET23.apiOverRaw)
    }
    const rawPaced = find(backend, scan, 'raw SQL', 'paced', top)
    const apiPaced = find(backend, scan, 'API', 'paced', top)
    if (rawPaced && apiPaced) {
      const cost = apiPaced.p99 / rawPaced.p99
      target(`Target 23.1 ${scan} ${backend}: API/raw(new) paced p99 at ${top} stations (${RATE}/s each): ${fmt(apiPaced.p99, 2)} / ${fmt(rawPaced.p99, 2)} ms = ${fmt(cost, 2)}× (≤ ${TARGET23.apiOverRaw}×)`, cost <= TARGET23.apiOverRaw)
    }
    const rawPerson = find(backend, scan, 'raw SQL', 'person', top)
    const apiPerson = find(backend, scan, 'API', 'person', top)
    if (rawPerson && apiPerson) {
      const cost = apiPerson.p99 / rawPerson.p99
      target(`Target 23.2 ${scan} ${backend}: API/raw p99 at a person's pace, ${top} stations one scan every ${fmt(1 / PERSON_RATE, 1)} s: ${fmt(apiPerson.p99, 2)} / ${fmt(rawPerson.p99, 2)} ms = ${fmt(cost, 2)}× (≤ ${TARGET23.personApiOverRaw}×)`, cost <= TARGET23.personApiOverRaw)
    }
  }
}
for (const { name: scan } of KINDS) {
  const before = STATEMENTS.before(scan === 'intake')
  const after = STATEMENTS.after()
  console.log(`\nStatements of one ordinary ${scan} scan, before issue 23 (${before.length}): ${before.join(', ')}`)
  console.log(`Statements of one ordinary ${scan} scan, now (${after.length}): ${after.join(', ')}`)
  target(`Target 23.1 ${scan}: statements per scan ${before.length} → ${after.length} (≤ ${TARGET23.statements})`, after.length <= TARGET23.statements)
}
// Issue 24: the scan log's cost, flat out at the top level: the median round with the log against
// the median without, same server, same run; and the log's own work measured alone.
for (const c of logCosts) {
  const side = (on: boolean) => c.rounds.filter((r) => r.on === on)
  const cpuOn = median(side(true).map((r) => r.cpuPerScan))
  const cpuOff = median(side(false).map((r) => r.cpuPerScan))
  const rateOn = median(side(true).map((r) => r.rate))
  const rateOff = median(side(false).map((r) => r.rate))
  const cpu = (cpuOn / cpuOff - 1) * 100
  const slower = (rateOff / rateOn - 1) * 100
  console.log(
    `\nScan log, ${c.scan} ${c.backend}, flat out at ${c.stations} stations, ${c.rounds.length} interleaved rounds of ${c.rounds[0]?.answered ?? 0} scans ` +
      `(server CPU ms/scan per round: ${c.rounds.map((r) => `${r.on ? 'on' : 'off'} ${fmt(r.cpuPerScan, 3)}`).join(', ')}):\n` +
      `  median with the log ${fmt(cpuOn, 3)} ms CPU/scan, ${fmt(rateOn)} scans/s; without ${fmt(cpuOff, 3)} ms, ${fmt(rateOff)} scans/s → ` +
      `the log costs ${fmt(cpu, 1)} % of a scan's server CPU, ${fmt(slower, 1)} % of throughput`,
  )
  target(`Target 24 ${c.scan} ${c.backend}: the scan log costs ≤ 5 % of a scan (median server CPU per scan, interleaved rounds): ${fmt(cpu, 1)} %`, cpu <= 5)
  if (c.rounds.every((r) => r.dbCpuPerScan !== null)) {
    // The whole machine's work for a scan: the server's and the database's, round by round.
    const both = (on: boolean) => median(side(on).map((r) => r.cpuPerScan + r.dbCpuPerScan!))
    const dbOn = median(side(true).map((r) => r.dbCpuPerScan!))
    const dbOff = median(side(false).map((r) => r.dbCpuPerScan!))
    const whole = (both(true) / both(false) - 1) * 100
    console.log(
      `  the database's CPU per scan: with the log ${fmt(dbOn, 3)} ms, without ${fmt(dbOff, 3)} ms; ` +
        `server and database together: ${fmt(both(true), 3)} / ${fmt(both(false), 3)} ms → the log costs ${fmt(whole, 1)} % of a scan's CPU on the machine`,
    )
  }
  const ownPct = (c.own.cpuUsPerRow / 1000 / cpuOff) * 100
  console.log(
    `  the log's own work alone: ${fmt(c.own.cpuUsPerRow, 1)} µs CPU per row (${c.own.rows} rows in batches of ${c.own.batch}, as at ${fmt(rateOn)} scans/s) ` +
      `= ${fmt(ownPct, 1)} % of a scan's ${fmt(cpuOff, 3)} ms`,
  )
  target(`Target 24 ${c.scan} ${c.backend}: the scan log's own work ≤ 5 % of a scan's server CPU (measured alone): ${fmt(ownPct, 1)} %`, ownPct <= 5)
}
for (const { name: scan } of KINDS) {
  for (const backend of backends.map((b) => b.name)) {
    const on = find(backend, scan, 'API', 'flat out', top)
    if (on) target(`Target 24 ${scan} ${backend}: every answered scan is in the log`, on.logged === on.answered)
  }
}
console.log(`\n${missed ? `${missed} target(s) not met` : 'Every target met'} on this machine (load average ${load()}).`)
process.exit(lost.length ? 1 : 0)
