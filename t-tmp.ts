import { mkdtempSync } from 'node:fs'
import { openPglite } from './src/server/db/db.ts'
import { buildServer } from './src/server/server.ts'
for (const dir of [mkdtempSync('/tmp/pgl-'), undefined]) {
  const db = await openPglite(dir)
  const { app } = await buildServer({ port: 0, dataDir: '', publicUrl: '', staticDir: '/x' }, db)
  await db.exec(`insert into shipments (internal_waybill, client_id, delivery_service, destination_country_id, last_mile_courier_id) select 'RE7'||lpad(g::text,8,'0'), 1, 1, 1, 2 from generate_series(1,1500) g; insert into parcels (shipment_id, client_id, internal_number) select id, client_id, internal_waybill from shipments where internal_waybill like 'RE7%'`)
  const login = await (await app.request('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'worker@example.com', password: 'worker123' }) })).json() as any
  const h = { 'content-type': 'application/json', authorization: 'Bearer ' + login._token }
  await app.request('/api/app/v1/warehouse/workstation/workflow/', { method: 'POST', headers: h, body: JSON.stringify({ code: 'PRZJ_01' }) })
  const times: number[] = []
  for (let i = 1; i <= 1500; i++) { const t = performance.now(); const r = await app.request('/api/app/v1/parcel/scan', { method: 'POST', headers: h, body: JSON.stringify({ barcode: 'RE7' + String(i).padStart(8, '0'), id_status_type: 55 }) }); await r.arrayBuffer(); times.push(performance.now() - t) }
  times.sort((a, b) => a - b)
  const p = (q: number) => times[Math.floor(q * times.length)]!.toFixed(1)
  console.log(dir ?? 'memory', 'p50', p(0.5), 'p90', p(0.9), 'p99', p(0.99), 'max', times.at(-1)!.toFixed(1), 'mean', (times.reduce((a, b) => a + b) / times.length).toFixed(2))
  await db.close()
}
