import { type ClassifyBody, classificationMachine } from '../../../machines/floorClassification.ts'
import { endpoints, floorActions, floorActors, scanCall } from './floor.ts'

/** The classification screen's wiring (its own module, so other screens do not load this machine). */

/** machines/floorClassification.ts with its real actors. */
export const classificationScreen = classificationMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    loadFloor: floorActors.loadFloor,
    classify: scanCall<typeof endpoints.parcelClassify, ClassifyBody>(endpoints.parcelClassify),
  },
  actions: floorActions,
})
