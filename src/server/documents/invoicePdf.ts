import { INVOICE_PDF } from '../../contract/messages/invoicing.ts'
import { MM, renderPdf } from './pdf.ts'

/** What an invoice PDF shows; amounts are decimal strings computed by the database (exact). */
export interface InvoicePdfData {
  number: string
  issueDate: string
  dueDate: string
  periodFrom: string
  periodTo: string
  client: { name: string; externalId: string; address: string[] }
  currency: string
  vatRate: string
  lines: { kind: string; count: number; net: string; vat: string; gross: string }[]
  net: string
  vat: string
  total: string
}

/** An A4 invoice: seller and buyer, the period, one line per kind of service, totals and VAT. */
export async function invoicePdf(inv: InvoicePdfData): Promise<Uint8Array> {
  const P = INVOICE_PDF
  return renderPdf(
    [210, 297],
    (doc) => {
      const t = doc.text_
      const left = 15 * MM
      const width = 180 * MM
      doc.font('bold').fontSize(18).text(t(`${P.title} ${inv.number}`), left, 15 * MM, { width })
      doc.font('regular').fontSize(10)
      const meta: Array<[string, string]> = [
        [P.issueDate, inv.issueDate],
        [P.saleDate, `${inv.periodFrom} – ${inv.periodTo}`],
        [P.dueDate, inv.dueDate],
      ]
      let y = 27 * MM
      for (const [k, v] of meta) {
        doc.text(t(`${k}: ${v}`), left, y, { width })
        y += 5 * MM
      }
      y += 4 * MM
      doc.font('bold').text(t(P.seller), left, y)
      doc.text(t(P.buyer), left + 95 * MM, y)
      doc.font('regular')
      let ys = y + 5 * MM
      for (const l of P.seller_lines) {
        doc.text(t(l), left, ys, { width: 85 * MM })
        ys += 5 * MM
      }
      let yb = y + 5 * MM
      for (const l of [inv.client.name, ...inv.client.address, `${P.externalId}: ${inv.client.externalId}`]) {
        doc.text(t(l), left + 95 * MM, yb, { width: 85 * MM })
        yb += 5 * MM
      }
      y = Math.max(ys, yb) + 8 * MM
      const cols = [
        { h: P.lp, w: 10 }, { h: P.item, w: 62 }, { h: P.qty, w: 14 }, { h: P.net, w: 26 },
        { h: P.vatRate, w: 16 }, { h: P.vat, w: 24 }, { h: P.gross, w: 28 },
      ]
      const row = (cells: string[], bold = false) => {
        doc.font(bold ? 'bold' : 'regular').fontSize(9)
        let x = left
        cells.forEach((c, i) => {
          doc.text(t(c), x, y, { width: cols[i]!.w * MM - 2, align: i >= 2 ? 'right' : 'left' })
          x += cols[i]!.w * MM
        })
        y += 7 * MM
        doc.moveTo(left, y - 2 * MM).lineTo(left + width, y - 2 * MM).strokeColor('#999').lineWidth(0.5).stroke()
      }
      const rate = inv.vatRate === 'np' ? P.exempt : `${inv.vatRate}%`
      row(cols.map((c) => c.h), true)
      inv.lines.forEach((l, i) => row([String(i + 1), P.kind[l.kind] ?? l.kind, String(l.count), l.net, rate, l.vat, l.gross]))
      row(['', P.total, '', inv.net, '', inv.vat, inv.total], true)
      y += 6 * MM
      doc.font('bold').fontSize(12).text(t(`${P.total}: ${inv.total} ${inv.currency}`), left, y, { width })
    },
    { Title: `${P.title} ${inv.number}` },
  )
}
