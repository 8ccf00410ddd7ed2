import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import type { Endpoint, SuccessBody } from '../../contract/endpoint.ts'
// The areas' tables only (floor, warehouse, statuses), not the whole endpoint table: the floor screens stay small.
import { scanEndpoints } from '../../contract/endpoints/floor.ts'
import { statusEndpoints } from '../../contract/endpoints/statuses.ts'
import { warehouseEndpoints } from '../../contract/endpoints/warehouse.ts'

import { type RouteName, href } from '../../contract/routes.ts'
import type { WorkstationRef } from '../../contract/schemas/warehouse.ts'
import type { Feedback, FloorData, FloorWorkflow, ScanAnswer } from '../../../machines/floorKit.ts'
import { scannerInputMachine } from '../../../machines/floorScannerInput.ts'
import { ApiError, call, messagesOf, request } from '../api/client.ts'
import { play } from '../ui/sound.ts'
import { aboutBarcode } from '../../contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { dismissAll, notify } from '../ui/toast.tsx'
import { sessionActor } from './session.ts'

/** The floor's endpoints: the floor, warehouse and statuses areas' tables only, so the floor screens stay small. */
export const endpoints = { ...scanEndpoints, ...warehouseEndpoints, ...statusEndpoints }

export interface Reference {
  warehouses: ReadonlyArray<{ id: number; name: string }>
  workstationTypes: ReadonlyArray<{ id: number; name: string; code: string }>
}

/** Warehouses and workstation types (GET app/v1/warehouse, GET app/v1/warehouse/workstation-types). */
export const loadReference = async (): Promise<Reference> => {
  const [warehouses, workstationTypes] = await Promise.all([call(endpoints.warehouses), call(endpoints.workstationTypes)])
  return { warehouses, workstationTypes }
}

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

/** Says `feedback`: every message as a toast of its type for its duration, and the tone — each naming the scan's barcode (the big indicator is the screen machine's `indicator` child). */
export function announce(feedback: Feedback | null) {
  if (!feedback) return
  for (const m of feedback.messages) notify[m.type](aboutBarcode(feedback.barcode, m.text), m.duration)
  if (feedback.tone) play(feedback.tone)
}

/** Withdraws the toasts `announce(feedback)` showed, and no other. */
export function withdrawFeedback(feedback: Feedback | null) {
  for (const m of feedback?.messages ?? []) notify.dismiss(m.type, aboutBarcode(feedback!.barcode, m.text))
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
 * ApiError. The body and the reply are the endpoint's own (the client decodes the reply with its schema).
 */
export const scanCall = <E extends Endpoint, Body extends E['body']['Encoded'] = E['body']['Encoded']>(ep: E) =>
  fromPromise<ScanAnswer<NonNullable<SuccessBody<E>>>, Body>(async ({ input }) => {
    const r = await request(ep, input)
    return { status: r.status, data: r.data ?? null }
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

/**
 * Ends the person's work at their workstation (manual end, DELETE app/v1/warehouse/workflow): the
 * admin's sidebar item "end workstation" (menuActions.endWorkstation) and the button in the header
 * of every scanning screen (a worker's menu has no such item, and they must be able to leave a
 * station without logging out). Afterwards the person is on /set-workstation, free to scan another.
 */
export async function endWorkstation() {
  try {
    const r = await call(endpoints.endWorkflow, { type: 'manual' })
    notify.success(r.message || WAREHOUSE_MSG.workflowEnded)
    play('success')
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 419)) return
    notify.error(messagesOf(e instanceof ApiError ? e.data : undefined).join('<br>') || (e instanceof Error ? e.message : String(e)))
    play('error')
    return
  }
  // Leave the scanning screen first, so its workstation gate does not greet the person with
  // "scan a workstation first" for a workstation they have just given up on purpose.
  navigate(href('setWorkstation'))
  setTimeout(() => sessionActor.send({ type: 'WORKSTATION_CHANGED', workstation: null }), 0)
}
