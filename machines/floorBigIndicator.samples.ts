import { defineSamples, named } from './graph/samples.ts'
import { bigIndicatorMachine } from './floorBigIndicator.ts'

export const bigIndicatorSamples = defineSamples(bigIndicatorMachine, {
  inputs: { fresh: undefined },
  events: [named('RE100000001', { type: 'SHOW', barcode: 'RE100000001' }), named('none', { type: 'SHOW', barcode: null })],
  // The showing counter would make the graph endless.
  key: (c) => ({ barcode: c.barcode }),
})
