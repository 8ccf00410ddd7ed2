import { defineSamples, named } from './graph/samples.ts'
import { focusLockMachine } from './floorFocusLock.ts'

export const focusLockSamples = defineSamples(focusLockMachine, {
  inputs: { fresh: undefined },
  events: [{ type: 'ESCAPE' }, { type: 'TAB' }, { type: 'ACTIVITY' }, named('pause', { type: 'PAUSE', paused: true }), named('resume', { type: 'PAUSE', paused: false })],
})
