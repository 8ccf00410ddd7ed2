import { MSG } from '../src/contract/messages.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../src/contract/messages/warehouseAnswers.ts'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { type ClientRef } from '../src/contract/schemas/common.ts'
import { type ScanData, scanData, type ScanMessage, type ScanReply } from '../src/contract/schemas/floor.ts'
import { type Sector } from '../src/contract/schemas/warehouse.ts'
import { type FloorData } from './floorKit.ts'
import { message as msg } from './floorFailure.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type IntakeAnswer, intakeScanMachine } from './floorIntakeScan.ts'
import { DEMO_WORKSTATIONS, statusType, workflowOf } from './floorWorkstation.samples.ts'

/**
 * Samples after the statuses PRZJ offers (55 received, 59 known problem, 60 unknown
 * problem), the TYCHY sectors, Demo Shop SRL, and the intake answers of the docs/demo-data.md parcel table
 * (RE100000001 201, RE100000002/3 re-paste, RE100000004 409, RE100000005 208 blocked, RE100000010
 * 206, 1ONB24000010001 203, UNKNOWN0001 208 without client ...). The e2e test drives a generated
 * path on the real page, so each answer is named after the barcode that gets it from the real server.
 */
export const DEMO_STATUSES = {
  received: statusType(55, 'Przyjęta na magazyn', null),
  sorted: statusType(57, 'Posortowana', null),
  handedToCourier: statusType(58, 'Wydana kurierowi', null),
  known: statusType(59, 'Wykryto znany problem', 'known_problem_detected'),
  unknown: statusType(60, 'Wykryto nieznany problem', 'unknown_problem_detected'),
} as const

const sector = (id: number, code: string, name: string, status_type_id: number, purpose: string | null): Sector => ({
  id,
  warehouse_id: 1,
  code,
  name,
  internal: 1,
  status_type_id,
  purpose,
  duplicated: code === '3' || code === '4',
  parcels: 0,
})
export const DEMO_SECTORS = {
  receiving: sector(1, '1', 'Stanowisko przyjęć – przesyłki spoza systemu', 60, 'receiving'),
  cancelled: sector(2, '2', 'Przesyłki anulowane', 59, 'cancelled'),
  duplicated: sector(3, '3', 'Zduplikowane przesyłki', 59, 'duplicated'),
  blocked: sector(5, '5', 'Blokada nadawania', 59, 'blocked_dispatch'),
  waitingRoom: sector(6, '6', 'Poczekalnia wielopaków', 59, 'multi_pack_waiting_room'),
  verification: sector(7, '14', 'Strefa weryfikacji', 59, 'verification_zone'),
} as const

export const DEMO_SHOP: ClientRef = { id: 1, name: 'Demo Shop SRL' }

export const intakeFloor = (acceptedScans = 0, w = DEMO_WORKSTATIONS.PRZJ_01): FloorData => ({
  workflow: workflowOf(w, acceptedScans),
  statuses: [DEMO_STATUSES.received, DEMO_STATUSES.known, DEMO_STATUSES.unknown],
  sectors: Object.values(DEMO_SECTORS),
})

const answer = (status: number, message: string, messages: ScanMessage[], d: Partial<ScanData>): IntakeAnswer => ({
  status,
  data: { message, messages, data: scanData(d) } satisfies ScanReply,
})
const parcel = (id: number, waybill: string, over: Partial<ScanData> = {}): Partial<ScanData> => ({
  parcel_id: id,
  waybill,
  out_number: '-',
  client: DEMO_SHOP,
  status_type_id: 55,
  accepted_scans: 1,
  ...over,
})

