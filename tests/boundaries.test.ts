import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkBoundaries, describeViolation } from '../scripts/lint-deps.ts'

/** The layer check of `npm test` (.dependency-cruiser.cjs) on the real sources, and on planted violations. */
describe('layer boundaries', () => {
  it('hold on the sources', async () => {
    expect((await checkBoundaries()).map(describeViolation)).toEqual([])
  })

  it('report every planted violation, type-only imports and cycles included', async () => {
    const found = await checkBoundaries({
      'src/server/domain/planted.ts': "import { reply } from '../http/handler.ts'\nexport const x = reply",
      'src/web/views/planted/Planted.tsx': "import type { ApiError } from '../../api/client.ts'\nexport type E = ApiError",
      'machines/planted.ts': "import { useSelector } from '@xstate/react'\nexport const s = useSelector",
      'src/web/ui/planted.ts': "import { tableLogic } from '../wiring/serverTable.ts'\nexport const f = tableLogic",
      'src/contract/planted.ts': "import { createApi } from '../server/http/app.ts'\nexport const a = createApi",
      'src/server/db/planted.ts': "import { hashPassword } from '../domain/usersPasswords.ts'\nexport const h = hashPassword",
      'src/server/domain/plantedA.ts': "import { b } from './plantedB.ts'\nexport const a = () => b",
      'src/server/domain/plantedB.ts': "import { a } from './plantedA.ts'\nexport const b = () => a",
      'src/contract/plantedEffect.ts': "import { Schema } from 'effect'\nexport const s = Schema.String",
    })
    const lines = found.map(describeViolation)
    expect(lines).toEqual(
      expect.arrayContaining([
        'domain-not-http: src/server/domain/planted.ts → src/server/http/handler.ts',
        'views-not-api-client: src/web/views/planted/Planted.tsx → src/web/api/client.ts',
        'machines-pure: machines/planted.ts → @xstate/react',
        'ui-not-wiring: src/web/ui/planted.ts → src/web/wiring/serverTable.ts',
        'contract-alone: src/contract/planted.ts → src/server/http/app.ts',
        'db-is-the-bottom: src/server/db/planted.ts → src/server/domain/usersPasswords.ts',
        'effect-by-module: src/contract/plantedEffect.ts → effect',
      ]),
    )
    expect(lines.some((l) => l.startsWith('no-cycles: ') && l.includes('src/server/domain/plantedA.ts') && l.includes('src/server/domain/plantedB.ts'))).toBe(true)
  })
})

/** Source files under a folder, recursively. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))

/** `export … from`: a module handing on another's names. */
const RE_EXPORT = /^export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+'[^']+'/m

/** A module may hand on another's names only as a folder's index or a port between two areas. */
const mayReExport = (file: string) => /(^|\/)index\.tsx?$/.test(file) || /Port\.ts$/.test(file)

describe('re-exports', () => {
  it('appear only in an index or a port: a name is imported from the module that defines it', () => {
    const found = ['src', 'machines'].flatMap(sources).filter((f) => !mayReExport(f) && RE_EXPORT.test(readFileSync(f, 'utf8')))
    expect(found).toEqual([])
  })

  it('are found when planted', () => {
    expect(RE_EXPORT.test("import { x } from './a.ts'\nexport { safeFileName } from '../../contract/files.ts'\n")).toBe(true)
    expect(RE_EXPORT.test("export * from './endpoint.ts'")).toBe(true)
    expect(RE_EXPORT.test("export type { Reference } from './floor.ts'")).toBe(true)
    expect(RE_EXPORT.test("export const a = 1\nexport { a as b }")).toBe(false)
    expect(mayReExport('src/web/inspector/index.ts') && mayReExport('src/server/domain/invoicing/billingPort.ts') && !mayReExport('src/web/ui/format.ts')).toBe(true)
  })
})
