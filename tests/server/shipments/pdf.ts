import { inflateSync } from 'node:zlib'
import { BarcodeFormat, BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } from '@zxing/library'

/**
 * Reading our PDFs in tests without a PDF library: the page count, and every Code128 barcode
 * decoded from the images as a printer would put them on white paper (image over white through
 * its soft mask), with ZXing's Code128 reader.
 */

const text = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1')

export const isPdf = (pdf: Uint8Array) => text(pdf).startsWith('%PDF-')

export function pageCount(pdf: Uint8Array): number {
  return (text(pdf).match(/\/Type\s*\/Page(?!s)\b/g) ?? []).length
}

/** Page size in mm of the first page's MediaBox (rounded). */
export function pageSizeMm(pdf: Uint8Array): [number, number] {
  const m = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text(pdf))!
  const mm = (pt: number) => Math.round((pt * 25.4) / 72)
  return [mm(+m[3]! - +m[1]!), mm(+m[4]! - +m[2]!)]
}

interface PdfImage {
  id: number
  width: number
  height: number
  colors: number
  smask: number | null
  pixels: Uint8Array
}

function images(pdf: Uint8Array): Map<number, PdfImage> {
  const s = text(pdf)
  const buf = Buffer.from(pdf)
  const out = new Map<number, PdfImage>()
  const re = /(\d+) 0 obj\b/g
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const end = s.indexOf('endobj', m.index)
    const streamAt = s.indexOf('stream', m.index)
    if (streamAt < 0 || streamAt > end) continue
    const dict = s.slice(m.index, streamAt)
    if (!/\/Subtype\s*\/Image/.test(dict)) continue
    const num = (k: string) => Number(new RegExp(`/${k}\\s+(\\d+)`).exec(dict)?.[1])
    const start = streamAt + (s[streamAt + 6] === '\r' ? 8 : 7)
    const data = inflateSync(buf.subarray(start, start + num('Length')))
    const width = num('Width')
    const height = num('Height')
    const colors = /DeviceRGB/.test(dict) ? 3 : 1
    let pixels: Uint8Array = data
    // PNG predictors (pdfkit passes PNG IDAT data through): undo the per-row filters.
    if (/\/Predictor\s+1[0-5]/.test(dict)) {
      const bpp = colors
      const stride = width * bpp
      pixels = new Uint8Array(stride * height)
      for (let y = 0; y < height; y++) {
        const f = data[y * (stride + 1)]!
        const src = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
        for (let x = 0; x < stride; x++) {
          const a = x >= bpp ? pixels[y * stride + x - bpp]! : 0
          const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0
          const c = x >= bpp && y > 0 ? pixels[(y - 1) * stride + x - bpp]! : 0
          const p = a + b - c
          const pr = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
          const add = [0, a, b, (a + b) >> 1, pr][f]!
          pixels[y * stride + x] = (src[x]! + add) & 0xff
        }
      }
    }
    const smask = /\/SMask\s+(\d+)\s+0\s+R/.exec(dict)
    out.set(Number(m[1]), { id: Number(m[1]), width, height, colors, smask: smask ? Number(smask[1]) : null, pixels })
  }
  return out
}

/** Every Code128 barcode of the PDF's images, decoded. */
/**
 * The Code128 barcodes of a PDF's images, sorted: images are stored in the order their embedding
 * finished, not in page order, so the order carries no meaning (our label numbers carry the
 * parcel's position themselves).
 */
export function decodeBarcodes(pdf: Uint8Array): string[] {
  const all = images(pdf)
  const masks = new Set([...all.values()].map((i) => i.smask).filter((n): n is number => n != null))
  const found: string[] = []
  for (const img of all.values()) {
    if (masks.has(img.id)) continue
    const alpha = img.smask != null ? all.get(img.smask)!.pixels : null
    // On white paper, with a quiet zone around the image.
    const pad = 40
    const W = img.width + 2 * pad
    const H = img.height + 2 * pad
    const lum = new Uint8ClampedArray(W * H).fill(255)
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const i = y * img.width + x
        const v = img.colors === 3 ? (img.pixels[i * 3]! + 2 * img.pixels[i * 3 + 1]! + img.pixels[i * 3 + 2]!) / 4 : img.pixels[i]!
        const a = alpha ? alpha[i]! / 255 : 1
        lum[(y + pad) * W + x + pad] = Math.round(a * v + (1 - a) * 255)
      }
    }
    const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]])
    try {
      found.push(new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, W, H))), hints).getText())
    } catch {
      // not a barcode image
    }
  }
  return found.sort()
}
