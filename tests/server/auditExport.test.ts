import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT, auditFileName } from '../../src/contract/constants/audit.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { AUDIT_MSG } from '../../src/contract/messages/audit.ts'
import { type Actor, record } from '../../src/server/domain/audit.ts'
import { warsawDay } from '../../src/server/domain/dates.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * GET audit/export: the filtered log as an XLSX, newest first, read back with exceljs — Polish
 * headers, the entry id and numeric entity ids as numbers, the time as a date cell, the changes
 * as "pole: stare → nowe" lines (a secret only "zmieniono"). More rows than one read of the
 * export (AUDIT.exportBatch) come out once each, in order.
 */
let t: TestApp
const actor: Actor = { id: null, email: 'eksport@example.com', address: '10.9.9.9' }
const MANY = AUDIT.exportBatch * 2 + 7

beforeAll(async () => {
  t = await startApp()
  await t.db.tx(async (q) => {
    await record(q, actor, { entity: 'client', entityId: 9001, action: 'update', changes: { name: ['Stara', 'Nowa'] } })
    await record(q, actor, { entity: 'client_parameter', entityId: '9001/3', action: 'create', changes: { code: [null, 'X1'] } })
    await record(q, actor, { entity: 'courier_credential', entityId: 9002, action: 'update', changes: { password: [null, AUDIT.secretChanged] } })
  })
  // Many rows at once (the export does not check the chain; record() would cost seconds here).
  await t.db.query(
    `insert into audit_log (id, at, user_id, user_email, address, entity, entity_id, action, changes, prev_hash, hash)
     select nextval('audit_log_id_seq'), now(), null, $1, $2, 'calendar_day', (50000 + i)::text, 'create', jsonb_build_object('day', jsonb_build_array(null, 'd' || i)), '', ''
       from generate_series(0, $3::int - 1) as i order by i`,
    [actor.email, actor.address, MANY],
  )
})
afterAll(() => t?.close())

const download = async (query: string, token: string | null = t.tokens.admin) =>
  t.app.request(`/api/${E.auditExport.path}?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })

const sheetOf = async (res: Response) => {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(await res.arrayBuffer())
  return book.worksheets[0]!
}
const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1)

describe('GET audit/export', () => {
  it("a client's entries (its parameters included): typed cells, Polish headers and labels, the secret only as changed", async () => {
    const res = await download('entity=client&entity_id=9001')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(auditFileName(warsawDay()))}`)
    const sheet = await sheetOf(res)
    expect(sheet.name).toBe(AUDIT_MSG.sheet)
    const C = AUDIT_MSG.columns
    expect(values(sheet, 1)).toEqual([C.entryId, C.at, C.who, C.address, C.entity, C.entityId, C.action, C.changes])
    expect(sheet.rowCount).toBe(3)
    const [param, client] = [values(sheet, 2), values(sheet, 3)]
    expect(param.slice(2)).toEqual([actor.email, actor.address, AUDIT_MSG.entities.client_parameter, '9001/3', AUDIT_MSG.actions.create, `code: ${AUDIT_MSG.none} → X1`])
    expect(client.slice(2)).toEqual([actor.email, actor.address, AUDIT_MSG.entities.client, 9001, AUDIT_MSG.actions.update, 'name: Stara → Nowa'])
    expect(typeof client[0]).toBe('number')
    expect(client[0]).toBeLessThan(param[0] as number)
    expect(client[1]).toBeInstanceOf(Date)
    expect(sheet.getRow(3).getCell(2).numFmt).toBe(AUDIT.xlsxDateTime)
    // The date cell holds Warsaw's wall-clock time: its day is today's Warsaw day.
    expect((client[1] as Date).toISOString().slice(0, 10)).toBe(warsawDay())

    const secret = await sheetOf(await download('entity=courier_credential&entity_id=9002'))
    expect(values(secret, 2)[7]).toBe(`password: ${AUDIT_MSG.secretChanged}`)
  })

  it('more rows than one read: each once, newest first; filters by e-mail fragment, text and days', async () => {
    const sheet = await sheetOf(await download(`entity=calendar_day&user_email=EKSPORT@&from=${warsawDay()}&to=${warsawDay()}`))
    expect(sheet.rowCount).toBe(MANY + 1)
    const ids = Array.from({ length: MANY }, (_, i) => values(sheet, i + 2)[5])
    expect(ids).toEqual(Array.from({ length: MANY }, (_, i) => 50_000 + MANY - 1 - i))
    const byText = await sheetOf(await download('text=d999'))
    expect(values(byText, 2)[5]).toBe(50_999)
    expect(byText.rowCount).toBe(2)
    expect((await sheetOf(await download('to=2000-01-01'))).rowCount).toBe(1)
  })

  it('a bad day is a Polish 422 on its field; only admins', async () => {
    const bad = await download('from=2026-02-30')
    expect(bad.status).toBe(422)
    expect(Object.keys((await bad.json()).errors)).toEqual(['from'])
    expect((await download('entity=nothing')).status).toBe(422)
    expect((await download('', t.tokens.worker)).status).toBe(403)
    expect((await download('', t.tokens.client)).status).toBe(403)
    expect((await download('', null)).status).toBe(401)
  })
})
