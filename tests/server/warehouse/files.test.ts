import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseInstruction } from '../../../src/contract/barcodes.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { WAREHOUSE_ANSWER } from '../../../src/contract/messages/warehouseAnswers.ts'
import { barcodesInPdf } from './code128.ts'
import { type Harness, one, startHarness } from './support.ts'

/** Tags (POST app/v1/tag), the re-paste label, and short-lived file tokens (GET app/v1/public_token). */
let h: Harness
let worker: string
let demoShop: number

beforeAll(async () => {
  h = await startHarness()
  worker = await h.login('worker@example.com')
  demoShop = (await one<{ id: number }>(h.db, `select id from clients where name = 'Demo Shop SRL'`)).id
})
afterAll(() => h?.close())

const pdfText = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5))

describe('tags', () => {
  it('workstation: a PDF named from type and value whose Code128 reads the workstation code; scanning it occupies', async () => {
    const res = await h.call(E.tag, { token: worker, body: { type: 'workstation', label: 'PRZJ_02 – przyjęcie', value: 'PRZJ_02' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''workstation_PRZJ_02.pdf`)
    expect(pdfText(res.bytes)).toBe('%PDF-')
    const [code] = barcodesInPdf(res.bytes)
    expect(code).toBe('PRZJ_02')
    expect((await h.call(E.parcelScan, { token: worker, body: { barcode: code } })).status).toBe(205)
  })

  it('client: the barcode is an internal instruction that selects the client at intake (202)', async () => {
    const res = await h.call(E.tag, { token: worker, body: { type: 'client', label: 'Demo Shop SRL', value: demoShop } })
    expect(res.headers.get('content-disposition')).toContain(`client_${demoShop}.pdf`)
    const [code] = barcodesInPdf(res.bytes)
    expect(parseInstruction(code!)).toEqual({ text: 'Demo Shop SRL', payload: { client_id: demoShop } })
    const scan = await h.call(E.parcelScan, { token: worker, body: { barcode: code } })
    expect(scan.status).toBe(202)
    expect(scan.body.data.client).toEqual({ id: demoShop, name: 'Demo Shop SRL' })
  })

  it('problematic_sector: the barcode names the sector; unknown targets are 404', async () => {
    const s14 = await one<{ id: number }>(h.db, `select id from problematic_sectors where code = '14'`)
    const res = await h.call(E.tag, { token: worker, body: { type: 'problematic_sector', label: '', value: String(s14.id) } })
    expect(res.status).toBe(200)
    const [code] = barcodesInPdf(res.bytes)
    const decoded = await h.call(E.internalInstructionCode, { token: worker, body: { code } })
    expect(decoded.body.data).toEqual({ client: null, problematic_sector: { id: s14.id, code: '14', name: 'Strefa weryfikacji' } })
    expect((await h.call(E.tag, { token: worker, body: { type: 'client', label: 'x', value: 999999 } })).status).toBe(404)
    expect((await h.call(E.tag, { token: worker, body: { type: 'workstation', label: 'x', value: 'PRZJ_99' } })).status).toBe(404)
    expect((await h.call(E.tag, { token: worker, body: { type: 'nope', label: 'x', value: 1 } })).status).toBe(422)
  })
})

describe('file tokens and the re-paste label', () => {
  it('a token from GET public_token opens the label without the bearer header; the label carries the outbound number', async () => {
    const tok = await h.call(E.publicToken, { token: worker })
    expect(tok.body.public_token).toMatch(/^[\w-]{40,}$/)
    expect(Date.parse(tok.body.expires_at)).toBeGreaterThan(Date.now())
    const res = await h.call(E.parcelRepasteLabel, { params: { internalNumber: 'RE100000002' }, query: { _public_token: tok.body.public_token } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''RE100000002_re-paste.pdf`)
    expect(barcodesInPdf(res.bytes).sort()).toEqual(['80012345678902', 'RE100000002'])
    // Reusable within its lifetime (a PDF viewer may fetch twice).
    expect((await h.call(E.parcelRepasteLabel, { params: { internalNumber: 'RE100000002' }, query: { _public_token: tok.body.public_token } })).status).toBe(200)
  })

  it('no token, a wrong or expired token: 401; a client token on a staff file: 403; unknown parcel 404', async () => {
    expect((await h.call(E.parcelRepasteLabel, { params: { internalNumber: 'RE100000002' } })).status).toBe(401)
    expect((await h.call(E.parcelRepasteLabel, { params: { internalNumber: 'RE100000002' }, query: { _public_token: 'x'.repeat(43) } })).status).toBe(401)
    const tok = await h.call(E.publicToken, { token: worker })
    await h.db.query(`update public_tokens set expires_at = now() - interval '1 second'`)
    expect((await h.call(E.parcelRepasteLabel, { params: { internalNumber: 'RE100000002' }, query: { _public_token: tok.body.public_token } })).status).toBe(401)
    const client = await h.login('client@example.com')
    const ctok = await h.call(E.publicToken, { token: client })
    expect((await h.call(E.parcelRepasteLabel, { params: { internalNumber: 'RE100000002' }, query: { _public_token: ctok.body.public_token } })).status).toBe(403)
    // A file token is not a session: it opens nothing but file endpoints.
    const wtok = await h.call(E.publicToken, { token: worker })
    expect((await h.call(E.whoami, { token: wtok.body.public_token })).status).toBe(401)
    const missing = await h.call(E.parcelRepasteLabel, { token: worker, params: { internalNumber: 'RE999999999' } })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe(WAREHOUSE_ANSWER.parcelNotFound)
  })
})

describe('scan-to-find (/parcel-search)', () => {
  it('resolves any number to the parcel; clients only their own, without internal statuses', async () => {
    const a = await h.call(E.parcelSearchScan, { token: worker, params: { barcode: '80012345678902' } })
    const b = await h.call(E.parcelSearchScan, { token: worker, params: { barcode: '1000RE1000000020101001001001' } })
    expect(a.body).toMatchObject({ internal_number: 'RE100000002', client: { name: 'Demo Shop SRL' }, last_status: 'Przesyłka zarejestrowana' })
    expect(b.body.id).toBe(a.body.id)
    const client = await h.login('client@example.com')
    expect((await h.call(E.parcelSearchScan, { token: client, params: { barcode: 'RE100000002' } })).status).toBe(200)
    expect((await h.call(E.parcelSearchScan, { token: client, params: { barcode: 'RE100000005' } })).status).toBe(404)
    expect((await h.call(E.parcelSearchScan, { token: worker, params: { barcode: 'NOPE' } })).status).toBe(404)
  })
})
