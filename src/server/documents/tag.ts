import { MM, code128Png, renderPdf } from './pdf.ts'

/**
 * A tag: a 100 × 50 mm label with a caption, a Code128 barcode and the text it
 * carries, for clients (an instruction code selecting the client), workstations (their code) and
 * problem sectors.
 */
export async function tagPdf(t: { caption: string; content: string; kind: string }): Promise<Uint8Array> {
  const png = await code128Png(t.content, 14)
  return renderPdf(
    [100, 50],
    (doc) => {
      const width = 92 * MM
      doc.font('regular').fontSize(7).fillColor('#555').text(doc.text_(t.kind), 4 * MM, 3 * MM, { width })
      doc.font('bold').fontSize(13).fillColor('#000').text(doc.text_(t.caption), 4 * MM, 7 * MM, { width, height: 10 * MM, ellipsis: true })
      doc.image(png, 4 * MM, 19 * MM, { fit: [width, 20 * MM], align: 'center' })
      doc.font('regular').fontSize(7).text(t.content, 4 * MM, 41 * MM, { width, align: 'center', height: 6 * MM, ellipsis: true })
    },
    { Title: t.caption },
  )
}
