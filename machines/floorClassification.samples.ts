import { MSG } from '../src/contract/messages.ts'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../src/contract/messages/warehouseAnswers.ts'
import { type Bucket, type ClassifyReply, type ScanData, type ScanMessage, scanData } from '../src/contract/schemas/floor.ts'
import { type ClassifyAnswer, classificationMachine } from './floorClassification.ts'
import { type FloorData } from './floorKit.ts'
import { message as msg } from './floorFailure.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { DEMO_SECTORS, DEMO_SHOP, DEMO_STATUSES } from './floorIntakeScan.samples.ts'
import { DEMO_WORKSTATIONS, workflowOf } from './floorWorkstation.samples.ts'

/**
 * Samples after docs/demo-data.md at SRTW_01: statuses 57 sorted, 58 handed to courier, 59 known and 60
 * unknown problem; the sorting answers of tests/server/warehouse/sorting.test.ts, named after the
 * barcodes that get them from the real server.
 */
export const sortingFloor = (acceptedScans = 0, w = DEMO_WORKSTATIONS.SRTW_01): FloorData => ({
  workflow: workflowOf(w, acceptedScans),
  statuses: [DEMO_STATUSES.sorted, DEMO_STATUSES.handedToCourier, DEMO_STATUSES.known, DEMO_STATUSES.unknown],
  sectors: Object.values(DEMO_SECTORS),
})

const data = (over: Partial<ScanData & { bucket: Bucket | null }>) => ({ ...scanData(), bucket: null, ...over })
const DPD_RO: Bucket = { name: 'DPD RO', identifier: 'DPD_RO' }
const sorted = (waybill: string, bucket: Bucket, extra: ScanMessage[] = [], over: Partial<ScanData> = {}): ClassifyAnswer => ({
  status: 201,
  data: {
    message: WAREHOUSE_ANSWER.sortInto(bucket.name),
    messages: [msg('info', WAREHOUSE_ANSWER.sortInto(bucket.name), WAREHOUSE.toastMs.sortingMessage), ...extra],
    data: data({ parcel_id: 1, waybill, out_number: '-', client: DEMO_SHOP, status_type_id: 57, bucket, accepted_scans: 1, ...over }),
  } satisfies ClassifyReply,
})

export const SORT_ANSWERS = {
  'RE100000001 201 DPD RO': sorted('RE100000001', DPD_RO),
  'RE100000008 201 multi-pack completed': sorted('RE100000008', DPD_RO, [msg('success', WAREHOUSE_ANSWER.multiPackSorted('RE100000007'), WAREHOUSE.toastMs.multiPackCompleted)], {
    completed_multi_pack_waybill: 'RE100000007',
  }),
  'sector set 201': {
    status: 201,
    data: { message: WAREHOUSE_MSG.sectorSet, messages: [msg('success', WAREHOUSE_MSG.sectorSet, WAREHOUSE.toastMs.sortingMessage)], data: data({ parcel_id: 9, waybill: 'RE100000009', status_type_id: 59, problematic_sector: DEMO_SECTORS.verification, accepted_scans: 2 }) },
  } as ClassifyAnswer,
  'repeat 204': { status: 204, data: null } as ClassifyAnswer,
  'SRTW_02 205': { status: 205, data: null } as ClassifyAnswer,
} as const

const fail = (status: number, message: string, over: Partial<ScanData> = {}) =>
  httpError(status, { message, messages: [msg('error', message, WAREHOUSE.toastMs.scanError)], data: data(over) })
const suggests = (statusId: number, sectorId: number | null) => ({ suggested_status_type_id: statusId, suggested_problematic_sector_id: sectorId })

