import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATE_MSG } from '../../src/contract/validation.ts'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { INVOICING } from '../../src/contract/constants/invoicing.ts'
import { endpoints as E } from '../../src/contract/endpoints.ts'
import { INVOICING_MSG } from '../../src/contract/messages/invoicing.ts'
import { MSG } from '../../src/contract/messages.ts'
import { formatMoney } from '../../src/contract/format.ts'
import { formatDate } from '../../src/contract/time.ts'
import { addDays, isWeekend, nextWorkingDay, today } from '../../src/server/domain/calendar.ts'
import { issueInvoice } from '../../src/server/domain/invoicing/index.ts'
import { latestDuePeriod, periodContaining } from '../../src/server/domain/invoicing/periods.ts'
import { externalInvoicing, invoicingSystemFromEnv, sandboxInvoicing } from '../../src/server/domain/invoicing/system.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * Invoicing: billing periods, every call × role × bad input, and the walk on the demo data —
 * which status each demo client's invoice reaches, the PDF read back, the e-mail with the PDF in
 * the outbox, gap-free numbering under concurrent issuers, re-issue, reviews, 409 for buffer
 * parcels, and a second trigger that makes nothing.
 */

let h: TestApp
beforeAll(async () => {
  h = await startApp()
}, 60_000)
afterAll(() => h?.close())

const admin = () => h.tokens.admin
const clientId = async (name: string) => (await h.db.query<{ id: number }>(`select id from clients where name = $1`, [name]))[0]!.id
const invoiceOf = async (name: string) =>
  (await h.db.query<{ id: number; status: string }>(`select i.id, i.status from invoices i join clients c on c.id = i.client_id where c.name = $1 and i.corrects_id is null order by i.id desc limit 1`, [name]))[0]

/** Where an invoice's walk stops (an issued invoice with an e-mail address goes on to send). */
const SETTLED = ['missing_client_id', 'report_validation_error', 'send']
/** Waits until the invoice reaches one of `states` (its jobs run on the app's own queue). */
async function reaches(id: number, states: string[] = SETTLED, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const [r] = await h.db.query<{ status: string; error_message: string | null }>(`select status, error_message from invoices where id = $1`, [id])
    if (states.includes(r!.status)) return r!.status
    if (Date.now() > until) throw new Error(`invoice ${id} still ${r!.status} (${r!.error_message})`)
    await new Promise((res) => setTimeout(res, 200))
  }
}

async function pdfText(data: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: true }).promise
  let text = ''
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i)
    const c = await page.getTextContent()
    text += c.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n'
  }
  return text
}

