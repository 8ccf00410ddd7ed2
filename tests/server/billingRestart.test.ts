/**
 * A billing statement survives its server: a real server process (src/server/main.ts) on a PGlite
 * data directory is killed with SIGKILL while the statement is accounting; another server started
 * on the same directory takes the job again (pg-boss, failed at start as lost, retried) and the
 * statement ends whole — every shipment in the file — or visibly as internal_error, never half.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPglite } from '../../src/server/db/db.ts'
import { generateShipments } from '../../scripts/billingData.ts'
import { STATEMENT_SHEET } from '../../src/server/domain/billing/statement.ts'
import { seedDataDir } from './support.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const children: ChildProcess[] = []
const SHIPMENTS = 12_000
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const FROM = day(-170)
const TO = day(-100)

function startServer(dataDir: string): { child: ChildProcess; port: Promise<number>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: join(tmpdir(), 'no-static-dir'), DATABASE_URL: '', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  const port = new Promise<number>((resolve, reject) => {
    const onData = (b: Buffer) => {
      output += b.toString()
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output)
      if (m) resolve(Number(m[1]))
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`server ended (${code}): ${output}`)))
  })
  return { child, port, output: () => output }
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.on('exit', () => resolve())))

async function api(port: number, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const type = res.headers.get('content-type') ?? ''
  return { status: res.status, body: type.includes('json') ? await res.json() : new Uint8Array(await res.arrayBuffer()) }
}

let dir: string
let dataDir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'billing-restart-'))
  dataDir = join(dir, 'data')
  await seedDataDir(dataDir)
  const db = await openPglite(dataDir)
  const [demo] = await db.query<{ id: number }>(`select id from clients where name = 'Demo Shop SRL'`)
  await generateShipments(db, { clientId: demo!.id, n: SHIPMENTS, from: FROM, to: TO, tag: 'RST' })
  await db.close()
}, 300_000)
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

it('kill -9 while accounting: the next server finishes the statement whole (or shows internal_error)', async () => {
  const first = startServer(dataDir)
  let port = await first.port
  const login = await api(port, 'POST', 'user/login', undefined, { email: 'admin@example.com', password: 'admin123' })
  expect(login.status).toBe(200)
  const token = login.body._token as string
  const clients = await api(port, 'POST', 'app/v1/client/list', token, { start: 0, length: 100 })
  const demo = (clients.body.data as { id: number; name: string }[]).find((c) => c.name === 'Demo Shop SRL')!
  const order = await api(port, 'POST', 'app/v1/export', token, { type: 'billing', client_id: demo.id, start: FROM, end: TO, re_account: true })
  expect(order.status).toBe(201)
  const uuid = order.body.uuid as string

  // wait until it is accounting with some progress, then kill the process outright
  const until = Date.now() + 120_000
  for (;;) {
    const s = await api(port, 'GET', `app/v1/export/find/${uuid}`, token)
    if (s.body.status === 'accounting' && s.body.performed_count > 0) {
      expect(s.body.performed_count).toBeLessThan(SHIPMENTS)
      break
    }
    expect(['order_accepted', 'accounting']).toContain(s.body.status)
    if (Date.now() > until) throw new Error('never saw the statement accounting')
    await new Promise((r) => setTimeout(r, 100))
  }
  first.child.kill('SIGKILL')
  await exited(first.child)

  // a new server on the same directory
  const second = startServer(dataDir)
  port = await second.port
  const until2 = Date.now() + 240_000
  let s: { status: string; performed_count: number; total_count: number; rows: number; error_message: string | null }
  for (;;) {
    try {
      s = (await api(port, 'GET', `app/v1/export/find/${uuid}`, token)).body
    } catch (e) {
      throw new Error(`the second server failed: ${String(e)}\n${second.output().slice(-3000)}`)
    }
    if (!['order_accepted', 'accounting'].includes(s.status)) break
    if (Date.now() > until2) throw new Error(`statement still ${s.status} after the restart`)
    await new Promise((r) => setTimeout(r, 300))
  }
  console.log(`[restart] after SIGKILL the statement ended ${s.status} (${s.performed_count}/${s.total_count})`)
  if (s.status === 'internal_error') {
    // visibly failed: a message, no file
    expect(s.error_message).toBeTruthy()
    expect((await api(port, 'GET', `app/v1/export/download/${uuid}`, token)).status).toBe(409)
  } else {
    expect(s.status).toBe('validated')
    expect(s).toMatchObject({ total_count: SHIPMENTS, performed_count: SHIPMENTS, rows: SHIPMENTS })
    const file = await api(port, 'GET', `app/v1/export/download/${uuid}`, token)
    expect(file.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((file.body as Uint8Array).buffer as ArrayBuffer)
    const waybills = new Set<string>()
    book.getWorksheet(STATEMENT_SHEET)!.eachRow((r, i) => {
      const v = String(r.getCell(1).value ?? '')
      if (i > 1 && v.startsWith('GRST')) waybills.add(v)
    })
    expect(waybills.size).toBe(SHIPMENTS)
  }
  second.child.kill('SIGTERM')
  await exited(second.child)
}, 600_000)
