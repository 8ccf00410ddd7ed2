/**
 * Small images the shipment screen shows ("GET app/v1/asset/flag/{iso_code}" and
 * "/asset/icon/danger"), drawn here as SVG: country flags from their stripes, and a warning
 * triangle for a parcel with no shipment.
 */
type Stripes = { dir: 'h' | 'v'; colors: string[] }

const FLAGS: Record<string, Stripes> = {
  RO: { dir: 'v', colors: ['#002B7F', '#FCD116', '#CE1126'] },
  HU: { dir: 'h', colors: ['#CD2A3E', '#FFFFFF', '#436F4D'] },
  BG: { dir: 'h', colors: ['#FFFFFF', '#00966E', '#D62612'] },
  PL: { dir: 'h', colors: ['#FFFFFF', '#DC143C'] },
}

export const SVG_TYPE = 'image/svg+xml'

/** The flag of a country by ISO code (RO, HU, BG, PL), 30 × 20; null for others. */
export function flagSvg(isoCode: string): string | null {
  const f = FLAGS[isoCode.toUpperCase()]
  if (!f) return null
  const [w, h] = [30, 20]
  const n = f.colors.length
  const rects = f.colors
    .map((c, i) =>
      f.dir === 'v'
        ? `<rect x="${(i * w) / n}" y="0" width="${w / n}" height="${h}" fill="${c}"/>`
        : `<rect x="0" y="${(i * h) / n}" width="${w}" height="${h / n}" fill="${c}"/>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><title>${isoCode.toUpperCase()}</title>${rects}<rect x="0.25" y="0.25" width="${w - 0.5}" height="${h - 0.5}" fill="none" stroke="#999" stroke-width="0.5"/></svg>`
}

/** Warning triangle with an exclamation mark, 24 × 24. */
export const DANGER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><title>!</title>' +
  '<path d="M12 2 L23 21 H1 Z" fill="#E53935" stroke="#B71C1C" stroke-width="1" stroke-linejoin="round"/>' +
  '<rect x="11" y="8" width="2" height="7" fill="#FFFFFF"/><rect x="11" y="17" width="2" height="2" fill="#FFFFFF"/></svg>'
