/**
 * Text written into a spreadsheet cell (every CSV field and XLSX text cell the product writes):
 * a value a spreadsheet could take for a formula — starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return — gets a leading `'`, so it is shown as text, never run (OWASP ASVS 1.2.10).
 * Quoting a CSV field does not stop formulas: spreadsheets drop the quotes first. A plain signed
 * number ("-12.50", "+48123456789") cannot be a formula and is left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/

export const safeCell = (text: string): string => (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text)

/** A row of cells with every string through safeCell (numbers, dates and the rest as they are). */
export const safeRow = <R extends Record<string, unknown>>(row: R): R =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? safeCell(v) : v])) as R
