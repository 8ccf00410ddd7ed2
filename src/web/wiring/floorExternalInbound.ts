import { fromPromise } from 'xstate'
import { zonedDate } from '../../contract/time.ts'
import { type AcceptAnswer, externalInboundMachine } from '../../../machines/floorExternalInbound.ts'
import { call, request } from '../api/client.ts'
import { endpoints, floorActions, floorActors } from './floor.ts'
import { sessionActor } from './session.ts'

/** The external hand-over scanning screen's wiring (its own module, so other screens do not load this machine). */

/** The person's hand-overs accepted today, counted by the server. */
async function countToday(): Promise<number> {
  const userId = sessionActor.getSnapshot().context.session?.userId ?? null
  const page = await call(endpoints.externalInboundList, { start: 0, length: 1, criteria: { date: zonedDate(new Date()), scanned_by_user_id: userId } })
  return page.recordsFiltered
}

/** machines/floorExternalInbound.ts with its real actors. */
export const externalInboundScreen = externalInboundMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    loadCount: fromPromise(countToday),
    accept: fromPromise<AcceptAnswer, { barcode: string }>(async ({ input }) => {
      const r = await request(endpoints.externalInboundScan, { barcode: input.barcode })
      return { status: r.status, data: r.data, acceptedScans: await countToday().catch(() => null) }
    }),
  },
  actions: { announce: floorActions.announce },
})
