import { fromPromise } from 'xstate'
import { API_BASE } from '../../contract/constants/platform.ts'
import { FLOOR_MSG } from '../../contract/messages/floor.ts'
import { fillPath } from '../../contract/endpoint.ts'
// The areas' tables only (scan, warehouse), not the whole endpoint table: the floor screens stay small.
import { scanEndpoints } from '../../contract/endpoints/scan.ts'
import { warehouseEndpoints } from '../../contract/endpoints/warehouse.ts'
import type { WorkstationRef } from '../../contract/schemas.ts'
import type { ClientRef, ParcelFields, ScanRequest, Sector } from '../../contract/schemas/warehouse.ts'
import { chooseClientMachine } from '../../../machines/chooseClient.ts'
import { type ClassifyBody, classificationMachine } from '../../../machines/classification.ts'
import { type DimensionsRequestBody, dimensionsMachine } from '../../../machines/dimensions.ts'
import { type AcceptAnswer, externalInboundMachine } from '../../../machines/externalInbound.ts'
import { intakeScanMachine } from '../../../machines/intakeScan.ts'
import { type ParcelData, parcelPanelMachine } from '../../../machines/parcelPanel.ts'
import { resolveProblematicMachine } from '../../../machines/resolveProblematic.ts'
import { scanSearchMachine } from '../../../machines/scanSearch.ts'
import type { TagJob, TagOption } from '../../../machines/tagForm.ts'
import { type SetWorkstationResult, workstationMachine } from '../../../machines/workstation.ts'
import { call, callWithStatus } from '../api/client.ts'
import { zonedDate } from '../../contract/time.ts'
import { announce, floorActions, floorActors, loadReference, scanCall } from './floor.ts'
import { sessionActor } from './session.ts'

const endpoints = { ...scanEndpoints, ...warehouseEndpoints }

/**
 * The scanning screens' machines with their real actors (the contract's endpoints) and the floor's
 * shared actions. Views take a machine from here and render its connect function; they never call
 * the API themselves.
 */

/** The re-paste label's URL: the file endpoint with a fresh public token (it opens in a new window). */
async function repasteLabelUrl({ internalNumber }: { internalNumber: string }) {
  const { public_token } = await call(endpoints.publicToken)
  return `${API_BASE}${fillPath(endpoints.parcelRepasteLabel.path, { internalNumber })}?_public_token=${encodeURIComponent(public_token)}`
}

/** machines/intakeScan.ts with its real actors; the sub-machines with theirs. `scan` is the endpoint of the route. */
const intakeScreen = (scan: typeof endpoints.parcelScan | typeof endpoints.parcelScanAssign) =>
  intakeScanMachine.provide({
    actors: {
      scannerInput: floorActors.scannerInput,
      loadFloor: floorActors.loadFloor,
      submitScan: scanCall<typeof scan, ScanRequest>(scan),
      repasteLabel: fromPromise<string, { internalNumber: string }>(({ input }) => repasteLabelUrl(input)),
      parcelPanel: parcelPanelMachine.provide({
        actors: {
          loadParcel: fromPromise<ParcelData, { parcelId: number }>(async ({ input }) => {
            const params = { idType: 'id', value: input.parcelId }
            const [parcel, history] = await Promise.all([call(endpoints.parcelFind, undefined, params), call(endpoints.parcelHistory, undefined, params)])
            return { parcel, history }
          }),
        },
      }),
      chooseClient: chooseClientMachine.provide({
        actors: {
          searchClients: fromPromise<readonly ClientRef[], { text: string }>(({ input }) => call(endpoints.clientSearch, undefined, { text: input.text })),
          verifyChoice: fromPromise<ClientRef, { client_id: number; postal_code: string; phone_number: string }>(async ({ input }) => (await call(endpoints.clientVerifyChoose, input)).client),
        },
        actions: { announce: ({ context }) => announce(context.feedback) },
      }),
      dimensions: dimensionsMachine.provide({
        actors: {
          checkDimensions: fromPromise<unknown, DimensionsRequestBody>(({ input }) => callWithStatus(endpoints.parcelCheckDimensions, input)),
          saveDimensions: fromPromise<ParcelFields, DimensionsRequestBody>(async ({ input }) => (await call(endpoints.parcelDimensions, input)).data),
        },
        actions: { announce: ({ context }) => announce(context.feedback) },
      }),
    },
    actions: {
      ...floorActions,
      openLabel: ({ context }) => {
        if (context.labelUrl) window.open(context.labelUrl, '_blank')
      },
    },
  })

