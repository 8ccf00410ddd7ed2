import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as bwipjs from 'bwip-js/node'
import PDFDocument from 'pdfkit'

/**
 * PDF building blocks shared by labels, tags (and later invoices): pdfkit documents with a font
 * that has Polish and Romanian letters, and Code128 barcodes rendered by bwip-js.
 *
 * Font: PDF_FONT / PDF_FONT_BOLD (paths to TTF files) when set, else DejaVu Sans or Liberation
 * Sans from the system; without any, the built-in Helvetica (its WinAnsi encoding lacks some
 * Polish letters, so texts are then folded to ASCII). A TTF is parsed once, with fontkit (pdfkit's
 * own font engine), and the parsed font is handed to every document: parsing it per PDF cost
 * 100–200 ms of CPU, during which the server could not answer scans.
 */
export const MM = 72 / 25.4

const CANDIDATES = {
  regular: [process.env.PDF_FONT, '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'],
  bold: [process.env.PDF_FONT_BOLD, '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'],
}
const pick = (list: Array<string | undefined>) => list.find((p): p is string => !!p && existsSync(p)) ?? null
const fontkit = createRequire(import.meta.url)('fontkit') as { create(data: Uint8Array): object }
let parsed: { regular: object | null; bold: object | null } | null = null
const loadFonts = () => {
  if (!parsed) {
    const open = (path: string | null) => (path ? fontkit.create(readFileSync(path)) : null)
    parsed = { regular: open(pick(CANDIDATES.regular)), bold: open(pick(CANDIDATES.bold)) }
  }
  return parsed
}

export type Doc = PDFKit.PDFDocument & { text_: (s: string) => string }

/** Folds letters the built-in font cannot show when no Unicode font is available. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')

/** Builds a PDF of one or more pages of the given size (mm); `draw` adds the content. */
export async function renderPdf(sizeMm: [number, number], draw: (doc: Doc) => Promise<void> | void, info: { Title: string }): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: [sizeMm[0] * MM, sizeMm[1] * MM], margin: 4 * MM, info: { ...info, Producer: 'RE Logistics' } }) as Doc
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve())
    doc.on('error', reject)
  })
  const fonts = loadFonts()
  // pdfkit takes a parsed fontkit font as well as a path (its typings only name the path).
  doc.registerFont('regular', (fonts.regular ?? 'Helvetica') as string)
  doc.registerFont('bold', (fonts.bold ?? 'Helvetica-Bold') as string)
  doc.font('regular')
  doc.text_ = fonts.regular ? (s) => s : fold
  await draw(doc)
  doc.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}

/** A Code128 barcode as PNG (bwip-js), to place with doc.image. */
export const code128Png = (text: string, heightMm = 15) =>
  bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: heightMm, includetext: false, paddingwidth: 0, paddingheight: 0, backgroundcolor: 'FFFFFF' })
