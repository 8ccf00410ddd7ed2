import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AREAS, type Area, LAYERS, areaOf } from '../../src/contract/areas.ts'

const root = join(import.meta.dirname, '..', '..')
type Layer = keyof typeof LAYERS
const layers = Object.keys(LAYERS) as Layer[]

/** Names a layer holds: its files (source only) and folders. */
const entries = (layer: Layer) =>
  readdirSync(join(root, layer), { withFileTypes: true })
    .filter((e) => e.isDirectory() || /\.tsx?$/.test(e.name))
    .map((e) => e.name)

const shared = (layer: Layer, name: string) => (LAYERS[layer] as readonly string[]).includes(name.replace(/\.(samples\.)?tsx?$/, ''))

describe('one area name in every layer (src/contract/areas.ts)', () => {
  it.each(layers)('%s names only areas and its shared modules', (layer) => {
    const strays = entries(layer).filter((name) => areaOf(name) === null && !shared(layer, name))
    expect(strays, `not an area of src/contract/areas.ts nor a shared module of ${layer}`).toEqual([])
  })

  it.each(layers)('%s: every shared module it lists exists', (layer) => {
    const names = entries(layer).map((n) => n.replace(/\.(samples\.)?tsx?$/, ''))
    expect((LAYERS[layer] as readonly string[]).filter((s) => !names.includes(s))).toEqual([])
  })

  it('every area is found in at least one layer besides the contract', () => {
    const seen = new Set<Area>()
    for (const layer of layers) for (const name of entries(layer)) {
      const a = areaOf(name)
      if (a && !layer.startsWith('src/contract')) seen.add(a)
    }
    expect((Object.keys(AREAS) as Area[]).filter((a) => !seen.has(a))).toEqual([])
  })

  it('an area with endpoints has its handlers under the same name, and the reverse', () => {
    const names = (dir: string) => readdirSync(join(root, dir)).map((n) => n.replace(/\.ts$/, '')).sort()
    expect(names('src/server/http/areas')).toEqual(names('src/contract/endpoints'))
  })

  it('the endpoint table and the handler table take one file per area', () => {
    const table = readFileSync(join(root, 'src/contract/endpoints.ts'), 'utf8')
    const handlers = readFileSync(join(root, 'src/server/http/handlers.ts'), 'utf8')
    // The integration API for clients' shops is a table of its own, registered by http/app.ts.
    for (const file of readdirSync(join(root, 'src/contract/endpoints')).filter((f) => f !== 'integration.ts')) {
      expect(table).toContain(`from './endpoints/${file}'`)
      expect(handlers).toContain(`from './areas/${file}'`)
    }
  })

  it('the area of a name', () => {
    expect(areaOf('floorIntake.ts')).toBe('floor')
    expect(areaOf('statsCompaction.ts')).toBe('stats')
    expect(areaOf('statusesTypes.ts')).toBe('statuses')
    expect(areaOf('session.samples.ts')).toBe('session')
    expect(areaOf('sessions.ts')).toBe(null)
    expect(areaOf('admin')).toBe(null)
    expect(areaOf('floorkit.ts')).toBe(null)
    expect(existsSync(join(root, 'src/web/machines'))).toBe(false)
  })
})
