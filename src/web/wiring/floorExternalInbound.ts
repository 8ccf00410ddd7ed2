import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { zonedDate } from '../../contract/time.ts'
import { type AcceptAnswer, type ExternalInboundEvent, externalInboundMachine } from '../../../machines/floorExternalInbound.ts'
import { call, request } from '../api/client.ts'
import { floorRecordEndpoints } from '../../contract/endpoints/floorRecords.ts'
import { endpoints, floorActions, floorActors } from './floor.ts'
import { pageKey } from './floorDom.ts'
import { sessionActor } from './session.ts'

/** The external hand-over scanning screen's wiring (its own module, so other screens do not load this machine). */

/** The person's hand-overs accepted today, counted by the server. */
async function countToday(): Promise<number> {
  const userId = sessionActor.getSnapshot().context.session?.userId ?? null
  const page = await call(floorRecordEndpoints.externalInboundList, { start: 0, length: 1, criteria: { date: zonedDate(new Date()), scanned_by_user_id: userId } })
  return page.recordsFiltered
}

/**
 * The page's keys with no field focused (a document listener while the screen lives): a scanner
 * types into the page itself, so every key of one character and Enter go to the machine. Keys typed
 * into a field (the manual field), a select or an open window are left to it.
 */
export const inboundPageKeys = fromCallback<EventObject, undefined, ExternalInboundEvent>(({ sendBack }) => {
  const onKey = (e: KeyboardEvent) => {
    if (!pageKey(e)) return
    if (e.key === 'Enter') {
      e.preventDefault()
      sendBack({ type: 'PAGE_ENTER' })
    } else if (e.key.length === 1) {
      e.preventDefault()
      sendBack({ type: 'PAGE_KEY', key: e.key })
    }
  }
  document.addEventListener('keydown', onKey)
  return () => document.removeEventListener('keydown', onKey)
})

/** machines/floorExternalInbound.ts with its real actors. */
export const externalInboundScreen = externalInboundMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    pageKeys: inboundPageKeys,
    loadCount: fromPromise(countToday),
    accept: fromPromise<AcceptAnswer, { barcode: string }>(async ({ input }) => {
      const r = await request(endpoints.externalInboundScan, { barcode: input.barcode })
      return { status: r.status, data: r.data, acceptedScans: await countToday().catch(() => null) }
    }),
  },
  actions: { announce: floorActions.announce },
})
