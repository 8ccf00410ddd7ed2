import { type EventObject, enqueueActions } from 'xstate'
import { SCANNER } from '../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../src/contract/messages/floor.ts'
import { type Feedback, feedback } from './floorKit.ts'

/**
 * What every scanning screen does with a scan it cannot send now: a scan that arrives while another
 * is on its way waits in a short queue (in order, SCANNER.queueMax at most) and is sent next; a scan
 * that cannot be taken (a window is open, the queue is full, the form is not complete, the server
 * could not be reached) is refused out loud naming its barcode and stays on the screen's list of
 * unprocessed barcodes until it is scanned again with success or the list is cleared. Queued scans
 * wait while a window opened by the answer before them is open, and go when it closes. So every
 * barcode the scanner typed is either sent once or named — never dropped without a word.
 */

export type QueuedScan = { type: 'SCANNED'; code: string; instruction: boolean }

export interface Unprocessed {
  barcode: string
  reason: string
}

export interface ScanQueueContext {
  queue: readonly QueuedScan[]
  unprocessed: readonly Unprocessed[]
  feedback: Feedback | null
}

export const emptyScanQueue = { queue: [] as readonly QueuedScan[], unprocessed: [] as readonly Unprocessed[] }

const listed = (list: readonly Unprocessed[], barcode: string, reason: string) => [...list.filter((u) => u.barcode !== barcode), { barcode, reason }]

/** The barcode refused, named in a warning and kept on the list. */
export const refuseScan = (c: Pick<ScanQueueContext, 'unprocessed'>, barcode: string, reason: string, tone: 'warning' | 'error' = 'warning'): Pick<ScanQueueContext, 'unprocessed' | 'feedback'> => ({
  unprocessed: listed(c.unprocessed, barcode, reason),
  feedback: feedback.about(barcode, tone === 'error' ? feedback.error(reason) : feedback.warning(reason)),
})

/** Every queued scan refused (the workstation changed under them): each named on the screen's list. */
export const refuseQueued = (c: Pick<ScanQueueContext, 'unprocessed' | 'queue'>, reason: string): Partial<ScanQueueContext> =>
  c.queue.length ? { queue: [], unprocessed: c.queue.reduce((list, q) => listed(list, q.code, reason), c.unprocessed) } : {}

/** A scan arriving while one is in flight: queued, or refused when the queue is full. */
export const queueScan = (c: ScanQueueContext, scan: QueuedScan): Partial<ScanQueueContext> =>
  c.queue.length < SCANNER.queueMax ? { queue: [...c.queue, scan] } : refuseScan(c, scan.code, FLOOR_MSG.queueFull)

/** A barcode processed at last leaves the list. */
export const processed = (c: Pick<ScanQueueContext, 'unprocessed'>, barcode: string | null): Pick<ScanQueueContext, 'unprocessed'> => ({
  unprocessed: barcode === null ? c.unprocessed : c.unprocessed.filter((u) => u.barcode !== barcode),
})

/** The server gave no answer (no connection) or failed itself: the parcel is put aside, not a parcel problem. */
export const unreachable = (status: number) => status === 0 || status >= 500

/** What the screen shows of the queue and the list. */
export const connectScanQueue = (c: Pick<ScanQueueContext, 'queue' | 'unprocessed'>) => ({
  queued: c.queue.length,
  unprocessed: c.unprocessed,
})

/** The screen's own actions the queue's actions call: say the refusal (toasts, sound) and show it (the big indicator). */
type Announcing = { type: 'announce'; params: undefined } | { type: 'indicate'; params: undefined }

/**
 * The queue's actions, the same on every scanning screen whose machine names `announce` and
 * `indicate`: the next queued scan raised as if scanned now, a scan queued (or refused out loud
 * when the queue is full), a scan refused while a window is open or while the workstation's data
 * loads, a barcode leaving the list once its scan is answered. `asEvent` is the identity on the screen's side: it proves a queued scan is
 * one of the screen's events.
 */
export function scanQueueActions<C extends ScanQueueContext & { barcode: string | null }, E extends EventObject>(asEvent: (scan: QueuedScan) => E) {
  const scanned = (event: EventObject): QueuedScan | null => (event.type === 'SCANNED' ? (event as QueuedScan) : null)
  const patch = (p: Partial<ScanQueueContext>) => p as Partial<C>
  return {
    nextQueued: enqueueActions<C, E, undefined, E, never, Announcing, never, never, never>(({ context, enqueue }) => {
      const [next, ...rest] = context.queue
      if (!next) return
      enqueue.assign(patch({ queue: rest }))
      enqueue.raise(asEvent(next))
    }),
    queueScan: enqueueActions<C, E, undefined, E, never, Announcing, never, never, never>(({ context, event, enqueue }) => {
      const scan = scanned(event)
      if (!scan) return
      const next = queueScan(context, scan)
      enqueue.assign(patch(next))
      if (next.feedback) {
        enqueue('announce')
        enqueue('indicate')
      }
    }),
    refuseInWindow: enqueueActions<C, E, undefined, E, never, Announcing, never, never, never>(({ context, event, enqueue }) => {
      const scan = scanned(event)
      if (!scan) return
      enqueue.assign(patch(refuseScan(context, scan.code, FLOOR_MSG.closeWindowFirst)))
      enqueue('announce')
      enqueue('indicate')
    }),
    /** A scan while the workstation's data loads is refused, named. */
    refuseBusy: enqueueActions<C, E, undefined, E, never, Announcing, never, never, never>(({ context, event, enqueue }) => {
      const scan = scanned(event)
      if (scan) enqueue.assign(patch(refuseScan(context, scan.code, FLOOR_MSG.busy, 'error')))
    }),
    processedScan: enqueueActions<C, E, undefined, E, never, Announcing, never, never, never>(({ context, event, enqueue }) => {
      if (event.type.startsWith('xstate.done.actor.')) enqueue.assign(patch(processed(context, context.barcode)))
    }),
  }
}
