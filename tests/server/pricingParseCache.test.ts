import { describe, expect, it } from 'vitest'
import { boundedMemo } from '../../src/server/domain/pricing/boundedMemo.ts'
import { accountingWeight, parsedDecimals } from '../../src/server/domain/pricing/engine.ts'

/**
 * The engine parses each decimal text once and keeps at most `parsedDecimals.max` of them: a
 * statement of unique values cannot grow the store without end, and a text parsed again after the
 * store was emptied gives the same number.
 */
describe('boundedMemo', () => {
  it('keeps at most max results, computes each kept key once, and recomputes right after emptying', () => {
    const calls: string[] = []
    const memo = boundedMemo(3, (k: string) => {
      calls.push(k)
      return k.length
    })
    const sizes: number[] = []
    for (const k of ['a', 'bb', 'a', 'ccc', 'bb', 'dddd', 'a', 'eeeee']) {
      expect(memo.get(k)).toBe(k.length)
      sizes.push(memo.size)
    }
    expect(Math.max(...sizes)).toBe(3)
    expect(sizes).toEqual([1, 2, 2, 3, 3, 1, 2, 3])
    // 'a' and 'bb' were kept until the store filled; after it was emptied 'a' is computed again.
    expect(calls).toEqual(['a', 'bb', 'ccc', 'dddd', 'a', 'eeeee'])
  })

  it('keeps a result that is null', () => {
    let calls = 0
    const memo = boundedMemo(2, () => {
      calls++
      return null
    })
    expect(memo.get('x')).toBeNull()
    expect(memo.get('x')).toBeNull()
    expect(calls).toBe(1)
  })
})

describe('the pricing engine\'s parsed decimals', () => {
  it('never keep more than their bound, and weights stay right after the store is emptied', () => {
    const max = parsedDecimals.max
    expect(max).toBe(50_000)
    // Texts no other test charges: one more than the bound, so the store fills and is emptied at least once.
    const text = (i: number) => `${7_000_000 + i}.321`
    const weightOf = (t: string) => accountingWeight([{ internalNumber: 'P1', weight: t, length: null, width: null, height: null }], true).toFixed(3)
    let largest = 0
    let emptied = 0
    let skipped = 0
    const wrong: string[] = []
    let before = parsedDecimals.size
    for (let i = 0; i <= max; i++) {
      if (weightOf(text(i)) !== text(i)) wrong.push(text(i))
      const size = parsedDecimals.size
      if (size < before) emptied++
      else if (size !== before + 1) skipped++
      largest = Math.max(largest, size)
      before = size
    }
    expect(wrong).toEqual([])
    // Each new text is kept (the store grows by one) until the bound, where it is emptied once.
    expect(skipped).toBe(0)
    expect(largest).toBe(max)
    expect(emptied).toBe(1)
    // The first texts were dropped with the rest; parsed again, they are the same weights.
    expect(weightOf(text(0))).toBe(text(0))
    expect(accountingWeight([
      { internalNumber: 'P1', weight: text(1), length: null, width: null, height: null },
      { internalNumber: 'P2', weight: text(max), length: null, width: null, height: null },
    ], true).toFixed(3)).toBe(`${2 * 7_000_000 + 1 + max}.642`)
    expect(parsedDecimals.size).toBeLessThanOrEqual(max)
  })
})
