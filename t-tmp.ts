import { openPglite } from './src/server/db/db.ts'
import { migrate } from './src/server/db/migrate.ts'
import { seed } from './src/server/db/seed.ts'
const db = await openPglite()
let t = performance.now()
await migrate(db)
console.log('migrate', performance.now() - t); t = performance.now()
await seed(db)
console.log('seed', performance.now() - t)
console.log(await db.query(`select count(*)::int from parcels`), await db.query(`select count(*)::int from parcel_status_history`), await db.query(`select delivery_service, destination_country_id, count(*)::int from shipments group by 1,2 order by 1,2`))
console.log(await db.query(`select last_status_type_id, count(*)::int from parcels group by 1 order by 1`))
