/**
 * A streaming CSV reader (RFC 4180): UTF-8, optional byte-order mark, fields separated by commas
 * (or semicolons when the header line has semicolons and no commas, as spreadsheets in Polish and
 * Romanian locales save), quoted fields with "" for a quote and line breaks inside quotes, CRLF or
 * LF line ends. Blank lines are skipped. Each record carries the line number it starts on (1 =
 * the header), so errors can name the line an operator sees in an editor.
 */
export interface CsvRecord {
  line: number
  fields: string[]
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

export type CsvSource = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>

export async function* readCsv(source: CsvSource, messages: { unterminatedQuote: string }): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8')
  let delimiter: string | null = null
  let pending = '' // text before the delimiter is known (first line)
  let first = true

  // parser state
  let field = ''
  let fields: string[] = []
  let inQuotes = false
  let quoteSeen = false // a quote just closed (or an escaped quote may follow)
  let line = 1
  let recordLine = 1
  let afterCr = false
  const out: CsvRecord[] = []

  const endField = () => {
    fields.push(field)
    field = ''
    quoteSeen = false
  }
  const endRecord = () => {
    endField()
    const blank = fields.length === 1 && fields[0] === ''
    if (!blank) out.push({ line: recordLine, fields })
    fields = []
  }

  const feed = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!
      if (afterCr) {
        afterCr = false
        if (ch === '\n') continue
      }
      if (inQuotes) {
        if (ch === '"') {
          inQuotes = false
          quoteSeen = true
        } else {
          if (ch === '\n' || ch === '\r') {
            line++
            if (ch === '\r') afterCr = true
            field += '\n'
          } else field += ch
        }
        continue
      }
      if (ch === '"') {
        // "" inside a quoted field is one quote; a quote starting an empty field opens quoting.
        if (quoteSeen) field += '"'
        inQuotes = true
        quoteSeen = false
        continue
      }
      quoteSeen = false
      if (ch === delimiter) endField()
      else if (ch === '\n' || ch === '\r') {
        if (ch === '\r') afterCr = true
        endRecord()
        line++
        recordLine = line
      } else field += ch
    }
  }

  const take = (text: string) => {
    if (delimiter === null) {
      pending += text
      const nl = pending.search(/[\r\n]/)
      if (nl === -1) return
      const header = pending.slice(0, nl)
      delimiter = header.includes(';') && !header.includes(',') ? ';' : ','
      text = pending
      pending = ''
    }
    feed(text)
  }

  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
      first = false
    }
    take(text)
    while (out.length) yield out.shift()!
  }
  take(decoder.decode())
  if (delimiter === null) {
    // A file of one line without a line break.
    const header = pending
    delimiter = header.includes(';') && !header.includes(',') ? ';' : ','
    pending = ''
    feed(header)
  }
  if (inQuotes) throw new CsvSyntaxError(recordLine, messages.unterminatedQuote)
  if (field !== '' || fields.length > 0 || quoteSeen) endRecord()
  while (out.length) yield out.shift()!
}
