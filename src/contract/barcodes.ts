import { INPUT } from './constants/platform.ts'
import { SCANNER } from './constants/warehouse.ts'

/**
 * The numbers and barcodes the system recognises. Pure functions,
 * shared by the server (scan rules) and the browser (instruction detection).
 */
export const BARCODE_PATTERN = {
  /** Our waybill, one per parcel: `RE` + 9 digits. */
  internalNumber: /^RE\d{9}$/,
  /** Our label: `1000` (`0000` = old label that must be re-stuck) + internal number + 13 routing digits. */
  label: /^(1000|0000)(RE\d{9})(\d{13})$/,
  /** Return number: `RE_` + 9 digits. */
  returnNumber: /^RE_\d{9}$/,
  /** Buffer number (parcel waiting for a client): `BUF` + 8 digits. */
  bufferNumber: /^BUF\d{8}$/,
  /** Sameday Romania waybill: a digit, 3–5 capital letters, 4 or more digits. */
  samedayWaybill: /^\d[A-Z]{3,5}\d{4,}$/,
  /** DPD parcel number: 14 digits. */
  dpdParcel: /^\d{14}$/,
  /** Workstation code: type code, underscore, two digits (`PRZJ_01`). */
  workstationCode: /^([A-Z]{4})_(\d{2})$/,
} as const

/**
 * A scanner on a Polish keyboard sends `-` for `_`. The browser maps it back; the server
 * does the same for workstation codes and return numbers so a raw scan still works.
 */
export const underscoreFromDash = (s: string) => s.replace(/-/g, '_')

/**
 * The places a parcel may be recorded at ("Miejsce", a scan's `where`): the places of the
 * workstation's warehouse. The database knows no finer places than the warehouse itself, so that
 * is the list (chosen). Compared as the scanner's normal form (upper case, `_` for `-`).
 */
export const placeKey = (place: string) => underscoreFromDash(place.trim().toUpperCase())
export const placesOfWarehouse = (warehouseName: string): readonly string[] => [placeKey(warehouseName)]
export const isPlaceOf = (warehouseName: string, place: string) => placesOfWarehouse(warehouseName).includes(placeKey(place))

export function workstationCodeOf(barcode: string): string | null {
  const code = underscoreFromDash(barcode.trim().toUpperCase())
  return BARCODE_PATTERN.workstationCode.test(code) ? code : null
}

export interface LabelBarcode {
  internalNumber: string
  /** `0000` prefix: an old label that must be replaced by ours (re-paste). */
  oldLabel: boolean
  routing: string
}

export function parseLabelBarcode(barcode: string): LabelBarcode | null {
  const m = BARCODE_PATTERN.label.exec(barcode)
  return m ? { internalNumber: m[2]!, oldLabel: m[1] === '0000', routing: m[3]! } : null
}

/**
 * The 13 routing digits of our label (chosen here; the spec gives only their count):
 * destination country id (2) · last-mile courier id (2) · delivery service (1) ·
 * position in the shipment (3) · parcels in the shipment (3) · warehouse id (2).
 */
export function labelBarcode(p: {
  internalNumber: string
  countryId: number
  courierId: number
  deliveryService: number
  order: number
  count: number
  warehouseId: number
}): string {
  const pad = (n: number, w: number) => String(Math.max(0, Math.trunc(n)) % 10 ** w).padStart(w, '0')
  const routing = pad(p.countryId, 2) + pad(p.courierId, 2) + pad(p.deliveryService, 1) + pad(p.order, 3) + pad(p.count, 3) + pad(p.warehouseId, 2)
  return '1000' + p.internalNumber + routing
}

/** An internal instruction: any text, `|`, base64 of JSON (`{"client_id": N}`). */
export interface Instruction {
  text: string
  payload: { client_id?: number; problematic_sector_id?: number }
}

export const hasInstructionMarker = (barcode: string) => barcode.includes(SCANNER.instructionMarker)

const b64decode = (s: string): string => {
  const normal = s.replace(/-/g, '+').replace(/_/g, '/')
  const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4)
  if (typeof atob === 'function') {
    const bin = atob(padded)
    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)))
  }
  return Buffer.from(padded, 'base64').toString('utf8')
}
const b64encode = (s: string): string => {
  const bytes = new TextEncoder().encode(s)
  return typeof btoa === 'function' ? btoa(String.fromCharCode(...bytes)) : Buffer.from(bytes).toString('base64')
}

/** Decodes `text|base64(JSON)`; null when the text is not a well-formed instruction. */
export function parseInstruction(barcode: string): Instruction | null {
  const at = barcode.lastIndexOf(SCANNER.instructionMarker)
  if (at < 0) return null
  const encoded = barcode.slice(at + 1).trim()
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(encoded)) return null
  try {
    const json: unknown = JSON.parse(b64decode(encoded.replace(/=+$/, '')))
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
    const o = json as Record<string, unknown>
    const payload: Instruction['payload'] = {}
    for (const key of ['client_id', 'problematic_sector_id'] as const) {
      const v = typeof o[key] === 'string' ? Number(o[key]) : o[key]
      // A database id: a positive int4 (a larger number cannot name a row).
      if (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= INPUT.int4Max) payload[key] = v
    }
    return { text: barcode.slice(0, at), payload }
  } catch {
    return null
  }
}

/** Builds an instruction code; the text part is folded to ASCII so Code128 can carry it. */
export function instructionCode(text: string, payload: Instruction['payload']): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, (c) => (c === 'ł' ? 'l' : 'L'))
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\|/g, ' ')
    .trim()
  return `${ascii}${SCANNER.instructionMarker}${b64encode(JSON.stringify(payload))}`
}
