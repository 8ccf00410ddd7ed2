import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import type { Endpoint } from '../../contract/endpoint.ts'
// The areas' tables only (scan, warehouse), not the whole endpoint table: the floor screens stay small.
import { scanEndpoints } from '../../contract/endpoints/scan.ts'
import { warehouseEndpoints } from '../../contract/endpoints/warehouse.ts'

import { type RouteName, href } from '../../contract/routes.ts'
import type { WorkstationRef } from '../../contract/schemas.ts'
import type { Feedback, FloorData, FloorWorkflow, ScanAnswer } from '../../../machines/floorKit.ts'
import { scannerInputMachine } from '../../../machines/scannerInput.ts'
import { call, callWithStatus } from '../api/client.ts'
import { play } from '../ui/sound.ts'
import { aboutBarcode } from '../../contract/messages/floor.ts'
import { dismissAll, notify } from '../ui/toast.tsx'
import { showBigSuccess } from '../views/warehouse/kit/BigIndicator.tsx'
import { sessionActor } from './session.ts'

const endpoints = { ...scanEndpoints, ...warehouseEndpoints }

/**
 * The one place where the floor's shared side effects are wired for every scanning screen
 * (side effects are actors and actions provided by the web).
 * A screen provides its machine like this:
 *
 *   const screen = myScanMachine.provide({
 *     actors: { ...floorActors, submitScan: scanCall(endpoints.parcelClassify) },
 *     actions: floorActions,
 *   })
 *   const [state, send] = useMachine(screen, { input, inspect })
 *
 * and renders <ScanField scanner={state.children.scanner} .../> and <ScanHeader .../>.
 */

/** Shows `feedback`: every message as a toast of its type for its duration, the tone, the big indicator — each naming the scan's barcode. */
export function announce(feedback: Feedback | null) {
  if (!feedback) return
  for (const m of feedback.messages) notify[m.type](aboutBarcode(feedback.barcode, m.text), m.duration)
  if (feedback.tone) play(feedback.tone)
  if (feedback.big) showBigSuccess(feedback.barcode ?? null)
}

const setSessionWorkstation = (workstation: WorkstationRef | null) => {
  const current = sessionActor.getSnapshot().context.session?.workstation ?? null
  if (JSON.stringify(current) !== JSON.stringify(workstation)) sessionActor.send({ type: 'WORKSTATION_CHANGED', workstation })
}

/** Custom actions every floor machine may declare; each reads only what it names from the context. */
export const floorActions = {
  announce: ({ context }: { context: { feedback: Feedback | null } }) => announce(context.feedback),
  /** A new scan starts: the previous answer's toasts go, so none is read as this parcel's. */
  withdraw: () => dismissAll(),
  /** The session's workstation becomes `context.workstation` (WORKSTATION_CHANGED). */
  workstationChanged: ({ context }: { context: { workstation: WorkstationRef | null } }) => setSessionWorkstation(context.workstation),
  /** The server says the person holds no workstation: the session forgets it, the screen's gate redirects. */
  workstationLost: () => setSessionWorkstation(null),
  /** Goes to the screen named by `context.target`. */
  redirect: ({ context }: { context: { target: RouteName | null } }) => {
    if (context.target) navigate(href(context.target))
  },
}

/**
 * A scan call that keeps the exact 2xx code (201–208 mean different things); non-2xx rejects with
 * ApiError. `Reply` and `Body` are the machine's names for the endpoint's reply and body (the
 * client decodes the reply with the endpoint's schema): `scanCall<ClassifyReply, ClassifyBody>(endpoints.parcelClassify)`.
 */
export const scanCall = <Reply, Body>(ep: Endpoint) =>
  fromPromise<ScanAnswer<Reply>, Body>(async ({ input }) => {
    const r = await callWithStatus(ep, input as never)
    return { status: r.status, data: (r.data ?? null) as Reply | null }
  })

/** Actors every floor machine may declare. */
export const floorActors = {
  scannerInput: scannerInputMachine,
  /** The open workflow with the server's scan counter; null when the person holds no workstation. */
  loadWorkflow: fromPromise<FloorWorkflow | null>(async () => (await call(endpoints.currentWorkflow)).workflow),
  /** The open workflow, the statuses its workstation type offers and the sectors of its warehouse (for that type). */
  loadFloor: fromPromise<FloorData>(async () => {
    const { workflow } = await call(endpoints.currentWorkflow)
    if (!workflow) return { workflow: null, statuses: [], sectors: [] }
    const type = workflow.workstation.type.id
    const [statuses, sectors] = await Promise.all([
      call(endpoints.statusTypesForWarehouse, undefined, { id: type }),
      call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: workflow.workstation.warehouse.id, workstation_type_id: type }),
    ])
    return { workflow, statuses, sectors }
  }),
}
