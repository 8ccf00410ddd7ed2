import { INVOICE_PDF } from '../../contract/messages/invoicing.ts'
import { formatFixed, formatMoney } from '../../contract/format.ts'
import { formatDate } from '../../contract/time.ts'
import { MM, renderPdf } from './pdf.ts'

interface PdfLine {
  kind: string
  count: number
  net: string
  vat: string
  gross: string
}

/** What an invoice PDF shows; amounts are decimal strings computed by the database (exact). */
export interface InvoicePdfData {
  number: string
  issueDate: string
  dueDate: string
  periodFrom: string
  periodTo: string
  seller: { name: string; street: string; city: string; nip: string; bankName: string; bankAccount: string }
  client: { name: string; nip: string; externalId: string; address: string[] }
  currency: string
  vatRate: string
  /** Unit printed on each line. */
  unit: string
  /** A correction's lines carry what was invoiced before and what is due after. */
  lines: Array<PdfLine & { before?: PdfLine; after?: PdfLine }>
  net: string
  vat: string
  total: string
  /** Set on a correction invoice: the invoice it corrects. */
  corrects?: { number: string; issueDate: string } | null
}

/**
 * An A4 VAT invoice: seller and buyer with their tax ids, the seller's bank account, dates, one
 * line per kind of service (quantity, unit, unit net price, net, VAT rate and amount, gross),
 * totals. Each line bills a whole period's service: quantity 1 of the unit, unit net price = net,
 * the shipment count in the name. A correction shows per line the state before, after and the
 * difference, and totals the difference. Amounts and dates in the pl-PL format.
 */
export async function invoicePdf(inv: InvoicePdfData): Promise<Uint8Array> {
  const P = INVOICE_PDF
  const day = (d: string) => formatDate(d)
  const title = inv.corrects ? P.correctionTitle : P.title
  return renderPdf(
    [210, 297],
    (doc) => {
      const t = doc.text_
      const left = 15 * MM
      const width = 180 * MM
      doc.font('bold').fontSize(16).text(t(`${title} ${inv.number}`), left, 15 * MM, { width })
      doc.font('regular').fontSize(10)
      const meta: Array<[string, string]> = [
        ...(inv.corrects ? [['', P.corrects(inv.corrects.number, day(inv.corrects.issueDate))] as [string, string]] : []),
        [P.issueDate, day(inv.issueDate)],
        [P.saleDate, `${day(inv.periodFrom)} – ${day(inv.periodTo)}`],
        [P.dueDate, day(inv.dueDate)],
      ]
      let y = 25 * MM
      for (const [k, v] of meta) {
        doc.text(t(k ? `${k}: ${v}` : v), left, y, { width })
        y += 5 * MM
      }
      y += 4 * MM
      doc.font('bold').text(t(P.seller), left, y)
      doc.text(t(P.buyer), left + 95 * MM, y)
      doc.font('regular')
      const s = inv.seller
      let ys = y + 5 * MM
      // Each line as high as it wraps (a long bank account takes two).
      for (const l of [s.name, s.street, s.city, `${P.nip}: ${s.nip}`, `${P.bankAccount}: ${s.bankAccount}`, s.bankName]) {
        doc.text(t(l), left, ys, { width: 85 * MM })
        ys += Math.max(5 * MM, doc.heightOfString(t(l), { width: 85 * MM }) + 1.5 * MM)
      }
      let yb = y + 5 * MM
      for (const l of [inv.client.name, ...inv.client.address, `${P.nip}: ${inv.client.nip || '-'}`, `${P.externalId}: ${inv.client.externalId}`]) {
        doc.text(t(l), left + 95 * MM, yb, { width: 85 * MM })
        yb += Math.max(5 * MM, doc.heightOfString(t(l), { width: 85 * MM }) + 1.5 * MM)
      }
      y = Math.max(ys, yb) + 6 * MM
      const cols = [
        { h: P.lp, w: 8 }, { h: P.item, w: 46 }, { h: P.qty, w: 12 }, { h: P.unit, w: 10 }, { h: P.unitNet, w: 22 }, { h: P.net, w: 22 },
        { h: P.vatRate, w: 14 }, { h: P.vat, w: 20 }, { h: P.gross, w: 26 },
      ]
      const row = (cells: string[], bold = false) => {
        doc.font(bold ? 'bold' : 'regular').fontSize(8)
        let x = left
        let h = 0
        cells.forEach((c, i) => {
          const w = cols[i]!.w * MM - 2
          doc.text(t(c), x, y, { width: w, align: i >= 2 && i !== 3 ? 'right' : 'left' })
          h = Math.max(h, doc.heightOfString(t(c), { width: w }))
          x += cols[i]!.w * MM
        })
        y += Math.max(7 * MM, h + 3 * MM)
        doc.moveTo(left, y - 2 * MM).lineTo(left + width, y - 2 * MM).strokeColor('#999').lineWidth(0.5).stroke()
      }
      const rate = inv.vatRate === 'np' ? P.exempt : `${inv.vatRate}%`
      const name = (l: PdfLine) => `${P.kind[l.kind] ?? l.kind} (${P.shipments(l.count)})`
      const cells = (lp: string, label: string, l: PdfLine) => [lp, label, '1', inv.unit, formatFixed(l.net, 2), formatFixed(l.net, 2), rate, formatFixed(l.vat, 2), formatFixed(l.gross, 2)]
      row(cols.map((c) => c.h), true)
      inv.lines.forEach((l, i) => {
        if (l.before && l.after) {
          row(cells(String(i + 1), `${name(l.before)} – ${P.before}`, l.before))
          row(cells('', `${name(l.after)} – ${P.after}`, l.after))
          row(cells('', `${P.kind[l.kind] ?? l.kind} – ${P.difference}`, l), true)
        } else row(cells(String(i + 1), name(l), l))
      })
      row(['', P.sum, '', '', '', formatFixed(inv.net, 2), '', formatFixed(inv.vat, 2), formatFixed(inv.total, 2)], true)
      y += 4 * MM
      doc.font('bold').fontSize(11).text(t(`${inv.corrects ? P.correctionTotal : P.total}: ${formatMoney(inv.total, inv.currency)}`), left, y, { width })
      y += 7 * MM
      doc.font('regular').fontSize(9).text(t(`${P.paymentMethod}, ${P.bankAccount.toLowerCase()}: ${s.bankAccount}`), left, y, { width })
    },
    { Title: `${title} ${inv.number}` },
  )
}
