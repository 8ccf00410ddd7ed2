import { defineSamples, named } from './graph/samples.ts'
import { scanLogMachine } from './floorScanLog.ts'

export const scanLogSamples = defineSamples(scanLogMachine, {
  inputs: {
    '/scan-log': { query: {} },
    "a parcel's scans": { query: { parcel: 'RE100000005' } },
  },
  events: [
    named('workstation PRZJ_01', { type: 'SET', field: 'workstation', value: 'PRZJ_01' }),
    named('parcel emptied', { type: 'SET', field: 'parcel', value: '' }),
    { type: 'APPLY' },
    { type: 'RESET' },
  ],
})
