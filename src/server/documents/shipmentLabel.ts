import { SHIPMENT } from '../../contract/constants/shipments.ts'
import { SHIPMENT_MSG } from '../../contract/messages/shipments.ts'
import { type Doc, MM, code128Png, renderPdf } from './pdf.ts'

/** One party as printed: name, contact, address lines, phone. */
export interface LabelParty {
  name: string
  contact: string | null
  lines: string[]
  phone: string
}

export interface LabelParcel {
  internalNumber: string
  /** The 28-character label barcode (labelBarcode()). */
  barcode: string
  order: number
  count: number
  weightKg: number
}

export interface LabelData {
  waybill: string
  courier: string
  service: string
  client: string
  sender: LabelParty
  recipient: LabelParty
  content: string
  cod: string | null
  reference: string | null
  createdAt: string
  parcels: LabelParcel[]
}

export type LabelSize = (typeof SHIPMENT.labelSizes)[number]

function partyBlock(doc: Doc, title: string, p: LabelParty, x: number, y: number, width: number, height: number, big: number) {
  const t = doc.text_
  doc.font('regular').fontSize(big * 0.55).fillColor('#444').text(t(title), x, y, { width })
  doc.fillColor('#000').font('bold').fontSize(big).text(t(p.name), x, y + big * 0.75, { width, height: big * 2.6, ellipsis: true })
  const body = [p.contact, ...p.lines, p.phone].filter((l): l is string => !!l && l.trim() !== '').map(t).join('\n')
  doc.font('regular').fontSize(big * 0.8).text(body, x, doc.y + 1, { width, height: Math.max(10, y + height - doc.y - 1), ellipsis: true })
}

/**
 * Labels of a shipment (A4 landscape or 100 × 150 mm): one page per parcel with the
 * Code128 of our 28-character label barcode, the courier and service, sender, recipient, content,
 * cash on delivery and "Paczka n/m". `dl` is A4 landscape (297 × 210 mm), `100150` is 100 × 150 mm.
 */