describe('the walk on the demo data', () => {
  const trigger = today()
  let created: number[] = []

  it('trigger today: one invoice per client with shipments in its last billing period', async () => {
    const res = await h.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: trigger } })
    expect(res.status).toBe(200)
    created = res.body.created
    expect(created.length).toBeGreaterThan(2)
    expect(res.body.message).toBe(INVOICING_MSG.triggered(created.length))
  })

  it('Demo Shop: sent; Budapest Kft: missing_client_id; Sofia EOOD: report_validation_error', async () => {
    const statuses: Record<string, string> = {}
    for (const name of ['Demo Shop SRL', 'Budapest Kft', 'Sofia EOOD']) {
      const inv = await invoiceOf(name)
      expect(inv, name).toBeDefined()
      statuses[name] = await reaches(inv!.id)
    }
    expect(statuses).toEqual({ 'Demo Shop SRL': 'send', 'Budapest Kft': 'missing_client_id', 'Sofia EOOD': 'report_validation_error' })
  }, 120_000)

  it('Demo Shop\'s invoice: numbered, dated, amounts from its statement with 23 % VAT, due on a working day', async () => {
    const inv = (await invoiceOf('Demo Shop SRL'))!
    const res = await h.call(E.invoiceGet, { token: admin(), params: { id: inv.id } })
    expect(res.status).toBe(200)
    const i = res.body.invoice
    expect(i.invoice_number).toMatch(new RegExp(`^${INVOICING.numberPrefix}/\\d+/${trigger.slice(0, 4)}$`))
    expect(i.external_id).toBe('DS-0001')
    expect(i.issue_date).toBe(today())
    expect(i.payment_to_date! >= addDays(i.issue_date!, INVOICING.paymentTermDays)).toBe(true)
    expect(isWeekend(i.payment_to_date!)).toBe(false)
    // The period: last calendar month (monthly), due by today.
    expect(i.period_from.slice(8)).toBe('01')
    expect(addDays(i.period_to, 1).slice(8)).toBe('01')
    expect(i.period_to < trigger).toBe(true)
    // Amounts: the sum of the statement's main and after-service charges, VAT 23 %, exact.
    const [sum] = await h.db.query<{ net: string; n: number }>(
      `select coalesce(sum(a.amount), 0)::numeric(14, 2)::text as net, count(distinct s.id)::int as n
         from shipments s join accounted_amounts a on a.shipment_id = s.id and a.kind in ('main', 'after_service')
        where s.client_id = $1 and s.deleted_at is null
          and s.created_at >= $2::date::timestamp at time zone 'Europe/Warsaw' and s.created_at < ($3::date + 1)::timestamp at time zone 'Europe/Warsaw'`,
      [i.client_id, i.period_from, i.period_to],
    )
    expect(sum!.n).toBeGreaterThan(0)
    expect(i.net_amount).toBe(sum!.net)
    const [check] = await h.db.query<{ ok: boolean }>(`select ($1::numeric + $2::numeric = $3::numeric) and $2::numeric = round($1::numeric * 0.23, 2) as ok`, [i.net_amount, i.vat_amount, i.total_amount])
    expect(check!.ok).toBe(true)
    expect(res.body.exportedFile).toMatchObject({ identifier: i.exported_file, status: 'validated' })
    expect(res.body.email.recipients).toEqual([{ name: 'Demo Shop SRL', address: 'faktury@demoshop.example.com', sent_at: null }])
    expect(res.body.reissuable).toBe(true)
  })

  it('the PDF read back: number, client, external id, period, total', async () => {
    const inv = (await invoiceOf('Demo Shop SRL'))!
    const res = await h.request('GET', `app/v1/invoice/${inv.id}/download`, { token: admin() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/pdf')
    const [row] = await h.db.query<{ invoice_number: string; total_amount: string; currency: string; period_from: string; period_to: string; pdf: Uint8Array }>(
      `select invoice_number, total_amount::text, currency, to_char(period_from, 'YYYY-MM-DD') as period_from, to_char(period_to, 'YYYY-MM-DD') as period_to, pdf from invoices where id = $1`,
      [inv.id],
    )
    const text = await pdfText(row!.pdf)
    expect(text).toContain(row!.invoice_number)
    expect(text).toContain('Demo Shop SRL')
    expect(text).toContain('DS-0001')
    expect(text).toContain(`${formatDate(row!.period_from)} – ${formatDate(row!.period_to)}`)
    expect(text).toContain(formatMoney(row!.total_amount, row!.currency))
    expect(text).toContain('23%')
  })

  it('the e-mail waits in the outbox with the same PDF attached', async () => {
    const inv = (await invoiceOf('Demo Shop SRL'))!
    const [mail] = await h.db.query<{ to_address: string; subject: string; body: string; filename: string; content_type: string; data: Uint8Array; pdf: Uint8Array; invoice_number: string }>(
      `select o.to_address, o.subject, o.body, a.filename, a.content_type, a.data, i.pdf, i.invoice_number
         from invoices i join outbox o on o.id = i.email_id join outbox_attachments a on a.outbox_id = o.id where i.id = $1`,
      [inv.id],
    )
    expect(mail!.to_address).toBe('faktury@demoshop.example.com')
    expect(mail!.subject).toBe(INVOICING_MSG.mailSubject(mail!.invoice_number))
    expect(mail!.content_type).toBe('application/pdf')
    expect(mail!.filename).toMatch(/\.pdf$/)
    expect(Buffer.from(mail!.data).equals(Buffer.from(mail!.pdf))).toBe(true)
    expect(await pdfText(mail!.data)).toContain(mail!.invoice_number)
  })

  it('Sofia EOOD: the statement\'s errors, which cannot be reviewed (409); a reviewable one can', async () => {
    const inv = (await invoiceOf('Sofia EOOD'))!
    const res = await h.call(E.invoiceValidationErrors, { token: admin(), params: { id: inv.id } })
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThan(0)
    expect(res.body.every((e: { type: string; reviewable: boolean }) => e.type === 'no_operational_price_list_match' && !e.reviewable)).toBe(true)
    expect(res.body[0].parcelInternalNumbers.length).toBeGreaterThan(0)
    const refused = await h.call(E.invoiceReview, { token: admin(), params: { id: inv.id }, body: { id: res.body[0].id, reviewed: true } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(INVOICING_MSG.notReviewable)
    const [giant] = await h.db.query<{ id: number }>(`insert into invoice_validation_errors (invoice_id, type, parcel_internal_numbers) values ($1, 'giant_amount', '{RE100000001}') returning id`, [inv.id])
    const ok = await h.call(E.invoiceReview, { token: admin(), params: { id: inv.id }, body: { id: giant!.id, reviewed: true } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ id: giant!.id, reviewed: true, reviewable: true })
    expect((await h.db.query<{ reviewed: boolean }>(`select reviewed from invoice_validation_errors where id = $1`, [giant!.id]))[0]!.reviewed).toBe(true)
    // An error of another invoice is not found through this one.
    const demo = (await invoiceOf('Demo Shop SRL'))!
    expect((await h.call(E.invoiceReview, { token: admin(), params: { id: demo.id }, body: { id: giant!.id, reviewed: true } })).status).toBe(404)
    expect((await h.call(E.invoiceGet, { token: admin(), params: { id: inv.id } })).body.invoice.external_id).toBe('SE-0004')
  })

  it('Budapest Kft: no number, no statement, no PDF; "-" fields are null', async () => {
    const inv = (await invoiceOf('Budapest Kft'))!
    const res = await h.call(E.invoiceGet, { token: admin(), params: { id: inv.id } })
    expect(res.body.invoice).toMatchObject({ status: 'missing_client_id', invoice_number: null, issue_date: null, total_amount: null, exported_file: null, has_pdf: false })
    expect(res.body.email).toBeNull()
    expect((await h.request('GET', `app/v1/invoice/${inv.id}/download`, { token: admin() })).status).toBe(404)
    expect((await h.request('GET', `app/v1/invoice/${inv.id}/exported_file_download`, { token: admin() })).status).toBe(404)
  })

  it('the statement downloads as the billing XLSX', async () => {
    const inv = (await invoiceOf('Demo Shop SRL'))!
    const res = await h.app.request(`/api/app/v1/invoice/${inv.id}/exported_file_download`, { headers: { authorization: `Bearer ${admin()}` } })
    expect(res.status).toBe(200)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 2)).toString('latin1')).toBe('PK')
  })

  it('triggering again for the same date makes nothing', async () => {
    const [{ n }] = await h.db.query<{ n: number }>(`select count(*)::int as n from invoices`)
    const res = await h.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: trigger } })
    expect(res.status).toBe(200)
    expect(res.body.created).toEqual([])
    expect(res.body.message).toBe(INVOICING_MSG.triggered(0))
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from invoices`))[0]!.n).toBe(n)
  })

  it('the list: 25 a page, status filter, total count', async () => {
    const all = await h.call(E.invoiceList, { token: admin(), body: { start: 0, length: INVOICING.pageSize } })
    expect(all.status).toBe(200)
    expect(all.body.data.length).toBeLessThanOrEqual(INVOICING.pageSize)
    expect(all.body.recordsTotal).toBe(created.length)
    const sent = await h.call(E.invoiceList, { token: admin(), body: { start: 0, length: 25, criteria: { status: 'send' } } })
    expect(sent.body.data.map((i: { client_name: string }) => i.client_name)).toEqual(['Demo Shop SRL'])
    expect(sent.body.recordsFiltered).toBe(1)
    const missing = await h.call(E.invoiceList, { token: admin(), body: { start: 0, length: 25, criteria: { status: 'missing_client_id' }, search: { value: 'budapest' } } })
    expect(missing.body.data.map((i: { client_name: string }) => i.client_name)).toEqual(['Budapest Kft'])
    // Wildcards in the search are taken literally.
    expect((await h.call(E.invoiceList, { token: admin(), body: { start: 0, length: 25, search: { value: '%' } } })).body.recordsFiltered).toBe(0)
  })

  it('re-issue of a sent invoice: it stays as sent; a correction walks (409 meanwhile) and, with nothing changed, ends no_difference', async () => {
    const inv = (await invoiceOf('Demo Shop SRL'))!
    const before = (await h.db.query(`select invoice_number, issue_date, total_amount, lines, status, statement_uuid from invoices where id = $1`, [inv.id]))[0]
    const year = Number(String(before!.invoice_number).split('/')[2])
    const [{ last }] = await h.db.query<{ last: number }>(`select last_number as last from invoice_number_counters where series = 'FV' and year = $1`, [year])
    const res = await h.call(E.invoiceReissue, { token: admin(), body: { id: inv.id } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(INVOICING_MSG.correctionOrdered(String(before!.invoice_number)))
    const [corr] = await h.db.query<{ id: number; status: string }>(`select id, status from invoices where corrects_id = $1`, [inv.id])
    expect(['pending', 'waiting_for_report']).toContain(corr!.status)
    const again = await h.call(E.invoiceReissue, { token: admin(), body: { id: inv.id } })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(INVOICING_MSG.correctionInProgress)
    expect(await reaches(corr!.id, ['no_difference', 'send', 'report_validation_error'])).toBe('no_difference')
    expect((await h.db.query(`select invoice_number, issue_date, total_amount, lines, status, statement_uuid from invoices where id = $1`, [inv.id]))[0]).toEqual(before)
    expect((await h.db.query<{ last: number }>(`select last_number as last from invoice_number_counters where series = 'FV' and year = $1`, [year]))[0]!.last).toBe(last)
  }, 120_000)
})

describe('gap-free numbering', () => {
  it('two issuers at once: consecutive numbers, none twice, the counter row in step', async () => {
    const demo = await clientId('Demo Shop SRL')
    const [stmt] = await h.db.query<{ statement_uuid: string }>(`select statement_uuid from invoices where client_id = $1 and statement_uuid is not null limit 1`, [demo])
    const ids: number[] = []
    for (const [from, to] of [['2020-01-01', '2020-01-31'], ['2020-02-01', '2020-02-29'], ['2020-03-01', '2020-03-31'], ['2020-04-01', '2020-04-30']]) {
      const [r] = await h.db.query<{ id: number }>(
        `insert into invoices (client_id, period_from, period_to, status, statement_uuid, external_id) values ($1, $2, $3, 'report_validated', $4, 'DS-0001') returning id`,
        [demo, from, to, stmt!.statement_uuid],
      )
      ids.push(r!.id)
    }
    const year = Number(today().slice(0, 4))
    const [{ before }] = await h.db.query<{ before: number }>(`select coalesce((select last_number from invoice_number_counters where year = $1), 0) as before`, [year])
    await Promise.all(ids.map((id) => issueInvoice(h.db, id)))
    const rows = await h.db.query<{ number_seq: number; invoice_number: string }>(`select number_seq, invoice_number from invoices where id = any($1::int[]) order by number_seq`, [ids])
    expect(rows.map((r) => r.number_seq)).toEqual([before + 1, before + 2, before + 3, before + 4])
    expect(new Set(rows.map((r) => r.invoice_number)).size).toBe(4)
    const [{ last }] = await h.db.query<{ last: number }>(`select last_number as last from invoice_number_counters where year = $1`, [year])
    expect(last).toBe(before + 4)
    // Issuing again does nothing (only a report_validated invoice is issued).
    await issueInvoice(h.db, ids[0]!)
    expect((await h.db.query<{ last: number }>(`select last_number as last from invoice_number_counters where year = $1`, [year]))[0]!.last).toBe(before + 4)
  })
})

describe('409 while buffer parcels wait for a client', () => {
  it('a buffer parcel received in the period without a client stops the trigger; nothing is made', async () => {
    const [p] = await h.db.query<{ id: number; client_id: number; received: unknown }>(
      `select id, client_id, shipping_warehouse_received_at as received from parcels where deleted_at is null and buffer_number is null and client_id is not null order by id limit 1`,
    )
    const [{ n }] = await h.db.query<{ n: number }>(`select count(*)::int as n from invoices`)
    // Received in the middle of the last monthly period a trigger today covers.
    const [{ from }] = await h.db.query<{ from: string }>(`select to_char(period_from, 'YYYY-MM-DD') as from from invoices i join clients c on c.id = i.client_id where c.name = 'Demo Shop SRL' and period_from > '2021-01-01' limit 1`)
    await h.db.query(`update parcels set buffer_number = 'BUFTEST1', client_id = null, shipping_warehouse_received_at = ($2::date + 10)::timestamp at time zone 'Europe/Warsaw' where id = $1`, [p!.id, from])
    try {
      const res = await h.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: today() } })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe(INVOICING_MSG.bufferParcelsWaiting)
      expect((await h.db.query<{ n: number }>(`select count(*)::int as n from invoices`))[0]!.n).toBe(n)
    } finally {
      await h.db.query(`update parcels set buffer_number = null, client_id = $2, shipping_warehouse_received_at = $3 where id = $1`, [p!.id, p!.client_id, p!.received])
    }
    // Assigned: the trigger answers 200 again.
    expect((await h.call(E.invoiceTrigger, { token: admin(), body: { trigger_date: today() } })).status).toBe(200)
  })
})

describe('access and bad input', () => {
  const calls = () => [
    { ep: E.invoiceList, body: { start: 0, length: 25 } },
    { ep: E.invoiceTrigger, body: { trigger_date: '2020-01-05' } },
    { ep: E.invoiceTriggerPreview, body: { trigger_date: '2020-01-05' } },
    { ep: E.invoiceGet, params: { id: 1 } },
    { ep: E.invoiceValidationErrors, params: { id: 1 } },
    { ep: E.invoiceReview, params: { id: 1 }, body: { id: 1, reviewed: true } },
    { ep: E.invoiceReissue, body: { id: 1 } },
    { ep: E.invoiceDownload, params: { id: 1 } },
    { ep: E.invoiceStatementDownload, params: { id: 1 } },
    { ep: E.invoiceExternalLink, params: { id: 1 } },
    { ep: E.invoiceSandboxView, params: { id: 1 } },
  ]

  it('every call: 401 without a token, 403 for a warehouse worker and a client', async () => {
    for (const c of calls()) {
      expect((await h.call(c.ep, { token: null, params: c.params, body: c.body })).status, c.ep.path).toBe(401)
      expect((await h.call(c.ep, { token: h.tokens.worker, params: c.params, body: c.body })).status, c.ep.path).toBe(403)
      expect((await h.call(c.ep, { token: h.tokens.client, params: c.params, body: c.body })).status, c.ep.path).toBe(403)
    }
  })

  it('unknown or malformed ids: 404', async () => {
    for (const id of [999999, 'abc', 0]) {
      expect((await h.call(E.invoiceGet, { token: admin(), params: { id } })).status).toBe(404)
      expect((await h.call(E.invoiceValidationErrors, { token: admin(), params: { id } })).status).toBe(404)
      expect((await h.call(E.invoiceExternalLink, { token: admin(), params: { id } })).status).toBe(404)
      expect((await h.request('GET', `app/v1/invoice/${id}/download`, { token: admin() })).status).toBe(404)
    }
    expect((await h.call(E.invoiceReissue, { token: admin(), body: { id: 999999 } })).status).toBe(404)
  })

  it('trigger: date required, a real date, in the calendar\'s years; 422 and nothing written', async () => {
    const [{ n }] = await h.db.query<{ n: number }>(`select count(*)::int as n from invoices`)
    const cases: Array<[unknown, string]> = [
      [{}, MSG.required],
      [{ trigger_date: '' }, DATE_MSG.date],
      [{ trigger_date: '2026-02-30' }, DATE_MSG.date],
      [{ trigger_date: '25.11.2026' }, DATE_MSG.date],
      [{ trigger_date: 20261125 }, MSG.invalidValue],
      [{ trigger_date: '1500-01-01' }, DATE_MSG.date],
    ]
    for (const [body, message] of cases) {
      const res = await h.call(E.invoiceTrigger, { token: admin(), body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.errors.trigger_date, JSON.stringify(body)).toEqual([message])
    }
    expect((await h.db.query<{ n: number }>(`select count(*)::int as n from invoices`))[0]!.n).toBe(n)
  })

  it('list: unknown status, page too long → 422; review and re-issue bodies checked', async () => {
    expect((await h.call(E.invoiceList, { token: admin(), body: { start: 0, length: 25, criteria: { status: 'paid' } } })).status).toBe(422)
    expect((await h.call(E.invoiceList, { token: admin(), body: { start: 0, length: 100000 } })).status).toBe(422)
    const r = await h.call(E.invoiceReview, { token: admin(), params: { id: 1 }, body: { id: 'x', reviewed: 'yes' } })
    expect(r.status).toBe(422)
    expect(Object.keys(r.body.errors).sort()).toEqual(['id', 'reviewed'])
    expect((await h.call(E.invoiceReissue, { token: admin(), body: { id: -1 } })).status).toBe(422)
    expect((await h.call(E.invoiceReissue, { token: admin(), body: {} })).status).toBe(422)
  })
})

describe('billing periods', () => {
  const due = (end: string) => nextWorkingDay(end, () => false)
  it('monthly, half-monthly and weekly periods holding a day', () => {
    expect(periodContaining('monthly', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(periodContaining('half_monthly', '2026-11-15')).toEqual({ from: '2026-11-01', to: '2026-11-15' })
    expect(periodContaining('half_monthly', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-30' })
    expect(periodContaining('weekly', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
    expect(periodContaining('weekly', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
  })
  it('the latest period due by the trigger date: due from the next working day after its end', () => {
    // October 2026 ends on a Saturday: due on Monday 2 November.
    expect(latestDuePeriod('monthly', '2026-11-02', due)).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(latestDuePeriod('monthly', '2026-11-01', due)).toEqual({ from: '2026-09-01', to: '2026-09-30' })
    // With 2 November a day off, October is due on the 3rd.
    const off = (d: string) => nextWorkingDay(d, (x) => x === '2026-11-02')
    expect(latestDuePeriod('monthly', '2026-11-02', off)).toEqual({ from: '2026-09-01', to: '2026-09-30' })
    expect(latestDuePeriod('half_monthly', '2026-11-25', due)).toEqual({ from: '2026-11-01', to: '2026-11-15' })
    expect(latestDuePeriod('weekly', '2026-11-25', due)).toEqual({ from: '2026-11-16', to: '2026-11-22' })
  })
})

describe('the invoicing system adapter', () => {
  it('builtin by default (the PDF); sandbox and external by configuration', async () => {
    const ref = { id: 7, invoice_number: 'FV/1/2026', external_id: 'DS 0001' }
    expect(invoicingSystemFromEnv({}).viewUrl(ref, 'http://x')).toBeNull()
    expect(invoicingSystemFromEnv({ INVOICING_SYSTEM: 'sandbox' })).toBe(sandboxInvoicing)
    expect(externalInvoicing('https://f.example/c/{external_id}/i?n={number}').viewUrl(ref, '')).toBe('https://f.example/c/DS%200001/i?n=FV%2F1%2F2026')
    const link = await h.call(E.invoiceExternalLink, { token: admin(), params: { id: (await invoiceOf('Demo Shop SRL'))!.id } })
    expect(link.body).toEqual({ system: 'builtin', url: null })
  })
  it('the sandbox page shows the invoice under its external id', async () => {
    const inv = (await invoiceOf('Demo Shop SRL'))!
    const res = await h.app.request(`/api/app/v1/invoicing-sandbox/${inv.id}`, { headers: { authorization: `Bearer ${admin()}` } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('DS-0001')
    expect(html).toMatch(/FV\/\d+\/\d{4}/)
    const budapest = (await invoiceOf('Budapest Kft'))!
    expect((await h.app.request(`/api/app/v1/invoicing-sandbox/${budapest.id}`, { headers: { authorization: `Bearer ${admin()}` } })).status).toBe(404)
  })
})
