import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import { MM, code128Png, renderPdf } from './pdf.ts'

export interface RepasteLabelData {
  internal_number: string
  out_number: string
  courier: string | null
  recipient_name: string | null
  recipient_address: string | null
  recipient_postal_code: string | null
  recipient_locality: string | null
  recipient_country: string | null
  weight: number | null
  in_shipment_order: number
  parcels: number
}

/**
 * The replacement label: 100 × 150 mm with the last-mile courier's outbound
 * number as Code128, the recipient, and our internal number, to stick over a label that must go.
 */
export async function repasteLabelPdf(d: RepasteLabelData): Promise<Uint8Array> {
  const [outPng, internalPng] = await Promise.all([code128Png(d.out_number, 22), code128Png(d.internal_number, 10)])
  return renderPdf(
    [100, 150],
    (doc) => {
      const x = 4 * MM
      const width = 92 * MM
      const t = doc.text_
      doc.font('bold').fontSize(14).text(t(d.courier ?? 'RE Logistics'), x, 4 * MM, { width })
      doc.font('regular').fontSize(8).fillColor('#555').text(t(WAREHOUSE_ANSWER.repasteLabelTitle), x, 11 * MM, { width })
      doc.fillColor('#000')
      doc.image(outPng, x, 17 * MM, { fit: [width, 30 * MM], align: 'center' })
      doc.font('bold').fontSize(12).text(d.out_number, x, 49 * MM, { width, align: 'center' })
      doc.moveTo(x, 57 * MM).lineTo(96 * MM, 57 * MM).stroke()
      doc.font('regular').fontSize(8).text(t('Odbiorca'), x, 60 * MM, { width })
      const lines = [d.recipient_name, d.recipient_address, [d.recipient_postal_code, d.recipient_locality].filter(Boolean).join(' '), d.recipient_country]
        .filter((l): l is string => !!l && l.trim() !== '')
        .map(t)
      doc.font('bold').fontSize(11).text(lines.join('\n') || '-', x, 64 * MM, { width, height: 34 * MM, ellipsis: true })
      doc.moveTo(x, 100 * MM).lineTo(96 * MM, 100 * MM).stroke()
      const meta = [`Paczka ${d.in_shipment_order}/${d.parcels}`, d.weight != null ? `${d.weight} kg` : null].filter(Boolean).join('   ')
      doc.font('regular').fontSize(9).text(t(meta), x, 103 * MM, { width })
      doc.image(internalPng, x, 112 * MM, { fit: [width, 22 * MM], align: 'center' })
      doc.font('regular').fontSize(9).text(d.internal_number, x, 137 * MM, { width, align: 'center' })
    },
    { Title: `${d.internal_number} ${WAREHOUSE_ANSWER.repasteLabelTitle}` },
  )
}
