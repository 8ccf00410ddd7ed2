import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { INVOICING } from '../../src/contract/constants/invoicing.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { INVOICING_MSG } from '../../src/contract/messages/invoicing.ts'
import { addDays, today } from '../../src/server/domain/calendar.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * A month closed end to end: who is invoiced (only clients with a billing period), the trigger
 * refused for a future date and previewed first, a giant_amount shipment that, once reviewed,
 * lets the invoice proceed with its charge stored, the statement flagged as used (and what a
 * client sees of statements), the shipment's invoices, and a price change after sending that
 * makes a correction invoice instead of rewriting the sent one. The PDF carries what a Polish
 * VAT invoice must.
 */

let h: TestApp
beforeAll(async () => {
  h = await startApp()
}, 60_000)
afterAll(() => h?.close())

const admin = () => h.tokens.admin
const SETTLED = ['missing_client_id', 'report_validation_error', 'send', 'no_difference']
async function reaches(id: number, states: string[] = SETTLED, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const [r] = await h.db.query<{ status: string; error_message: string | null }>(`select status, error_message from invoices where id = $1`, [id])
    if (states.includes(r!.status)) return r!.status
    if (Date.now() > until) throw new Error(`invoice ${id} still ${r!.status} (${r!.error_message})`)
    await new Promise((res) => setTimeout(res, 200))
  }
}
const originalOf = async (name: string) =>
  (await h.db.query<{ id: number }>(`select i.id from invoices i join clients c on c.id = i.client_id where c.name = $1 and i.corrects_id is null`, [name]))[0]
async function pdfText(data: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: true }).promise
  let text = ''
  for (let i = 1; i <= doc.numPages; i++) {
    const c = await (await doc.getPage(i)).getTextContent()
    text += c.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n'
  }
  return text
}

/** Demo Shop's shipment of last month made a giant: one parcel of 1000 kg. */
let giantWaybill = ''