/** The answers of the real server to docs/demo-data.md barcodes (tests/server/warehouse/intake.test.ts), by barcode. */
export const INTAKE_ANSWERS = {
  'RE100000001 201': answer(201, WAREHOUSE_MSG.statusSet, [], parcel(1, 'RE100000001')),
  'RE100000002 201 re-paste': answer(201, WAREHOUSE_MSG.statusSet, [], parcel(2, 'RE100000002', { out_number: '80012345678902', re_pasting_required: true })),
  'RE100000003 201 re-paste, no out number': answer(201, WAREHOUSE_MSG.statusSet, [], parcel(3, 'RE100000003', { re_pasting_required: true })),
  'RE100000005 201 sector set': answer(201, WAREHOUSE_MSG.sectorSet, [], parcel(5, 'RE100000005', { status_type_id: 59, problematic_sector: DEMO_SECTORS.blocked })),
  'RE100000007 201 multi-pack waiting': answer(201, WAREHOUSE_ANSWER.multiPackIncomplete, [msg('warning', WAREHOUSE_ANSWER.multiPackIncomplete, WAREHOUSE.toastMs.scanMessages)], parcel(7, 'RE100000007')),
  'instruction 202': answer(202, WAREHOUSE_ANSWER.clientSet, [msg('success', WAREHOUSE_ANSWER.clientSet, WAREHOUSE.toastMs.confirmation)], { client: DEMO_SHOP }),
  '1ONB24000010001 203': answer(203, WAREHOUSE_ANSWER.externalInboundRecognised, [msg('info', WAREHOUSE_ANSWER.externalInboundRecognised, WAREHOUSE.toastMs.confirmation)], {
    external_inbound: { id: 11, barcode: '1ONB24000010001' },
  }),
  'repeat 204': { status: 204, data: null } as IntakeAnswer,
  'PRZJ_02 205': { status: 205, data: null } as IntakeAnswer,
  'RE100000010 206': answer(206, WAREHOUSE_ANSWER.problemResolved('Blokada nadawania'), [msg('success', WAREHOUSE_ANSWER.problemResolved('Blokada nadawania'), WAREHOUSE.toastMs.scanMessages)], parcel(10, 'RE100000010')),
  'RE100000005 208 blocked': answer(208, WAREHOUSE_ANSWER.blockedDispatch, [msg('warning', WAREHOUSE_ANSWER.blockedDispatch, WAREHOUSE.toastMs.blockedDispatch)], {
    ...parcel(5, 'RE100000005', { accepted_scans: 0, status_type_id: null }),
    client: { id: 2, name: 'Blocked Goods SRL' },
    suggested_status_type_id: 59,
    suggested_problematic_sector_id: DEMO_SECTORS.blocked.id,
  }),
  'UNKNOWN0001 208 no client': answer(208, WAREHOUSE_ANSWER.notInSystem, [msg('warning', WAREHOUSE_ANSWER.notInSystem, WAREHOUSE.toastMs.scanMessages)], {
    suggested_status_type_id: 60,
    suggested_problematic_sector_id: DEMO_SECTORS.receiving.id,
  }),
  'suggested status only 208': answer(208, WAREHOUSE_ANSWER.notCleared, [msg('warning', WAREHOUSE_ANSWER.notCleared, WAREHOUSE.toastMs.scanMessages)], {
    ...parcel(9, 'RE100000009', { accepted_scans: 0 }),
    suggested_status_type_id: 60,
  }),
  'no info yet 208': answer(208, WAREHOUSE_ANSWER.noInfoYet, [msg('info', WAREHOUSE_ANSWER.noInfoYet, WAREHOUSE.toastMs.scanMessages)], parcel(9, 'RE100000009', { accepted_scans: 0 })),
} as const

/** Error bodies of the real server (ScanErrorBody). */
const errorBody = (message: string, d: Partial<ScanData> = {}, extra: Record<string, unknown> = {}) => ({
  message,
  messages: [msg('error', message, WAREHOUSE.toastMs.scanError)],
  data: scanData(d),
  ...extra,
})
export const INTAKE_FAILURES = {
  '403 no workstation': httpError(403, errorBody(WAREHOUSE_MSG.workstationRequired)),
  '403 other workstation': httpError(403, errorBody(WAREHOUSE_MSG.otherWorkstation, { workstation: DEMO_WORKSTATIONS.SRTW_01 })),
  'RE100000004 409 deleted': httpError(
    409,
    errorBody(WAREHOUSE_ANSWER.deletedParcel, { ...parcel(4, 'RE100000004'), suggested_status_type_id: 59, suggested_problematic_sector_id: DEMO_SECTORS.cancelled.id }),
  ),
  '422 status not offered': httpError(422, errorBody(WAREHOUSE_ANSWER.statusNotOffered, {}, { errors: { id_status_type: [WAREHOUSE_ANSWER.statusNotOffered] } })),
  'XXXX_99 404 workstation': httpError(404, errorBody(WAREHOUSE_MSG.workstationNotFound)),
  '422 suggested status only': httpError(422, errorBody(WAREHOUSE_ANSWER.notCleared, { suggested_status_type_id: 59 })),
  '500': httpError(500, { message: MSG.serverError }),
  /** The server cannot be reached: no answer at all. */
  'no connection': new TypeError('Failed to fetch'),
} as const

