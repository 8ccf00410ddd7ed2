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
      ]),
    )
    expect(lines.some((l) => l.startsWith('no-cycles: ') && l.includes('src/server/domain/plantedA.ts') && l.includes('src/server/domain/plantedB.ts'))).toBe(true)
  })
})
