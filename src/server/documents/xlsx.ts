import { safeRow } from './cells.ts'

export interface XlsxColumn {
  header: string
  key: string
  width?: number
  /** Cell format of the column's typed cells (XLSX_FORMAT). */
  format?: string
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** One sheet with a bold header row, frozen under the header, auto-filter on the columns (exceljs). */
export async function xlsx(sheetName: string, columns: readonly XlsxColumn[], rows: ReadonlyArray<Record<string, unknown>>): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  book.creator = 'RE Logistics'
  book.created = new Date()
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length + 2) }))
  sheet.getRow(1).font = { bold: true }
  for (const r of rows) {
    const row = sheet.addRow(safeRow(r))
    columns.forEach((c, i) => {
      if (c.format) row.getCell(i + 1).numFmt = c.format
    })
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } }
  const buf = await book.xlsx.writeBuffer()
  return new Uint8Array(buf as ArrayBuffer)
}