export const intakeScanSamples = defineSamples(intakeScanMachine, {
  inputs: { 'PRZJ_01': { workstation: DEMO_WORKSTATIONS.PRZJ_01 } },
  events: [
    doneActor('loadFloor', intakeFloor(3), 'PRZJ_01, 3 scans'),
    doneActor('loadFloor', { workflow: null, statuses: [], sectors: [] } satisfies FloorData, 'no workstation'),
    doneActor('loadFloor', { ...intakeFloor(0, DEMO_WORKSTATIONS.SRTW_01), statuses: [DEMO_STATUSES.sorted, DEMO_STATUSES.known] }, 'SRTW_01'),
    errorActor('loadFloor', httpError(500, { message: MSG.serverError }), '500'),
    { type: 'RETRY' },
    named('RE100000005', { type: 'SCANNED', code: 'RE100000005', instruction: false }),
    named('UNKNOWN0001', { type: 'SCANNED', code: 'UNKNOWN0001', instruction: false }),
    named('EAN8', { type: 'ALARM', alarm: 'ean', length: 8 }),
    ...Object.entries(INTAKE_ANSWERS).map(([name, out]) => doneActor('submitScan', out, name)),
    ...Object.entries(INTAKE_FAILURES).map(([name, err]) => errorActor('submitScan', err, name)),
    named('55', { type: 'SET_STATUS', statusTypeId: 55 }),
    named('59 known', { type: 'SET_STATUS', statusTypeId: 59 }),
    named('60 unknown', { type: 'SET_STATUS', statusTypeId: 60 }),
    named('TYCHY', { type: 'SET_WHERE', where: 'TYCHY' }),
    { type: 'OPEN_SECTORS' },
    named('blocked', { type: 'SET_SECTOR', sectorId: DEMO_SECTORS.blocked.id }),
    named('3 duplicated', { type: 'SET_SECTOR', sectorId: DEMO_SECTORS.duplicated.id }),
    { type: 'CONFIRM_SECTOR' },
    { type: 'CANCEL_SECTOR' },
    { type: 'CHOOSE_CLIENT' },
    doneActor('chooseClient', { client: DEMO_SHOP, barcode: 'UNKNOWN0001' }, 'Demo Shop SRL for UNKNOWN0001'),
    doneActor('chooseClient', { client: DEMO_SHOP, barcode: null }, 'Demo Shop SRL'),
    doneActor('chooseClient', { client: null, barcode: null }, 'cancelled'),
    errorActor('chooseClient', new Error('stopped'), 'failed'),
    named('barcode', { type: 'CLEAR_SECTION', section: 'barcode' }),
    named('client', { type: 'CLEAR_SECTION', section: 'client' }),
    named('status', { type: 'CLEAR_SECTION', section: 'status' }),
    named('dimensions', { type: 'CLEAR_SECTION', section: 'dimensions' }),
    named('RE100000001', { type: 'EDIT_DIMENSIONS', parcelId: 1, values: { weight: '1.2', length: '30', height: '20', width: '10' } }),
    named('no parcel', { type: 'EDIT_DIMENSIONS', parcelId: null, values: { weight: '', length: '', height: '', width: '' } }),
    doneActor('dimensions', { saved: { id: 1, weight: 2, length: 40, height: 20, width: 10 } }, 'saved'),
    doneActor('dimensions', { saved: null }, 'closed'),
    errorActor('dimensions', new Error('stopped'), 'failed'),
    doneActor('repasteLabel', '/api/app/v1/parcel/RE100000002/label/re-paste?_public_token=t', 'url'),
    errorActor('repasteLabel', httpError(500, { message: MSG.serverError }), '500'),
    { type: 'RESET' },
    { type: 'CLEAR_UNPROCESSED' },
  ],
  key: (c) => ({
    ws: c.workstation.code,
    loaded: c.statuses.length > 0,
    status: c.statusTypeId,
    sector: c.sectorId !== null,
    where: c.where !== '',
    problem: c.problem,
    // Whose answer the form holds, and the worker's own choice underneath (problem mode must not carry over).
    problemFor: c.problemFor,
    own: [c.own.statusTypeId, c.own.sectorId !== null],
    switching: c.switching,
    // Scans waiting for the one in flight (a burst while in flight), up to two.
    queued: Math.min(c.queue.length, 2),
    // Why the last barcode named as not processed was (refused, or the server unreachable).
    listed: c.unprocessed.at(-1)?.reason ?? null,
  }),
})
