import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { WAREHOUSE_ADMIN_MSG } from '../../../src/contract/messages/warehouseAdmin.ts'
import { SetWorkstationReply, WorkstationRow } from '../../../src/contract/schemas/warehouse.ts'
import { decode } from '../../../src/contract/validation.ts'
import { type Harness, one, startHarness } from './support.ts'

/** Workstations (/set-workstation, /workstations-list, /workstation/{id}). */
let h: Harness
let admin: string
let worker: string
let worker2: string
let workerId: number

const set = (code: string, token = worker) => h.call(E.setWorkstation, { token, body: { code } })
const ws = async (code: string) => one<{ id: number; active_user_id: number | null }>(h.db, `select id, active_user_id from workstations where code = $1 and deleted_at is null`, [code])

beforeAll(async () => {
  h = await startHarness()
  admin = await h.login('admin@example.com')
  worker = await h.login('worker@example.com')
  worker2 = await h.login('worker2@example.com')
  workerId = (await one<{ id: number }>(h.db, `select id from users where email = 'worker@example.com'`)).id
})
afterAll(() => h?.close())

describe('/set-workstation', () => {
  it('success: message and the workstation (type code for the redirect); whoami keeps its workstation shape', async () => {
    const res = await set('PRZJ_01')
    expect(res.status).toBe(200)
    const d = decode(SetWorkstationReply, res.body)
    expect(d.ok).toBe(true)
    expect(res.body).toMatchObject({
      message: WAREHOUSE_MSG.workstationSet,
      workstation: { code: 'PRZJ_01', type: { code: 'PRZJ', name: 'Przyjęcie' }, warehouse: { id: 1, name: 'TYCHY' } },
      workflow: { accepted_scans: 0 },
    })
    const who = await h.call(E.whoami, { token: worker })
    expect(who.body.workstation).toEqual(res.body.workstation)
    expect(who.body.user.workstation).toEqual(res.body.workstation)
  })

  it('404 "Stanowisko nie istnieje!", 423 "Stanowisko jest już zajęte!", 406 with the server message', async () => {
    const missing = await set('PRZJ_77')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(WAREHOUSE_MSG.workstationNotFound)
    const taken = await set('PRZJ_01', worker2)
    expect(taken.status).toBe(423)
    expect(taken.body.message).toBe(WAREHOUSE_MSG.workstationTaken)
    await h.db.query(`update workstation_types set allowed_roles = '{0}' where code = 'PRBL'`)
    const refused = await set('PRBL_01', worker2)
    expect(refused.status).toBe(406)
    expect(refused.body.message).toBe(WAREHOUSE_ANSWER.workstationRoleNotAllowed)
    expect((await set('PRBL_01', admin)).status).toBe(200)
    await h.db.query(`update workstation_types set allowed_roles = '{0,1}' where code = 'PRBL'`)
    const client = await h.login('client@example.com')
    expect((await set('PRZJ_02', client)).status).toBe(403)
  })

  it('occupying another ends the previous workflow (switch); holding it again keeps the workflow', async () => {
    const before = await one<{ id: number }>(h.db, `select id from workflows where user_id = $1 and end_at is null`, [workerId])
    expect((await set('PRZJ_01')).body.workflow.id).toBe(before.id)
    expect((await set('SRTW_01')).status).toBe(200)
    const ended = await one<{ end_type: string }>(h.db, `select end_type from workflows where id = $1`, [before.id])
    expect(ended.end_type).toBe('switch')
    expect((await ws('PRZJ_01')).active_user_id).toBeNull()
    expect((await ws('SRTW_01')).active_user_id).toBe(workerId)
  })

  it('ending manually; an admin ends another worker (200) or hears "Stanowisko jest aktualnie wolne"', async () => {
    expect((await set('PRZJ_02', worker2)).status).toBe(200)
    const byUser = await h.call(E.endWorkflowByAdmin, { token: admin, body: { user_id: workerId, type: 'admin' } })
    expect(byUser.body).toEqual({ message: WAREHOUSE_MSG.workstationCleared })
    expect((await ws('SRTW_01')).active_user_id).toBeNull()
    const free = await h.call(E.endWorkflowByAdmin, { token: admin, body: { user_id: workerId, type: 'admin' } })
    expect(free.status).toBe(409)
    expect(free.body.message).toBe(WAREHOUSE_MSG.workstationFree)
    const byWs = await h.call(E.endWorkflowByAdmin, { token: admin, body: { workstation_id: (await ws('PRZJ_02')).id } })
    expect(byWs.status).toBe(200)
    const freeWs = await h.call(E.endWorkflowByAdmin, { token: admin, body: { workstation_id: (await ws('PRZJ_02')).id } })
    expect(freeWs.body.message).toBe(WAREHOUSE_MSG.workstationFree)
    expect((await h.call(E.endWorkflowByAdmin, { token: worker, body: { user_id: workerId } })).status).toBe(403)
    expect((await set('PRZJ_01')).status).toBe(200)
    expect((await h.call(E.endWorkflow, { token: worker, body: { type: 'manual' } })).body).toEqual({ message: WAREHOUSE_MSG.workflowEnded, ended: true })
    expect((await h.call(E.endWorkflow, { token: worker, body: { type: 'manual' } })).body.ended).toBe(false)
    expect((await h.call(E.currentWorkflow, { token: worker })).body).toEqual({ workflow: null })
    const types = await h.db.query<{ end_type: string }>(`select end_type from workflows where user_id = $1 order by id`, [workerId])
    expect(types.map((t) => t.end_type)).toEqual(['switch', 'admin', 'manual'])
  })

  it('logout ends the workflow (end type logout)', async () => {
    const token = await h.login('worker@example.com')
    expect((await set('ZWRT_01', token)).status).toBe(200)
    expect((await h.call(E.logout, { token })).status).toBe(200)
    const last = await one<{ end_type: string }>(h.db, `select end_type from workflows where user_id = $1 order by id desc limit 1`, [workerId])
    expect(last.end_type).toBe('logout')
    expect((await ws('ZWRT_01')).active_user_id).toBeNull()
  })
})

