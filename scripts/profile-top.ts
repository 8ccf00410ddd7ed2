/**
 * Summarises a V8 .cpuprofile (node --cpu-prof; bench.ts BENCH_CPU_PROF): self time per function
 * and per package/area, highest first, then the busy time by part of the request path. Usage:
 * node --import tsx scripts/profile-top.ts <file> [n]
 *
 * The profiler samples wall time: a process that the scheduler has put aside shows as the function
 * it was in — on a machine short of cores, mostly `writev` (writing a reply wakes the client, which
 * takes the core). "Busy" below leaves out idle time, writev and (program), so it is the process's
 * own work; its shares are the figures to compare.
 */
import { readFileSync } from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
const [file, n = '25'] = process.argv.slice(2)
const prof = JSON.parse(readFileSync(file!, 'utf8')) as { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }
const byId = new Map(prof.nodes.map((x) => [x.id, x]))
const self = new Map<number, number>()
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)))
const total = [...self.values()].reduce((a, b) => a + b, 0)
const area = (url: string) => {
  if (!url) return '(native / idle / gc)'
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)
  if (m) return m[1]!
  if (url.startsWith('node:')) return 'node core: ' + url.slice(5).split('/')[0]
  const s = /\/(src\/[^/]+\/[^/]+|machines)/.exec(url)
  return s ? s[1]! : url
}
const fn = new Map<string, number>()
const areas = new Map<string, number>()
for (const [id, us] of self) {
  const f = byId.get(id)!.callFrame
  const key = `${f.functionName || '(anonymous)'}  ${f.url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|machines)\//, '$1/')}:${f.lineNumber + 1}`
  fn.set(key, (fn.get(key) ?? 0) + us)
  areas.set(area(f.url), (areas.get(area(f.url)) ?? 0) + us)
}
const pct = (us: number) => ((100 * us) / total).toFixed(1).padStart(5) + '%'
console.log(`profile ${((prof.endTime - prof.startTime) / 1e6).toFixed(1)} s, sampled ${(total / 1e6).toFixed(1)} s`)
console.log('\nby area (self time):')
for (const [k, v] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(pct(v), k)
console.log('\nby function (self time):')
for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) console.log(pct(v), k)

/** Which part of the request path a function belongs to (first match wins). */
const PARTS: Array<[string, (url: string, name: string) => boolean]> = [
  ['GC', (_, name) => name === '(garbage collector)'],
  ['web Request / Headers / AbortSignal / streams', (url, name) => /undici|webstreams|abort_controller|js_transferable/.test(url) || name === 'JSTransferable'],
  ['PostgreSQL driver (pg, its socket writes)', (url, name) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(url) || name === 'writeBuffer'],
  ['hono + @hono/node-server', (url) => /node_modules\/(hono|@hono)\//.test(url)],
  ['effect (Schema)', (url) => /node_modules\/effect\//.test(url)],
  ['PGlite (WebAssembly)', (url) => /pglite|^wasm:/.test(url)],
  ['module loading (start-up)', (url, name) => /^node:internal\/modules|tsx|source_map|cjs-module-lexer/.test(url) || /compileSourceTextModule|wrapSafe|readFileUtf8|internalModuleStat/.test(name)],
  ['our domain + db code', (url) => /\/src\/server\/(domain|db)\//.test(url)],
  ['our HTTP layer + contract', (url) => /\/src\/(server\/http|contract)\//.test(url)],
  ['node http / net / streams / events', (url) => /^node:/.test(url)],
  ['promise / microtask machinery', (_, name) => name === 'runMicrotasks' || name === 'processTicksAndRejections'],
]
const parts = new Map<string, number>()
let busy = 0
for (const [id, us] of self) {
  const f = byId.get(id)!.callFrame
  if (['(idle)', 'writev', '(program)'].includes(f.functionName)) continue
  busy += us
  const part = PARTS.find(([, test]) => test(f.url, f.functionName))?.[0] ?? 'other'
  parts.set(part, (parts.get(part) ?? 0) + us)
}
console.log(`\nbusy time by part (${(busy / 1e6).toFixed(2)} s: not idle, not writev, not (program)):`)
for (const [k, v] of [...parts].sort((a, b) => b[1] - a[1])) console.log(((100 * v) / busy).toFixed(1).padStart(5) + '%', k)