describe('a month closed end to end', () => {
  it('item 2: a trigger date after today is refused (422 on trigger_date), nothing is made', async () => {
    const res = await h.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: addDays(today(), 1) } })
    expect(res.status).toBe(422)
    expect(res.body.errors.trigger_date).toEqual([INVOICING_MSG.triggerInFuture])
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from invoices`))[0]!.n).toBe(0)
    const preview = await h.call(E.invoiceTriggerPreview, { token: admin(), body: { trigger_date: addDays(today(), 1) } })
    expect(preview.status).toBe(422)
  })

  it('item 2 + 9: the preview names how many clients will be invoiced: only clients with a billing period', async () => {
    const res = await h.call(E.invoiceTriggerPreview, { token: admin(), body: { trigger_date: today() } })
    expect(res.status).toBe(200)
    // Demo Shop, Budapest Kft and Sofia EOOD have a billing period and shipments last month; the generated clients have no period.
    expect(res.body.clients).toBe(3)
    expect(res.body.message).toBe(INVOICING_MSG.triggerConfirm(3))
    expect(INVOICING_MSG.triggerConfirm(1)).toMatch(/1 klienta\b/)
    expect(INVOICING_MSG.triggerConfirm(3)).toMatch(/3 klientów\b/)
  })

  it('item 9: triggering invoices only clients with a billing period', async () => {
    const [demo] = await h.db.query<{ id: string; waybill: string }>(
      `select s.id, s.internal_waybill as waybill from shipments s join clients c on c.id = s.client_id
        where c.name = 'Demo Shop SRL' and s.deleted_at is null and s.destination_country_id = 1
          and s.created_at >= date_trunc('month', date_trunc('month', now() at time zone 'Europe/Warsaw') - interval '1 day') at time zone 'Europe/Warsaw'
          and s.created_at < date_trunc('month', now() at time zone 'Europe/Warsaw') at time zone 'Europe/Warsaw'
          and (select count(*) from parcels p where p.shipment_id = s.id) = 1
        order by s.id limit 1`,
    )
    giantWaybill = demo!.waybill
    await h.db.query(`update parcels set weight_declared = 1000, weight_measured = 1000 where shipment_id = $1`, [demo!.id])
    const res = await h.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: today() } })
    expect(res.status).toBe(200)
    expect(res.body.created.length).toBe(3)
    expect(res.body.message).toBe(INVOICING_MSG.triggered(3))
    const names = (await h.db.query<{ name: string }>(`select c.name from invoices i join clients c on c.id = i.client_id order by c.name`)).map((r) => r.name)
    expect(names).toEqual(['Budapest Kft', 'Demo Shop SRL', 'Sofia EOOD'])
  })

  it('item 8: the count is said in proper Polish', () => {
    expect(INVOICING_MSG.triggered(1)).toBe('Utworzono 1 fakturę')
    expect(INVOICING_MSG.triggered(3)).toBe('Utworzono 3 faktury')
    expect(INVOICING_MSG.triggered(35)).toBe('Utworzono 35 faktur')
    expect(INVOICING_MSG.triggered(22)).toBe('Utworzono 22 faktury')
  })

  it('item 3: a giant_amount stops the invoice; reviewing it lets the statement validate and the invoice proceed with the charge', async () => {
    const inv = (await originalOf('Demo Shop SRL'))!
    expect(await reaches(inv.id)).toBe('report_validation_error')
    const errors = (await h.call(E.invoiceValidationErrors, { token: admin(), params: { id: inv.id } })).body
    expect(errors.map((e: { type: string }) => e.type)).toEqual(['giant_amount'])
    // The giant's charge is stored all the same (finance tab, statement row).
    const charges = await h.call(E.shipmentAccountedAmounts, { token: admin(), params: { internalNumber: giantWaybill } })
    expect(charges.body.accounted_amounts.main).not.toBeNull()
    const review = await h.call(E.invoiceReview, { token: admin(), params: { id: inv.id }, body: { id: errors[0].id, reviewed: true } })
    expect(review.status).toBe(200)
    expect(await reaches(inv.id)).toBe('send')
    const detail = (await h.call(E.invoiceGet, { token: admin(), params: { id: inv.id } })).body
    expect(detail.exportedFile.status).toBe('verified')
    // The giant's charge is counted in the invoice.
    const [sum] = await h.db.query<{ net: string }>(
      `select sum(a.amount)::numeric(14, 2)::text as net from shipments s join accounted_amounts a on a.shipment_id = s.id and a.kind in ('main', 'after_service')
        where s.client_id = $1 and s.deleted_at is null
          and s.created_at >= $2::date::timestamp at time zone 'Europe/Warsaw' and s.created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw'`,
      [detail.invoice.client_id, detail.invoice.period_from, detail.invoice.period_to],
    )
    expect(detail.invoice.net_amount).toBe(sum!.net)
  }, 180_000)

  it('item 5: the statement the invoice used is flagged; a client sees only statements used for an invoice, plus its own reports', async () => {
    const inv = (await originalOf('Demo Shop SRL'))!
    const detail = (await h.call(E.invoiceGet, { token: admin(), params: { id: inv.id } })).body
    const [flag] = await h.db.query<{ used: boolean }>(`select used_for_invoice as used from exports where uuid = $1`, [detail.invoice.exported_file])
    expect(flag!.used).toBe(true)
    // A draft statement ordered by hand for the same period: not for the client's eyes.
    const demoId = detail.invoice.client_id
    const draft = await h.call(E.exportOrder, { token: admin(), body: { type: 'billing', client_id: demoId, start: detail.invoice.period_from, end: detail.invoice.period_to, re_account: false } })
    expect(draft.status).toBe(201)
    const seen = await h.call(E.exportLatest, { token: h.tokens.client, body: { draw: 1, start: 0, length: 100 } })
    const uuids = seen.body.data.map((e: { uuid: string }) => e.uuid)
    expect(uuids).toContain(detail.invoice.exported_file)
    expect(uuids).not.toContain(draft.body.uuid)
    expect((await h.call(E.exportFind, { token: h.tokens.client, params: { uuid: draft.body.uuid } })).status).toBe(404)
    // The flag of a statement an issued invoice used cannot be cleared by hand.
    const [exp] = await h.db.query<{ id: number }>(`select id from exports where uuid = $1`, [detail.invoice.exported_file])
    expect((await h.call(E.exportUsedForInvoice, { token: admin(), body: { id: exp!.id, used_for_invoice: false } })).status).toBe(409)
  })

  it('item 4: the shipment lists the invoice it is on', async () => {
    const inv = (await originalOf('Demo Shop SRL'))!
    const [row] = await h.db.query<{ invoice_number: string; issue_date: string }>(`select invoice_number, to_char(issue_date, 'YYYY-MM-DD') as issue_date from invoices where id = $1`, [inv.id])
    const res = await h.call(E.shipmentInvoices, { token: admin(), params: { internalNumber: giantWaybill } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual([{ id: inv.id, number: row!.invoice_number, issue_date: row!.issue_date }])
  })

  it('item 7: the PDF carries seller and buyer NIP, bank account, quantity, unit, unit net price, VAT, pl-PL amounts', async () => {
    const inv = (await originalOf('Demo Shop SRL'))!
    const [row] = await h.db.query<{ pdf: Uint8Array; total: string; lines: { net: string; count: number }[] }>(`select pdf, total_amount::text as total, lines from invoices where id = $1`, [inv.id])
    const text = await pdfText(row!.pdf)
    const { sellerFromEnv } = await import('../../src/server/domain/invoicing/seller.ts')
    const seller = sellerFromEnv({})
    expect(text).toContain(seller.nip)
    expect(text).toContain(seller.bankAccount)
    expect(text).toContain('RO1000000') // Demo Shop's tax id
    expect(text).toContain('NIP')
    expect(text).toContain('Cena jedn. netto')
    expect(text).toContain('Jm.')
    const pl = (v: string) => new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v))
    expect(text).toContain(pl(row!.total))
    expect(pl(row!.total)).toContain(',')
    expect(text).not.toContain(row!.total.includes('.') && Number(row!.total) >= 1000 ? row!.total : '\u0000')
    expect(sellerFromEnv({ INVOICE_SELLER_NIP: '1234563218' }).nip).toBe('1234563218')
  })

  let correctionId = 0
  it('item 1: re-issuing a sent invoice makes a correction invoice; the sent one stays as it was', async () => {
    const inv = (await originalOf('Demo Shop SRL'))!
    const before = (await h.db.query<Record<string, unknown>>(`select invoice_number, issue_date, total_amount, lines, email_id, status, pdf from invoices where id = $1`, [inv.id]))[0]!
    const detail = (await h.call(E.invoiceGet, { token: admin(), params: { id: inv.id } })).body
    expect(detail.reissueEffect).toBe('correction')
    // A price change after sending.
    await h.db.query(`update operational_price_list_thresholds set base_amount = base_amount + 1 where price_list_id in (select id from operational_price_lists where name = 'Demo Shop – Rumunia')`)
    const res = await h.call(E.invoiceReissue, { token: admin(), body: { id: inv.id } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(INVOICING_MSG.correctionOrdered(String(before.invoice_number)))
    const [corr] = await h.db.query<{ id: number }>(`select id from invoices where corrects_id = $1`, [inv.id])
    expect(corr).toBeDefined()
    correctionId = corr!.id
    expect(await reaches(correctionId)).toBe('send')
    const after = (await h.db.query<Record<string, unknown>>(`select invoice_number, issue_date, total_amount, lines, email_id, status, pdf from invoices where id = $1`, [inv.id]))[0]!
    expect(after).toEqual(before)
    const c = (await h.call(E.invoiceGet, { token: admin(), params: { id: correctionId } })).body
    expect(c.invoice.invoice_number).toMatch(new RegExp(`^${INVOICING.correctionPrefix}/1/\\d{4}$`))
    expect(c.invoice.corrects_number).toBe(before.invoice_number)
    expect(c.reissueEffect).toBe('correction')
    const [diff] = await h.db.query<{ ok: boolean; positive: boolean }>(
      `select (select sum((l->>'net')::numeric) from jsonb_array_elements(c.lines) l) = c.net_amount as ok, c.net_amount > 0 as positive from invoices c where c.id = $1`,
      [correctionId],
    )
    expect(diff).toEqual({ ok: true, positive: true })
    const [line] = await h.db.query<{ before: string; after: string; net: string }>(
      `select l->'before'->>'net' as before, l->'after'->>'net' as after, l->>'net' as net from invoices, jsonb_array_elements(lines) l where id = $1 and l->>'kind' = 'main'`,
      [correctionId],
    )
    const [check] = await h.db.query<{ ok: boolean }>(`select $2::numeric - $1::numeric = $3::numeric as ok`, [line!.before, line!.after, line!.net])
    expect(check!.ok).toBe(true)
    const mail = await h.mails('faktury@demoshop.example.com')
    expect(mail.at(-1)!.subject).toBe(INVOICING_MSG.correctionMailSubject(c.invoice.invoice_number, String(before.invoice_number)))
    const pdf = await pdfText((await h.db.query<{ pdf: Uint8Array }>(`select pdf from invoices where id = $1`, [correctionId]))[0]!.pdf)
    expect(pdf).toContain(String(before.invoice_number))
    expect(pdf).toContain('korygująca')
    // The shipment is on both.
    const on = await h.call(E.shipmentInvoices, { token: admin(), params: { internalNumber: giantWaybill } })
    expect(on.body.map((i: { number: string }) => i.number)).toEqual([before.invoice_number, c.invoice.invoice_number])
  }, 180_000)

  it('item 1: re-issuing again with nothing changed makes no correction to send; an invoice never issued is recomputed in place', async () => {
    const inv = (await originalOf('Demo Shop SRL'))!
    const res = await h.call(E.invoiceReissue, { token: admin(), body: { id: correctionId } })
    expect(res.status).toBe(200)
    const rows = await h.db.query<{ id: number }>(`select id from invoices where corrects_id = $1 order by id`, [inv.id])
    expect(rows.length).toBe(2)
    expect(await reaches(rows[1]!.id)).toBe('no_difference')
    expect((await h.db.query<{ n: string | null }>(`select invoice_number as n from invoices where id = $1`, [rows[1]!.id]))[0]!.n).toBeNull()

    const budapest = (await originalOf('Budapest Kft'))!
    expect(await reaches(budapest.id)).toBe('missing_client_id')
    expect((await h.call(E.invoiceGet, { token: admin(), params: { id: budapest.id } })).body.reissueEffect).toBe('recompute')
    const again = await h.call(E.invoiceReissue, { token: admin(), body: { id: budapest.id } })
    expect(again.status).toBe(200)
    expect(again.body.message).toBe(INVOICING_MSG.reissued)
    expect((await h.db.query(`select 1 from invoices where corrects_id = $1`, [budapest.id])).length).toBe(0)
  }, 120_000)

  it('item 3: a new giant found by a correction, reviewed in the export list, lets the correction go on; the first giant stays reviewed', async () => {
    const inv = (await originalOf('Demo Shop SRL'))!
    const [period] = await h.db.query<{ from: string; to: string; client_id: number }>(
      `select to_char(period_from, 'YYYY-MM-DD') as from, to_char(period_to, 'YYYY-MM-DD') as to, client_id from invoices where id = $1`,
      [inv.id],
    )
    const [other] = await h.db.query<{ id: number }>(
      `select s.id from shipments s where s.client_id = $1 and s.deleted_at is null and s.destination_country_id = 1 and s.internal_waybill <> $4
          and s.created_at >= $2::date::timestamp at time zone 'Europe/Warsaw' and s.created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw'
          and (select count(*) from parcels p where p.shipment_id = s.id) = 1
        order by s.id desc limit 1`,
      [period!.client_id, period!.from, period!.to, giantWaybill],
    )
    await h.db.query(`update parcels set weight_declared = 1000, weight_measured = 1000 where shipment_id = $1`, [other!.id])
    expect((await h.call(E.invoiceReissue, { token: admin(), body: { id: inv.id } })).status).toBe(200)
    const [corr] = await h.db.query<{ id: number }>(`select id from invoices where corrects_id = $1 order by id desc limit 1`, [inv.id])
    expect(await reaches(corr!.id)).toBe('report_validation_error')
    const errors = (await h.call(E.invoiceValidationErrors, { token: admin(), params: { id: corr!.id } })).body
    expect(errors.map((e: { type: string; reviewed: boolean }) => [e.type, e.reviewed]).sort()).toEqual([['giant_amount', false], ['giant_amount', true]])
    const uuid = (await h.call(E.invoiceGet, { token: admin(), params: { id: corr!.id } })).body.invoice.exported_file
    const statementErrors = (await h.call(E.exportValidationErrors, { token: admin(), params: { uuid } })).body
    expect(statementErrors.filter((e: { reviewed: boolean }) => e.reviewed).length).toBe(1)
    const open = statementErrors.find((e: { reviewed: boolean }) => !e.reviewed)
    expect((await h.call(E.exportReview, { token: admin(), body: { id: open.validationErrorId, reviewed: true } })).status).toBe(200)
    expect(await reaches(corr!.id)).toBe('send')
    expect((await h.call(E.invoiceGet, { token: admin(), params: { id: corr!.id } })).body.exportedFile.status).toBe('verified')
  }, 180_000)
})