describe('workstation management (admin)', () => {
  let createdId: number

  it('lists: full-info by warehouse and type (free/occupied with holder e-mail), by-type, warehouses and types', async () => {
    expect((await set('SRTW_02', worker2)).status).toBe(200)
    const all = await h.call(E.workstationsFullInfo, { token: admin, params: { warehouse: 1, type: 'all' } })
    expect(all.body.map((w: { code: string }) => w.code)).toEqual(['PRBL_01', 'PRZJ_01', 'PRZJ_02', 'SRTW_01', 'SRTW_02', 'ZWRT_01'])
    for (const row of all.body) expect(decode(WorkstationRow, row).ok).toBe(true)
    const sorting = await h.call(E.workstationsFullInfo, { token: admin, params: { warehouse: 1, type: 4 } })
    expect(sorting.body.map((w: { code: string; free: boolean; employee: unknown }) => [w.code, w.free, w.employee])).toEqual([
      ['SRTW_01', true, null],
      ['SRTW_02', false, { id: expect.any(Number), email: 'worker2@example.com' }],
    ])
    expect((await h.call(E.workstationsFullInfo, { token: admin, params: { warehouse: 2, type: 'all' } })).body).toEqual([])
    expect((await h.call(E.workstationsFullInfo, { token: worker, params: { warehouse: 1, type: 'all' } })).status).toBe(403)
    expect((await h.call(E.workstationsByType, { token: worker, params: { warehouse: 1, type: 1 } })).body.map((w: { code: string }) => w.code)).toEqual(['PRZJ_01', 'PRZJ_02'])
    expect((await h.call(E.warehouses, { token: worker })).body).toEqual([{ id: 1, name: 'TYCHY' }])
    expect((await h.call(E.workstationTypes, { token: worker })).body.map((t: { code: string }) => t.code)).toEqual(['PRZJ', 'ZWRT', 'PRBL', 'SRTW'])
  })

  it('create: 201; 422 "Błąd podczas dodawania stanowiska" for a code not of the type form or taken', async () => {
    const res = await h.call(E.workstationStore, { token: admin, body: { warehouse_id: 1, workstation_type_id: 1, code: 'przj_03' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ message: WAREHOUSE_ADMIN_MSG.workstationAdded, workstation: { code: 'PRZJ_03', free: true } })
    createdId = res.body.workstation.id
    const wrongForm = await h.call(E.workstationStore, { token: admin, body: { warehouse_id: 1, workstation_type_id: 1, code: 'SRTW_09' } })
    expect(wrongForm.status).toBe(422)
    expect(wrongForm.body).toMatchObject({ message: WAREHOUSE_ADMIN_MSG.workstationAddError, errors: { code: [WAREHOUSE_ADMIN_MSG.workstationCodeFormat('PRZJ')] } })
    const dup = await h.call(E.workstationStore, { token: admin, body: { warehouse_id: 1, workstation_type_id: 1, code: 'PRZJ_01' } })
    expect(dup.body.errors.code).toContain(WAREHOUSE_ADMIN_MSG.workstationCodeTaken)
    const missing = await h.call(E.workstationStore, { token: admin, body: { warehouse_id: 1, code: 'PRZJ_04' } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors.workstation_type_id).toBeDefined()
    expect((await h.call(E.workstationStore, { token: worker, body: { warehouse_id: 1, workstation_type_id: 1, code: 'PRZJ_05' } })).status).toBe(403)
  })

  it('edit: 200 when free, 409 while occupied; get by id', async () => {
    const edited = await h.call(E.workstationUpdate, { token: admin, body: { id: createdId, warehouse_id: 1, workstation_type_id: 2, code: 'ZWRT_03' } })
    expect(edited.body).toMatchObject({ message: WAREHOUSE_ADMIN_MSG.workstationEdited, workstation: { code: 'ZWRT_03', type: { code: 'ZWRT' } } })
    expect((await set('ZWRT_03')).status).toBe(200)
    const busy = await h.call(E.workstationUpdate, { token: admin, body: { id: createdId, warehouse_id: 1, workstation_type_id: 2, code: 'ZWRT_04' } })
    expect(busy.status).toBe(409)
    const got = await h.call(E.workstationGet, { token: admin, params: { id: createdId } })
    expect(got.body).toMatchObject({ code: 'ZWRT_03', free: false, employee: { email: 'worker@example.com' } })
  })

  it('workflow table of a workstation and workflow history by employee and type, sorted by column 4 (end) desc', async () => {
    const table = await h.call(E.workstationWorkflow, { token: admin, params: { id: createdId } })
    expect(table.body).toHaveLength(1)
    expect(table.body[0]).toMatchObject({ code: 'ZWRT_03', email: 'worker@example.com', end_at: null, end_type: null })
    const list = await h.call(E.workflowList, { token: admin, body: { start: 0, length: 5, criteria: { user_id: workerId } } })
    expect(list.body.recordsFiltered).toBeGreaterThanOrEqual(5)
    expect(list.body.data).toHaveLength(5)
    expect(list.body.data[0].end_at).toBeNull()
    const ends = list.body.data.slice(1).map((r: { end_at: string }) => r.end_at)
    expect([...ends].sort().reverse()).toEqual(ends)
    const byType = await h.call(E.workflowList, { token: admin, body: { start: 0, length: 25, criteria: { workstation_type_id: 4 } } })
    expect(byType.body.data.every((r: { workstation_type: { code: string } }) => r.workstation_type.code === 'SRTW')).toBe(true)
    const open = await h.call(E.workflowList, { token: admin, body: { start: 0, length: 25, criteria: { in_use: true } } })
    expect(open.body.data.map((r: { email: string }) => r.email).sort()).toEqual(['admin@example.com', 'worker2@example.com', 'worker@example.com'])
    const byEmail = await h.call(E.workflowList, { token: admin, body: { start: 0, length: 25, order: [{ column: 3, dir: 'asc' }], search: { value: 'worker2' } } })
    expect(byEmail.body.data.every((r: { email: string }) => r.email === 'worker2@example.com')).toBe(true)
    const employees = await h.call(E.employeesEmails, { token: admin, body: { roles: [0, 1] } })
    expect(employees.body.map((e: { email: string }) => e.email)).toEqual(['admin@example.com', 'worker2@example.com', 'worker@example.com'])
  })

  it('delete: the holder is sent off (end type admin), the workstation disappears, its history stays', async () => {
    const res = await h.call(E.workstationDelete, { token: admin, body: { workstation_id: createdId } })
    expect(res.body).toEqual({ message: WAREHOUSE_ADMIN_MSG.workstationDeleted })
    expect((await h.call(E.workstationGet, { token: admin, params: { id: createdId } })).status).toBe(404)
    expect((await h.call(E.currentWorkflow, { token: worker })).body.workflow).toBeNull()
    const wf = await one<{ end_type: string }>(h.db, `select end_type from workflows where workstation_id = $1`, [createdId])
    expect(wf.end_type).toBe('admin')
    expect((await set('ZWRT_03')).status).toBe(404)
    // The code is free again for a new workstation.
    expect((await h.call(E.workstationStore, { token: admin, body: { warehouse_id: 1, workstation_type_id: 2, code: 'ZWRT_03' } })).status).toBe(201)
  })

  it('status types offered per workstation type and by system id', async () => {
    const intake = await h.call(E.statusTypesForWarehouse, { token: worker, params: { id: 1 } })
    expect(intake.body.map((s: { id: number }) => s.id)).toEqual([55, 59, 60])
    expect(intake.body[0]).toMatchObject({ id: 55, name: 'Przyjęta na magazyn', displayed_name_ro: 'Colet recepționat în depozit', internal: 0, id_courier: 1 })
    const known = await h.call(E.statusTypeBySystemId, { token: worker, params: { systemId: 'known_problem_detected' } })
    expect(known.body).toMatchObject({ id: 59, system_id: 'known_problem_detected', internal: 1 })
    expect((await h.call(E.statusTypeBySystemId, { token: worker, params: { systemId: 'nope' } })).status).toBe(404)
  })
})
