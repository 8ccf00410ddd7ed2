import { modelPaths, replayWithChecks } from '../tests/machines/model.ts'
import { intakeScanMachine } from '../machines/floorIntakeScan.ts'
import { intakeScanSamples } from '../machines/floorIntakeScan.samples.ts'
const t0 = performance.now()
const { paths } = modelPaths(intakeScanMachine, intakeScanSamples as never)
const t1 = performance.now()
for (const p of paths) await replayWithChecks(intakeScanMachine as never, intakeScanSamples as never, p, {})
const t2 = performance.now()
console.log(paths.length, 'explore', (t1 - t0).toFixed(0), 'replay', (t2 - t1).toFixed(0), 'avg steps', (paths.reduce((a, p) => a + p.steps.length, 0) / paths.length).toFixed(1))
