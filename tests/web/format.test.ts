import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMPTY, formatDate, formatDateTime, formatFixed, formatKg, formatLongDate, formatMoney, formatNumber, formatPercent } from '../../src/contract/format.ts'

/** pl-PL groups thousands from 10 000 on with a non-breaking space. */
const NBSP = '\u00a0'

describe('the one pl-PL format', () => {
  it('money: two decimals, comma, the currency code after every amount; decimal strings exactly', () => {
    expect(formatMoney('1661.77', 'PLN')).toBe('1661,77 PLN')
    expect(formatMoney(1661.77, 'PLN')).toBe('1661,77 PLN')
    expect(formatMoney('50.5', 'RON')).toBe('50,50 RON')
    expect(formatMoney('0', 'EUR')).toBe('0,00 EUR')
    expect(formatMoney('-12.3', 'PLN')).toBe('-12,30 PLN')
    expect(formatMoney('12345678.90', 'PLN')).toBe(`12${NBSP}345${NBSP}678,90 PLN`)
    // A string is read as a decimal, never through a float: 0.145 rounds half up to 0,15.
    expect(formatMoney('0.145', 'PLN')).toBe('0,15 PLN')
    expect(formatMoney('99999999999999.99', 'PLN')).toBe(`99${NBSP}999${NBSP}999${NBSP}999${NBSP}999,99 PLN`)
    expect(formatMoney(null, 'PLN')).toBe(EMPTY)
    expect(formatMoney('', 'PLN')).toBe(EMPTY)
    expect(formatMoney('abc', 'PLN')).toBe('abc PLN')
  })
  it('numbers: comma decimals, no trailing zeros, thousands grouped from 10 000', () => {
    expect(formatNumber('12.500')).toBe('12,5')
    expect(formatNumber(1661.77)).toBe('1661,77')
    expect(formatNumber(45)).toBe('45')
    expect(formatNumber(12345)).toBe(`12${NBSP}345`)
    expect(formatNumber('0.0004')).toBe('0')
    expect(formatNumber(undefined)).toBe(EMPTY)
    expect(formatNumber(Number.NaN)).toBe(EMPTY)
    expect(formatFixed('9.5', 2)).toBe('9,50')
    expect(formatKg('31.5')).toBe('31,5 kg')
    expect(formatPercent(0.125)).toBe('12,5%')
  })
  it('dates: dd.mm.yyyy and dd.mm.yyyy HH:mm in Europe/Warsaw', () => {
    expect(formatDate('2026-10-15')).toBe('15.10.2026')
    expect(formatDate('2026-10-15T22:30:00Z')).toBe('16.10.2026')
    expect(formatDateTime('2026-11-26T09:05:00Z')).toBe('26.11.2026 10:05')
    expect(formatDateTime('2026-07-01T09:05:00Z')).toBe('01.07.2026 11:05')
    expect(formatDateTime(null)).toBe(EMPTY)
    expect(formatLongDate('2026-05-01')).toBe('1 maja 2026')
  })
})

/** Source files of the browser and of the machines. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('every screen formats through src/contract/format.ts', () => {
  const root = join(import.meta.dirname, '../..')
  const files = [...sources(join(root, 'src/web')), ...sources(join(root, 'machines'))]
  /** Ad-hoc formatting that bypasses the one format: dots for decimals, ISO or locale-dependent dates. */
  const AD_HOC: Array<[RegExp, string]> = [
    [/\.toFixed\(/, 'toFixed (a dot for decimals)'],
    [/\.toLocale(Date|Time)?String\(/, 'toLocaleString (a format of its own)'],
    [/\bIntl\.(NumberFormat|DateTimeFormat)\b/, 'an Intl format of its own'],
    [/\.replace\(['"]\.['"], ?['"],['"]\)/, "replace('.', ',') (a hand-made decimal comma)"],
    [/import \{[^}]*\bformatDate(Time)?\b[^}]*\} from '[./]*contract\/time\.ts'/, 'dates not through the format module'],
  ]
  it('no view, wiring or machine formats numbers, money or dates by hand', () => {
    const found: string[] = []
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [re, what] of AD_HOC) if (re.test(line)) found.push(`${relative(root, file)}:${i + 1}: ${what}`)
        })
    }
    expect(found).toEqual([])
  })
})
