import { fromPromise } from 'xstate'
import { scanSearchMachine } from '../../../machines/floorScanSearch.ts'
import { call } from '../api/client.ts'
import { endpoints, floorActions, floorActors } from './floor.ts'

/** The parcel search screen's wiring (its own module, so other screens do not load this machine). */

/** machines/floorScanSearch.ts with its real actors. */
export const scanSearchScreen = scanSearchMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    lookup: fromPromise(({ input }) => call(endpoints.parcelSearchScan, undefined, { barcode: input.barcode })),
  },
  actions: { announce: floorActions.announce },
})