/** The sorting screen's answer codes, as the real server answers it. */
export const SORT_FAILURES = {
  'RE100000006 402 alias': fail(402, WAREHOUSE_ANSWER.sortAliasNotAllowed, { waybill: 'RE100000006', ...suggests(59, DEMO_SECTORS.verification.id) }),
  '403 other workstation': fail(403, WAREHOUSE_MSG.otherWorkstation, { workstation: DEMO_WORKSTATIONS.PRZJ_01 }),
  '403 no workstation': fail(403, WAREHOUSE_MSG.workstationRequired),
  'UNKNOWN0001 404 not in system': fail(404, WAREHOUSE_ANSWER.notInSystem, suggests(60, DEMO_SECTORS.receiving.id)),
  'RE100000005 405 blocked': fail(405, WAREHOUSE_ANSWER.sortBlocked, { waybill: 'RE100000005', ...suggests(59, DEMO_SECTORS.blocked.id) }),
  'RE100000009 406 no bucket': fail(406, WAREHOUSE_ANSWER.sortNoBucket, { waybill: 'RE100000009' }),
  'RE100000004 410 deleted': fail(410, WAREHOUSE_ANSWER.sortDeleted, { waybill: 'RE100000004', ...suggests(59, DEMO_SECTORS.cancelled.id) }),
  'BUF00000001 412 multi-pack in buffer': fail(412, WAREHOUSE_ANSWER.sortMultiPackInBuffer, suggests(59, DEMO_SECTORS.waitingRoom.id)),
  '422 status required': httpError(422, { message: WAREHOUSE_ANSWER.statusRequired, messages: [], data: data({}), errors: { status_type_id: [WAREHOUSE_ANSWER.statusRequired] } }),
  'RE100000007 424 multi-pack incomplete': fail(424, WAREHOUSE_ANSWER.sortMultiPackIncomplete, { waybill: 'RE100000007', ...suggests(59, DEMO_SECTORS.waitingRoom.id) }),
  'RE100000001 425 too early': fail(425, WAREHOUSE_ANSWER.sortTooEarly, { waybill: 'RE100000001', ...suggests(60, DEMO_SECTORS.receiving.id) }),
  '500': httpError(500, { message: MSG.serverError }),
  /** The server cannot be reached: no answer at all. */
  'no connection': new TypeError('Failed to fetch'),
} as const

export const classificationSamples = defineSamples(classificationMachine, {
  inputs: { SRTW_01: { workstation: DEMO_WORKSTATIONS.SRTW_01 } },
  events: [
    doneActor('loadFloor', sortingFloor(5), 'SRTW_01, 5 scans'),
    doneActor('loadFloor', { workflow: null, statuses: [], sectors: [] } satisfies FloorData, 'no workstation'),
    doneActor('loadFloor', { workflow: workflowOf(DEMO_WORKSTATIONS.PRZJ_01), statuses: [DEMO_STATUSES.received], sectors: [] }, 'PRZJ_01'),
    errorActor('loadFloor', httpError(500, { message: MSG.serverError }), '500'),
    { type: 'RETRY' },
    named('RE100000001', { type: 'SCANNED', code: 'RE100000001', instruction: false }),
    named('RE100000009', { type: 'SCANNED', code: 'RE100000009', instruction: false }),
    named('too fast', { type: 'ALARM', alarm: 'tooFast', length: 40 }),
    ...Object.entries(SORT_ANSWERS).map(([name, out]) => doneActor('classify', out, name)),
    ...Object.entries(SORT_FAILURES).map(([name, err]) => errorActor('classify', err, name)),
    named('57 sorted', { type: 'SET_STATUS', statusTypeId: 57 }),
    named('59 known', { type: 'SET_STATUS', statusTypeId: 59 }),
    named('60 unknown', { type: 'SET_STATUS', statusTypeId: 60 }),
    named('blocked', { type: 'SET_SECTOR', sectorId: DEMO_SECTORS.blocked.id }),
    named('none', { type: 'SET_SECTOR', sectorId: null }),
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'RESET' },
    { type: 'CLEAR_UNPROCESSED' },
  ],
  key: (c) => ({
    ws: c.workstation.code,
    loaded: c.statuses.length > 0,
    status: c.statusTypeId,
    sector: c.sectorId !== null,
    problem: c.problem,
    // Whose answer the form holds, and the worker's own choice underneath (problem mode must not carry over).
    problemFor: c.problemFor,
    own: [c.own.statusTypeId, c.own.sectorId !== null],
    barcode: c.barcode !== null,
    switching: c.switching,
    // Scans waiting for the one in flight (a burst while in flight), up to two.
    queued: Math.min(c.queue.length, 2),
  }),
})
