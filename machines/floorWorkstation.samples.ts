import { MSG } from '../src/contract/messages.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../src/contract/messages/warehouseAnswers.ts'
import type { WorkstationRef } from '../src/contract/schemas/warehouse.ts'
import type { StatusType } from '../src/contract/schemas/statuses.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import type { FloorWorkflow } from './floorKit.ts'
import { type SetWorkstationResult, workstationMachine } from './floorWorkstation.ts'

/** Workstations of docs/demo-data.md (warehouse 1 TYCHY). */
const ws = (id: number, code: string, typeId: number, typeCode: string, name: string): WorkstationRef => ({
  id,
  code,
  type: { id: typeId, name, code: typeCode },
  warehouse: { id: 1, name: 'TYCHY' },
})
export const DEMO_WORKSTATIONS = {
  PRZJ_01: ws(1, 'PRZJ_01', 1, 'PRZJ', 'Przyjęcie'),
  ZWRT_01: ws(3, 'ZWRT_01', 2, 'ZWRT', 'Zwroty'),
  PRBL_01: ws(4, 'PRBL_01', 3, 'PRBL', 'Problemy'),
  SRTW_01: ws(5, 'SRTW_01', 4, 'SRTW', 'Sortowanie'),
} as const

/** A status type of the demo data (courier 1); internal when it has a system id unless told. */
export const statusType = (id: number, name: string, system_id: string | null, internal: StatusType['internal'] = system_id ? 1 : 0): StatusType => ({
  id,
  name,
  displayed_name: name,
  displayed_name_ro: name,
  internal,
  id_courier: 1,
  system_id,
  code: null,
  status_type_group_id: null,
})

export const workflowOf = (w: WorkstationRef, acceptedScans = 0): FloorWorkflow => ({
  id: 100 + w.id,
  start_at: '2025-01-01T08:00:00.000Z',
  accepted_scans: acceptedScans,
  workstation: w,
})
const setReply = (w: WorkstationRef): SetWorkstationResult => ({ message: WAREHOUSE_MSG.workstationSet, workstation: w, workflow: workflowOf(w) })

export const workstationSamples = defineSamples(workstationMachine, {
  inputs: {
    'no workstation': { workstation: null },
    'holding PRZJ_01': { workstation: DEMO_WORKSTATIONS.PRZJ_01 },
  },
  events: [
    named('PRZJ_01', { type: 'SCANNED', code: 'PRZJ_01', instruction: false }),
    named('XXXX_99', { type: 'SCANNED', code: 'XXXX_99', instruction: false }),
    doneActor('setWorkstation', setReply(DEMO_WORKSTATIONS.PRZJ_01), 'PRZJ_01'),
    doneActor('setWorkstation', setReply(DEMO_WORKSTATIONS.ZWRT_01), 'ZWRT_01'),
    doneActor('setWorkstation', setReply(DEMO_WORKSTATIONS.PRBL_01), 'PRBL_01'),
    doneActor('setWorkstation', setReply(DEMO_WORKSTATIONS.SRTW_01), 'SRTW_01'),
    errorActor('setWorkstation', httpError(404, { message: WAREHOUSE_MSG.workstationNotFound, messages: [] }), '404'),
    errorActor('setWorkstation', httpError(406, { message: WAREHOUSE_ANSWER.workstationRoleNotAllowed }), '406'),
    errorActor('setWorkstation', httpError(423, { message: WAREHOUSE_MSG.workstationTaken }), '423'),
    errorActor('setWorkstation', httpError(500, { message: MSG.serverError }), '500'),
    errorActor('setWorkstation', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
  ],
  key: (c) => ({ workstation: c.workstation?.code ?? null, target: c.target }),
})
