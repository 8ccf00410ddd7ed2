import { fromPromise } from 'xstate'
import { type SetWorkstationResult, workstationMachine } from '../../../machines/floorWorkstation.ts'
import { call } from '../api/client.ts'
import { endpoints, floorActions, floorActors } from './floor.ts'

/** The set-workstation screen's wiring (its own module, so other screens do not load this machine). */

/** machines/floorWorkstation.ts with its real actors. */
export const workstationScreen = workstationMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    setWorkstation: fromPromise<SetWorkstationResult, { code: string }>(({ input }) => call(endpoints.setWorkstation, { code: input.code })),
  },
  actions: floorActions,
})
