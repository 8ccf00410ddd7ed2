import { MSG } from '../src/contract/messages.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../src/contract/messages/warehouseAnswers.ts'
import { type ResolveReply, type ScanData, scanData } from '../src/contract/schemas/floor.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type ResolveAnswer, resolveProblematicMachine } from './floorResolveProblematic.ts'
import { DEMO_WORKSTATIONS, statusType, workflowOf } from './floorWorkstation.samples.ts'

/** Status types PRBL offers in the demo data (status_type/sorted_for_warehouse_select): resolved, and a known problem. */
export const PROBLEM_RESOLVED = statusType(61, 'Problem rozwiązany', null, 1)
export const KNOWN_PROBLEM = statusType(59, 'Wykryto znany problem', 'known_problem_detected')
/** The blocked-dispatch sector RE100000010 sits in, and the verification zone (code 14). */
export const BLOCKED_SECTOR = { id: 5, code: '5', name: 'Blokada nadawania' }
export const VERIFICATION_SECTOR_ID = 7

const data = (over: Partial<ScanData> = {}): ScanData => scanData({ parcel_id: 10, waybill: 'RE100000010', out_number: '-', accepted_scans: 3, ...over })
const reply = (status: number, message: string, d: ScanData): ResolveAnswer => ({
  status,
  data: { message, messages: [{ text: message, type: status === 202 ? 'info' : 'success', duration: 3000 }], data: { ...d, status_types: [PROBLEM_RESOLVED, KNOWN_PROBLEM] } } as ResolveReply,
})

export const resolveSamples = defineSamples(resolveProblematicMachine, {
  inputs: {
    'holding PRBL_01': { workstation: DEMO_WORKSTATIONS.PRBL_01 },
  },
  events: [
    doneActor('loadWorkflow', workflowOf(DEMO_WORKSTATIONS.PRBL_01, 3), 'PRBL_01, 3 scans'),
    doneActor('loadWorkflow', null, 'no workflow'),
    errorActor('loadWorkflow', httpError(500, { message: MSG.serverError }), '500'),
    named('RE100000010', { type: 'SCANNED', code: 'RE100000010', instruction: false }),
    // In no sector (422 from the real server); the e2e paths send it to a server that cannot be reached.
    named('RE100000001', { type: 'SCANNED', code: 'RE100000001', instruction: false }),
    named('EAN8', { type: 'ALARM', alarm: 'ean', length: 8 }),
    named('too fast', { type: 'ALARM', alarm: 'tooFast', length: 40 }),
    doneActor('resolve', reply(202, WAREHOUSE_ANSWER.parcelInSector(BLOCKED_SECTOR.name), data({ problematic_sector: BLOCKED_SECTOR })), '202 in sector'),
    doneActor('resolve', reply(200, WAREHOUSE_MSG.statusSet, data({ status_type_id: 61, accepted_scans: 4 })), '200 status given'),
    doneActor('resolve', (() => { const r = reply(200, WAREHOUSE_MSG.statusSet, data({ status_type_id: 61, accepted_scans: 4 })); return { ...r, data: { ...r.data!, messages: [] } } })(), '200 silent'),
    doneActor('resolve', { status: 204, data: null }, '204 repeated'),
    doneActor('loadSectors', [{ id: VERIFICATION_SECTOR_ID, warehouse_id: 1, code: '14', name: 'Strefa weryfikacji', internal: 1, status_type_id: 59, purpose: 'verification_zone', duplicated: false, parcels: 0 }], 'TYCHY sectors'),
    errorActor('loadSectors', new Error('offline'), 'sectors failed'),
    doneActor('resolve', { status: 205, data: null }, '205 workstation set'),
    errorActor('resolve', httpError(403, { message: WAREHOUSE_MSG.workstationRequired, messages: [], data: data({ workstation: null }) }), '403 no workstation'),
    errorActor('resolve', httpError(403, { message: WAREHOUSE_MSG.otherWorkstation, messages: [], data: data({ workstation: DEMO_WORKSTATIONS.PRZJ_01 }) }), '403 other workstation'),
    errorActor('resolve', httpError(422, { message: WAREHOUSE_ANSWER.notInSector, messages: [], data: data() }), '422 in no sector'),
    // The server cannot be reached: no answer at all.
    errorActor('resolve', new TypeError('Failed to fetch'), 'no connection'),
    named('status 61', { type: 'CHOOSE_STATUS', id: 61 }),
    named('status 59 (known problem)', { type: 'CHOOSE_STATUS', id: 59 }),
    named('status 999 (not offered)', { type: 'CHOOSE_STATUS', id: 999 }),
    named('verification zone', { type: 'CHOOSE_SECTOR', id: VERIFICATION_SECTOR_ID }),
    { type: 'SET' },
    { type: 'RESET' },
    { type: 'CLEAR_UNPROCESSED' },
  ],
  key: (c) => ({
    workstation: c.workstation?.code ?? null,
    acceptedScans: c.acceptedScans,
    barcode: c.barcode,
    sector: c.sector?.id ?? null,
    statusTypeId: c.statusTypeId,
    sectorId: c.sectorId,
    // Scans waiting for the one in flight (a burst while in flight, up to a full queue).
    queued: c.queue.length,
  }),
})
