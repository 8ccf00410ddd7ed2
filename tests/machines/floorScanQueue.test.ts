import { describe, expect, it } from 'vitest'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import {
  type QueuedScan, type ScanQueueContext, connectScanQueue, emptyScanQueue, processed, queueScan, refuseQueued, refuseScan, unreachable,
} from '../../machines/floorScanQueue.ts'

/**
 * The queue and the list of unprocessed barcodes that intake, sorting and resolve share (their
 * generated paths replay them inside the machines; these are the rules on their own): every
 * barcode is queued in order, or named on the list — never dropped.
 */
const scan = (code: string): QueuedScan => ({ type: 'SCANNED', code, instruction: false })
const start = (): ScanQueueContext => ({ ...emptyScanQueue, feedback: null })

describe('scanQueue', () => {
  it('queues scans in order up to SCANNER.queueMax; the next one is refused naming its barcode and listed', () => {
    let c = start()
    for (let i = 0; i < SCANNER.queueMax; i++) c = { ...c, ...queueScan(c, scan(`RE${i}`)) }
    expect(c.queue.map((q) => q.code)).toEqual(Array.from({ length: SCANNER.queueMax }, (_, i) => `RE${i}`))
    expect(c.unprocessed).toEqual([])
    const full = queueScan(c, scan('RE_OVER'))
    expect(full.queue).toBeUndefined()
    expect(full.unprocessed).toEqual([{ barcode: 'RE_OVER', reason: FLOOR_MSG.queueFull }])
    expect(full.feedback).toMatchObject({ barcode: 'RE_OVER', tone: 'warning' })
    expect(connectScanQueue({ ...c, ...full })).toEqual({ queued: SCANNER.queueMax, unprocessed: full.unprocessed })
  })

  it('a refused barcode is listed once, with its latest reason, and leaves the list when processed', () => {
    let c = start()
    c = { ...c, ...refuseScan(c, 'RE1', FLOOR_MSG.closeWindowFirst) }
    c = { ...c, ...refuseScan(c, 'RE2', FLOOR_MSG.closeWindowFirst, 'error') }
    expect(c.feedback).toMatchObject({ barcode: 'RE2', tone: 'error' })
    c = { ...c, ...refuseScan(c, 'RE1', FLOOR_MSG.queueFull) }
    expect(c.unprocessed).toEqual([{ barcode: 'RE2', reason: FLOOR_MSG.closeWindowFirst }, { barcode: 'RE1', reason: FLOOR_MSG.queueFull }])
    expect(processed(c, 'RE2').unprocessed).toEqual([{ barcode: 'RE1', reason: FLOOR_MSG.queueFull }])
    expect(processed(c, null).unprocessed).toBe(c.unprocessed)
  })

  it('when the workstation changes every queued scan is refused and named; an empty queue changes nothing', () => {
    const c = { ...start(), queue: [scan('RE1'), scan('RE2')], unprocessed: [{ barcode: 'RE0', reason: 'x' }] }
    expect(refuseQueued(c, 'zmiana')).toEqual({
      queue: [],
      unprocessed: [{ barcode: 'RE0', reason: 'x' }, { barcode: 'RE1', reason: 'zmiana' }, { barcode: 'RE2', reason: 'zmiana' }],
    })
    expect(refuseQueued(start(), 'zmiana')).toEqual({})
  })

  it('no answer or a server failure puts the parcel aside; a parcel answer does not', () => {
    expect([0, 500, 503].map(unreachable)).toEqual([true, true, true])
    expect([201, 204, 404, 409, 422].map(unreachable)).toEqual([false, false, false, false, false])
  })
})
