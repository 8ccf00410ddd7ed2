/**
 * `npm start`: makes the built SPA current (scripts/dist.ts — built only when its sources changed,
 * swapped in atomically, so a server already running keeps answering), then starts the server.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from './dist.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const b = await ensureBuild(root)
console.log(b.built ? `Built the SPA into ${b.folder} in ${b.ms} ms` : `SPA sources unchanged: serving ${b.folder} (checked in ${b.ms} ms)`)
await import('../src/server/main.ts')
