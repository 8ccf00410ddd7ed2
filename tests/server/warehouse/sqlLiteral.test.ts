import { describe, expect, it } from 'vitest'
import { openPglite, sqlLiteral } from '../../../src/server/db/db.ts'

/** Literals for EXECUTE of prepared statements on PGlite: every value comes back exactly. */
describe('sqlLiteral', () => {
  it.each([
    ["O'Brien", "'O''Brien'"],
    ["'); drop table x; --", "'''); drop table x; --'"],
    ['back\\slash', "'back\\slash'"],
    [null, 'NULL'],
    [true, 'TRUE'],
    [12.5, '12.5'],
  ])('%s → %s', (v, lit) => expect(sqlLiteral(v)).toBe(lit))

  it('refuses what it cannot quote', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow()
    expect(() => sqlLiteral('a\u0000b')).toThrow()
    expect(() => sqlLiteral({})).toThrow()
  })

  it('round-trips through a prepared statement on PGlite', async () => {
    const db = await openPglite()
    const values = ["O'Brien", "'); select 1; --", 'zażółć \\ gęślą', '$1 $$ $tag$', '"quoted"']
    for (const v of values) {
      const [r] = await db.prepared<{ v: string; n: number }>('echo', 'select $1::text as v, $2::int as n', [v, 7])
      expect(r).toEqual({ v, n: 7 })
    }
    const [d] = await db.prepared<{ d: Date }>('echo_date', 'select $1::timestamptz as d', [new Date('2025-03-01T09:15:00Z')])
    expect(d!.d.toISOString()).toBe('2025-03-01T09:15:00.000Z')
    await db.close()
  })
})