export async function shipmentLabelsPdf(size: LabelSize, d: LabelData): Promise<Uint8Array> {
  const pngs = await Promise.all(d.parcels.map((p) => code128Png(p.barcode, size === 'dl' ? 22 : 18)))
  const [w, h] = SHIPMENT.labelPageMm[size]
  return renderPdf(
    [w, h],
    (doc) => {
      const t = doc.text_
      d.parcels.forEach((p, i) => {
        if (i > 0) doc.addPage({ size: [w * MM, h * MM], margin: 4 * MM })
        if (size === '100150') {
          const x = 4 * MM
          const width = 92 * MM
          doc.font('bold').fontSize(13).text(t(d.courier), x, 4 * MM, { width: 60 * MM })
          doc.font('bold').fontSize(13).text(`${p.order}/${p.count}`, 66 * MM, 4 * MM, { width: 30 * MM, align: 'right' })
          doc.font('regular').fontSize(8).text(t(d.service), x, 10 * MM, { width })
          doc.image(pngs[i]!, x, 15 * MM, { fit: [width, 24 * MM], align: 'center' })
          doc.font('regular').fontSize(8).text(p.barcode, x, 40 * MM, { width, align: 'center' })
          doc.moveTo(x, 45 * MM).lineTo(96 * MM, 45 * MM).stroke()
          partyBlock(doc, 'Odbiorca', d.recipient, x, 47 * MM, width, 38 * MM, 11)
          doc.moveTo(x, 86 * MM).lineTo(96 * MM, 86 * MM).stroke()
          partyBlock(doc, 'Nadawca', d.sender, x, 88 * MM, width, 26 * MM, 8)
          doc.moveTo(x, 115 * MM).lineTo(96 * MM, 115 * MM).stroke()
          const facts = [
            `Paczka ${p.order} z ${p.count}`,
            `Waga: ${p.weightKg} kg`,
            d.cod ? `Pobranie: ${d.cod}` : null,
            `Zawartość: ${d.content}`,
            d.reference ? `Ref.: ${d.reference}` : null,
            `Klient: ${d.client}`,
          ].filter((l): l is string => !!l)
          doc.font('regular').fontSize(8).text(facts.map(t).join('\n'), x, 117 * MM, { width: 60 * MM, height: 24 * MM, ellipsis: true })
          doc.font('bold').fontSize(10).text(p.internalNumber, 62 * MM, 117 * MM, { width: 34 * MM, align: 'right' })
          doc.font('regular').fontSize(7).text(t(`Przesyłka ${d.waybill}`), 62 * MM, 123 * MM, { width: 34 * MM, align: 'right' })
          doc.font('regular').fontSize(7).text(d.createdAt, 62 * MM, 127 * MM, { width: 34 * MM, align: 'right' })
          return
        }
        // A4 landscape: parties on the left, the barcode and the parcel on the right.
        const m = 10 * MM
        doc.font('bold').fontSize(22).text(t(d.courier), m, m, { width: 180 * MM })
        doc.font('bold').fontSize(22).text(`${p.order}/${p.count}`, 200 * MM, m, { width: 87 * MM, align: 'right' })
        doc.font('regular').fontSize(12).text(t(d.service), m, m + 10 * MM, { width: 180 * MM })
        doc.moveTo(m, 32 * MM).lineTo(287 * MM, 32 * MM).stroke()
        partyBlock(doc, 'Odbiorca', d.recipient, m, 36 * MM, 130 * MM, 80 * MM, 18)
        partyBlock(doc, 'Nadawca', d.sender, m, 122 * MM, 130 * MM, 50 * MM, 12)
        doc.moveTo(148 * MM, 36 * MM).lineTo(148 * MM, 172 * MM).stroke()
        doc.image(pngs[i]!, 155 * MM, 40 * MM, { fit: [130 * MM, 40 * MM], align: 'center' })
        doc.font('regular').fontSize(11).text(p.barcode, 155 * MM, 83 * MM, { width: 130 * MM, align: 'center' })
        doc.font('bold').fontSize(20).text(p.internalNumber, 155 * MM, 92 * MM, { width: 130 * MM, align: 'center' })
        const facts = [
          `Paczka ${p.order} z ${p.count}`,
          `Waga: ${p.weightKg} kg`,
          d.cod ? `Pobranie: ${d.cod}` : null,
          `Zawartość: ${d.content}`,
          d.reference ? `Ref.: ${d.reference}` : null,
          `Klient: ${d.client}`,
          `Przesyłka ${d.waybill}, ${d.createdAt}`,
        ].filter((l): l is string => !!l)
        doc.font('regular').fontSize(13).text(facts.map(t).join('\n'), 155 * MM, 108 * MM, { width: 130 * MM, height: 64 * MM, ellipsis: true })
        doc.moveTo(m, 178 * MM).lineTo(287 * MM, 178 * MM).stroke()
        doc.font('regular').fontSize(9).fillColor('#555').text(t('RE Logistics – etykieta przewozowa'), m, 182 * MM, { width: 277 * MM })
        doc.fillColor('#000')
      })
    },
    { Title: `${d.waybill} ${d.parcels.map((p) => p.barcode).join(' ')}` },
  )
}

/** The return sticker of a duplicated parcel: its return number as Code128 and the returning address. */
export async function returnStickerPdf(d: { returnNumber: string; internalNumber: string; duplicated: string | null; address: string; client: string | null }): Promise<Uint8Array> {
  const png = await code128Png(d.returnNumber, 20)
  return renderPdf(
    [100, 150],
    (doc) => {
      const t = doc.text_
      const x = 4 * MM
      const width = 92 * MM
      doc.font('bold').fontSize(16).text(t(SHIPMENT_MSG.returnStickerTitle), x, 5 * MM, { width })
      doc.image(png, x, 16 * MM, { fit: [width, 30 * MM], align: 'center' })
      doc.font('bold').fontSize(14).text(d.returnNumber, x, 48 * MM, { width, align: 'center' })
      doc.moveTo(x, 58 * MM).lineTo(96 * MM, 58 * MM).stroke()
      doc.font('regular').fontSize(8).text(t('Adres zwrotu'), x, 61 * MM, { width })
      doc.font('bold').fontSize(12).text(t(d.address), x, 66 * MM, { width, height: 30 * MM, ellipsis: true })
      doc.moveTo(x, 100 * MM).lineTo(96 * MM, 100 * MM).stroke()
      const lines = [`Przesyłka ${d.internalNumber}`, d.duplicated ? `Duplikat przesyłki ${d.duplicated}` : null, d.client ? `Klient: ${d.client}` : null]
        .filter((l): l is string => !!l)
        .map(t)
      doc.font('regular').fontSize(10).text(lines.join('\n'), x, 104 * MM, { width })
    },
    { Title: `${d.returnNumber} ${SHIPMENT_MSG.returnStickerTitle}` },
  )
}
