import type { Path } from './graph/explore.ts'
import { defineSamples, doneActor, errorActor } from './graph/samples.ts'
import { inspectorMachine } from './inspector.ts'

/** A found path as the path finder keeps it (its steps are not read by the machine). */
export const emptyPath: Path = { inputName: 'logged out', input: { stored: null }, steps: [], description: '' }

const query = { machineId: 'session', inputName: '', target: 'session.loggedIn' }

export const inspectorSamples = defineSamples(inspectorMachine, {
  inputs: { fresh: { remembered: false, statelyOn: false }, 'stately already on': { remembered: true, statelyOn: true } },
  events: [
    { type: 'FOLD' },
    { type: 'OPEN' },
    { type: 'STATELY', on: true },
    { type: 'STATELY', on: false },
    doneActor('startStately', true, 'started'),
    doneActor('startStately', false, 'blocked'),
    { type: 'FIND', ...query },
    doneActor('findPath', emptyPath, 'found'),
    doneActor('findPath', null, 'unreachable'),
    errorActor('findPath', new Error('Brak maszyny'), 'no such machine'),
    { type: 'REPLAY', ...query },
    doneActor('replay', 'x:7', 'replayed'),
    errorActor('replay', new Error('ReplayMismatch'), 'mismatch'),
    { type: 'PICK_TARGET', target: 'session.anonymous' },
  ],
  key: (c) => [c.path !== null, c.message, c.selected],
})
