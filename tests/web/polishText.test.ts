/**
 * No Polish text in a view or a UI piece: every Polish text lives in the contract's message objects
 * (src/contract/messages/). The scanner (polishText.ts) reads string literals, template texts and
 * JSX text of src/web/views and src/web/ui; a second scan finds any text a person reads written in
 * place (JSX text, labels, titles, headers), whatever its language.
 *
 * ALLOWED lists files that still hold Polish texts; each number may only go down (a file with more
 * fails, a file with fewer must lower its number, a file not listed holds none).
 */
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isPolish, polishTexts, readTexts } from './polishText.ts'

const ROOT = join(import.meta.dirname, '../..')
const SCANNED = ['src/web/views', 'src/web/ui']

/** Files that still hold Polish texts, with how many (measured; only ever lowered). None now. */
const ALLOWED: Record<string, number> = {}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the Polish text detector', () => {
  it('finds Polish in literals, templates and JSX text; not module paths, ids, classes or English', () => {
    const found = polishTexts(
      'probe.tsx',
      [
        "import { x } from './zamówienia.ts'",
        "const a = 'Zapisz'",
        'const b = `Pozycje od ${1} do ${2}`',
        "const c = <p title=\"Dodaj klienta\">Ładowanie…</p>",
        "const d = <div className=\"btn btn-sm\" data-testid=\"user-add\">Save</div>",
        "const e = { od: 1, do: 2, list: 'deleted', dir: 'asc' }",
        "const f = 'Numer przesyłki lub klient'",
      ].join('\n'),
    )
    expect(found.map((t) => [t.line, t.text])).toEqual([
      [2, 'Zapisz'],
      [3, 'Pozycje od'],
      [4, 'Dodaj klienta'],
      [4, 'Ładowanie…'],
      [7, 'Numer przesyłki lub klient'],
    ])
    expect(isPolish('Logowanie i sesje')).toBe(true)
    expect(isPolish('row-actions')).toBe(false)
    expect(isPolish('E-mail')).toBe(false)
    expect(isPolish('Szukanie…')).toBe(true)
  })

  it('finds any read text written in place: JSX text, read attributes, column headers and button labels', () => {
    const found = readTexts(
      'probe.tsx',
      [
        "const a = <th>LP</th>",
        "const b = <Field label=\"E-mail\" name=\"email\" className=\"wide\" />",
        "const c = { id: 'id', header: 'ID', accessorKey: 'email' }",
        "const d = <p title={TEXT.title} data-testid=\"x\">{TEXT.body} · </p>",
        "const e = { busyLabel: 'Generating…', name: 'generate' }",
      ].join('\n'),
    )
    expect(found.map((t) => [t.line, t.text])).toEqual([
      [1, 'LP'],
      [2, 'E-mail'],
      [3, 'ID'],
      [5, 'Generating…'],
    ])
  })
})

describe('views and UI pieces', () => {
  const counts = new Map<string, ReturnType<typeof polishTexts>>()
  for (const dir of SCANNED) for (const file of sources(join(ROOT, dir))) counts.set(relative(ROOT, file), polishTexts(file))

  it('hold no Polish text beyond the measured allowance', () => {
    const over = [...counts].flatMap(([file, texts]) =>
      texts.length > (ALLOWED[file] ?? 0) ? [`${file}: ${texts.length} > ${ALLOWED[file] ?? 0} (${texts.map((t) => `${t.line}: ${t.text}`).join('; ')})`] : [],
    )
    expect(over).toEqual([])
  })

  it('write no read text in place (JSX text, labels, titles, headers): every one comes from the messages', () => {
    const written = [...counts.keys()].flatMap((file) => readTexts(join(ROOT, file)).map((t) => `${file}:${t.line}: ${t.text}`))
    expect(written).toEqual([])
  })

  it('the allowance is lowered as texts move out (no stale numbers)', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, n]) => ((counts.get(file)?.length ?? 0) < n ? [`${file}: ${counts.get(file)?.length ?? 0} < ${n}`] : []))
    expect(stale).toEqual([])
  })
})
