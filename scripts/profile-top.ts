/**
 * Summarises a V8 .cpuprofile (node --cpu-prof; bench.ts BENCH_CPU_PROF): self time per function
 * and per package/area, highest first. Usage: node --import tsx scripts/profile-top.ts <file> [n]
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
