import { openPglite } from './src/server/db/db.ts'
import { buildServer } from './src/server/server.ts'
const db = await openPglite()
const { app } = await buildServer({ port: 0, dataDir: '', publicUrl: '', staticDir: '/x' }, db)
await db.exec(`insert into shipments (internal_waybill, client_id, delivery_service, destination_country_id, last_mile_courier_id) select 'RE7'||lpad(g::text,8,'0'), 1, 1, 1, 2 from generate_series(1,3000) g; insert into parcels (shipment_id, client_id, internal_number) select id, client_id, internal_waybill from shipments where internal_waybill like 'RE7%'`)
const login = await (await app.request('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'worker@example.com', password: 'worker123' }) })).json() as any
const h = { 'content-type': 'application/json', authorization: 'Bearer ' + login._token }
await app.request('/api/app/v1/warehouse/workstation/workflow/', { method: 'POST', headers: h, body: JSON.stringify({ code: 'PRZJ_01' }) })
const t = performance.now()
for (let i = 1; i <= 3000; i++) { const r = await app.request('/api/app/v1/parcel/scan', { method: 'POST', headers: h, body: JSON.stringify({ barcode: 'RE7' + String(i).padStart(8, '0'), id_status_type: 55 }) }); if (r.status !== 201) throw new Error(String(r.status)); await r.arrayBuffer() }
console.log('ms/scan', ((performance.now() - t) / 3000).toFixed(2))
