import { fromPromise } from 'xstate'
import type { Sector, WorkstationRef } from '../../contract/schemas/warehouse.ts'
import { resolveProblematicMachine } from '../../../machines/floorResolveProblematic.ts'
import { call } from '../api/client.ts'
import { endpoints, floorActions, floorActors, scanCall } from './floor.ts'

/** The problem-resolving screen's wiring (its own module, so other screens do not load this machine). */

/** The problem sectors a parcel may be moved to from `workstation` (its warehouse, statuses its type offers). */
const problemSectorsOf = (workstation: WorkstationRef | null): Promise<readonly Sector[]> =>
  workstation
    ? call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: workstation.warehouse.id, workstation_type_id: workstation.type.id })
    : Promise.resolve([])

/** machines/floorResolveProblematic.ts with its real actors and the floor's shared actions. */
export const resolveScreen = resolveProblematicMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    loadWorkflow: floorActors.loadWorkflow,
    resolve: scanCall(endpoints.problematicSectorResolve),
    loadSectors: fromPromise<readonly Sector[], { workstation: WorkstationRef | null }>(({ input }) => problemSectorsOf(input.workstation)),
  },
  actions: {
    announce: floorActions.announce,
    workstationChanged: floorActions.workstationChanged,
    workstationLost: floorActions.workstationLost,
    withdraw: floorActions.withdraw,
  },
})
