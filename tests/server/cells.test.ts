import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { safeCell } from '../../src/server/documents/cells.ts'
import { xlsx } from '../../src/server/documents/xlsx.ts'

/** Every XLSX the product writes through xlsx() (reports, statistics) keeps formula-like text inert. */
describe('spreadsheet text cells', () => {
  it('xlsx(): text starting with = + - @ tab or CR is written with a leading apostrophe, as text; numbers stay typed', async () => {
    const texts = ['=1+1', '+cmd|/C calc', '-A1', '@SUM(A1)', '\tx', '\ry', 'Zwykły tekst', '-12.50']
    const data = await xlsx('Arkusz', [{ header: 'Tekst', key: 'text' }, { header: 'Liczba', key: 'n' }], texts.map((text, n) => ({ text, n: n - 3 })))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    const read = texts.map((_, i) => sheet.getRow(i + 2).getCell(1))
    // (XML reads a lone CR back as a line feed.)
    const lf = (v: unknown) => String(v).replace(/\r/g, '\n')
    expect(read.map((c) => lf(c.value))).toEqual(['\'=1+1', '\'+cmd|/C calc', '\'-A1', '\'@SUM(A1)', '\'\tx', '\'\ny', 'Zwykły tekst', '-12.50'])
    expect(read.every((c) => c.type === ExcelJS.ValueType.String)).toBe(true)
    expect(sheet.getRow(2).getCell(2).value).toBe(-3)
    expect(texts.map((x) => lf(safeCell(x)))).toEqual(read.map((c) => lf(c.value)))
  })
})
