import { inflateSync } from 'node:zlib'

/**
 * Reads Code128 barcodes back out of a PDF, the way a scanner would: finds the image XObjects,
 * inflates their pixels, walks the middle row, measures bars and spaces, and decodes the
 * symbols with their checksum. Lets the tests prove a tag or label is scannable.
 */

/** Bar/space widths of the 107 Code128 symbols (106 = stop, 7 elements). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
]
const BY_PATTERN = new Map(PATTERNS.map((p, i) => [p, i]))

interface Image {
  width: number
  height: number
  colors: number
  pixels: Uint8Array
}

/** Image XObjects of a PDF (8-bit gray or RGB, Flate, optional PNG predictors). */
export function pdfImages(pdf: Uint8Array): Image[] {
  const text = Buffer.from(pdf).toString('latin1')
  const images: Image[] = []
  const re = /<<((?:(?!>>\s*stream)[\s\S])*?\/Subtype\s*\/Image[\s\S]*?)>>\s*stream\r?\n/g
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const dict = m[1]!
    const num = (key: string) => Number(new RegExp(`/${key}\\s+(\\d+)`).exec(dict)?.[1])
    const width = num('Width')
    const height = num('Height')
    const length = num('Length')
    const colors = /\/DeviceRGB/.test(dict) ? 3 : 1
    const start = m.index + m[0].length
    let raw: Buffer = inflateSync(Buffer.from(pdf.subarray(start, start + length)))
    const predictor = Number(/\/Predictor\s+(\d+)/.exec(dict)?.[1] ?? 1)
    if (predictor >= 10) raw = unpredict(raw, width * colors, height)
    images.push({ width, height, colors, pixels: new Uint8Array(raw) })
  }
  return images
}

/** Undoes PNG row filters (each row starts with its filter byte). */
function unpredict(data: Uint8Array, rowBytes: number, rows: number, bpp = 1): Buffer {
  const out = Buffer.alloc(rowBytes * rows)
  for (let y = 0; y < rows; y++) {
    const filter = data[y * (rowBytes + 1)]!
    for (let x = 0; x < rowBytes; x++) {
      const v = data[y * (rowBytes + 1) + 1 + x]!
      const a = x >= bpp ? out[y * rowBytes + x - bpp]! : 0
      const b = y > 0 ? out[(y - 1) * rowBytes + x]! : 0
      const c = x >= bpp && y > 0 ? out[(y - 1) * rowBytes + x - bpp]! : 0
      const p = a + b - c
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c
      out[y * rowBytes + x] = (v + [0, a, b, (a + b) >> 1, paeth][filter]!) & 0xff
    }
  }
  return out
}

/** Decodes the Code128 symbol crossing the middle row of an image; null when there is none. */
export function decodeCode128(img: Image): string | null {
  const y = Math.floor(img.height / 2)
  const dark = (x: number) => img.pixels[(y * img.width + x) * img.colors]! < 128
  const runs: number[] = []
  let x = 0
  while (x < img.width && !dark(x)) x++
  while (x < img.width) {
    const color = dark(x)
    let n = 0
    while (x < img.width && dark(x) === color) (x++, n++)
    runs.push(n)
  }
  if (runs.length < 6 * 3 + 7) return null
  const module = runs.slice(0, 6).reduce((s, r) => s + r, 0) / 11
  const values: number[] = []
  let i = 0
  for (;;) {
    const take = runs.length - i === 7 || runs.length - i === 8 ? 7 : 6
    const pattern = runs
      .slice(i, i + take)
      .map((r) => Math.max(1, Math.round(r / module)))
      .join('')
    const v = BY_PATTERN.get(pattern)
    if (v === undefined) return null
    values.push(v)
    i += take
    if (v === 106) break
    if (i >= runs.length) return null
  }
  const [start, ...rest] = values
  const data = rest.slice(0, -2)
  const check = rest[rest.length - 2]!
  if (start! < 103 || start! > 105) return null
  if ((start! + data.reduce((s, v, k) => s + v * (k + 1), 0)) % 103 !== check) return null
  let set: 'A' | 'B' | 'C' = start === 103 ? 'A' : start === 104 ? 'B' : 'C'
  let out = ''
  for (let k = 0; k < data.length; k++) {
    const v = data[k]!
    if (set === 'C') {
      if (v < 100) out += String(v).padStart(2, '0')
      else if (v === 100) set = 'B'
      else if (v === 101) set = 'A'
      continue
    }
    if (v === 99) set = 'C'
    else if (v === 100 && set === 'A') set = 'B'
    else if (v === 101 && set === 'B') set = 'A'
    else if (v === 98) {
      const next = data[++k]!
      out += String.fromCharCode(set === 'A' ? next + 32 : next < 64 ? next + 32 : next - 64)
    } else if (v < 96) out += String.fromCharCode(set === 'B' ? v + 32 : v < 64 ? v + 32 : v - 64)
  }
  return out
}

export const barcodesInPdf = (pdf: Uint8Array) => pdfImages(pdf).map(decodeCode128).filter((s): s is string => s !== null)