export const intakeScreens = { scan: intakeScreen(endpoints.parcelScan), assign: intakeScreen(endpoints.parcelScanAssign) }

/** machines/classification.ts with its real actors. */
export const classificationScreen = classificationMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    loadFloor: floorActors.loadFloor,
    classify: scanCall<typeof endpoints.parcelClassify, ClassifyBody>(endpoints.parcelClassify),
  },
  actions: floorActions,
})

/** The problem sectors a parcel may be moved to from `workstation` (its warehouse, statuses its type offers). */
const problemSectorsOf = (workstation: WorkstationRef | null): Promise<readonly Sector[]> =>
  workstation
    ? call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: workstation.warehouse.id, workstation_type_id: workstation.type.id })
    : Promise.resolve([])

/** machines/resolveProblematic.ts with its real actors and the floor's shared actions. */
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

/** The person's hand-overs accepted today, counted by the server. */
async function countToday(): Promise<number> {
  const userId = sessionActor.getSnapshot().context.session?.userId ?? null
  const page = await call(endpoints.externalInboundList, { start: 0, length: 1, criteria: { date: zonedDate(new Date()), scanned_by_user_id: userId } })
  return page.recordsFiltered
}

/** machines/externalInbound.ts with its real actors. */
export const externalInboundScreen = externalInboundMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    loadCount: fromPromise(countToday),
    accept: fromPromise<AcceptAnswer, { barcode: string }>(async ({ input }) => {
      const r = await callWithStatus(endpoints.externalInboundScan, { barcode: input.barcode })
      return { status: r.status, data: r.data, acceptedScans: await countToday().catch(() => null) }
    }),
  },
  actions: { announce: floorActions.announce },
})

/** machines/scanSearch.ts with its real actors. */
export const scanSearchScreen = scanSearchMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    lookup: fromPromise(({ input }) => call(endpoints.parcelSearchScan, undefined, { barcode: input.barcode })),
  },
  actions: { announce: floorActions.announce },
})

/** machines/workstation.ts with its real actors. */
export const workstationScreen = workstationMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    setWorkstation: fromPromise<SetWorkstationResult, { code: string }>(({ input }) => call(endpoints.setWorkstation, { code: input.code })),
  },
  actions: floorActions,
})

/** The tag form's actors (machines/tagForm.ts): the contract's endpoints; the download itself is the page's. */
export const tagActors = {
  loadReference: fromPromise(loadReference),
  searchClients: fromPromise<TagOption[], { text: string }>(async ({ input }) =>
    (await call(endpoints.clientSearch, undefined, { text: input.text })).map((c): TagOption => ({ value: c.id, label: c.name })),
  ),
  loadWorkstations: fromPromise<TagOption[], { warehouseId: number; workstationTypeId: number }>(async ({ input }) =>
    (await call(endpoints.workstationsByType, undefined, { warehouse: input.warehouseId, type: input.workstationTypeId })).map(
      (w): TagOption => ({ value: w.code, label: w.code }),
    ),
  ),
  loadSectors: fromPromise<TagOption[], { warehouseId: number }>(async ({ input }) =>
    (await call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: input.warehouseId })).map(
      (s): TagOption => ({ value: s.id, label: `${s.code} – ${s.name}` }),
    ),
  ),
  generateTag: fromPromise<Blob, TagJob>(async ({ input }) => {
    const { data } = await callWithStatus(endpoints.tag, input.request)
    if (!(data instanceof Blob)) throw new Error(FLOOR_MSG.tagNotPdf)
    return data
  }),
}
