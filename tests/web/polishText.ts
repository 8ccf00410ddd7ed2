/**
 * Finds Polish text written in web source: string literals, template texts and JSX text that hold
 * a Polish letter (ą ć ę ł ń ó ś ź ż) or a common Polish word. Module paths are not text.
 */
import { readFileSync } from 'node:fs'
import { parseSync, Visitor } from 'vite'

const POLISH_LETTER = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/
/** Common Polish words without a Polish letter (whole words, case as written in UI texts). */
const POLISH_WORDS = new Set(
  (
    'Zapisz Dodaj Brak Nazwa Kraj Miasto Szukaj Wszyscy Wszystkie Tak Nie Klient Klienci Kurier Kurierzy Typ Uwagi Komentarz Filtruj ' +
    'Anuluj Zamknij Edytuj Cennik Cenniki Stan Statusy Parametr Kod Telefon Ulica Adres Prefiks Wolumen Numer Wyloguj Zaloguj Haslo ' +
    'Wybierz Pracownik Sektor Sektory Stanowisko Stanowiska Paczka Paczki Przesyłka Kwota Cena Ceny Od Do Koniec Zakres Plik Pobierz ' +
    'Wyczyść Resetuj Otwarte Dzisiaj Jutro Wczoraj Rok Logowanie Wersja Opis Zmiany Powrot ' +
    'Magazyn Etykiety Etykieta Rodzaj Wpisz List Skanuj Zeskanuj Zeskanowany Ustaw Przyjmij Generuj Data Dzień Przyjęcie wybierz ' +
    'lub oraz dla jest nie tak przez brak wszystkie numer klienta klient kurier kuriera przesyłki paczki paczek wierszy pozycji ' +
    'od do na po za ze we i w z o sie'
  ).split(' '),
)
const WORD = /[A-Za-ząćęłńóśźżĄĆĘŁŃÓŚŹŻ]+/g
/** A Polish verbal noun as buttons and hints use it ("Szukanie…", "Generowanie…"). */
const VERBAL_NOUN = /^[A-ZĄĆĘŁŃÓŚŹŻ][a-ząćęłńóśźż]+(?:anie|enie|owanie)$/

/** Whether a text reads as Polish: a Polish letter, or (with a space or capital, so not an identifier) a common Polish word. */
export function isPolish(text: string): boolean {
  if (POLISH_LETTER.test(text)) return true
  const words = text.match(WORD) ?? []
  // Short identifiers ('od', 'do' in a key) are not text: a lone lowercase word counts only in a sentence.
  const sentence = /\s/.test(text.trim())
  return words.some((w) => (POLISH_WORDS.has(w) && (sentence || /^[A-ZĄĆĘŁŃÓŚŹŻ]/.test(w))) || VERBAL_NOUN.test(w))
}

/** Attributes and column fields whose value a person reads. */
const READ_ATTRIBUTES = new Set(['label', 'title', 'placeholder', 'aria-label', 'alt', 'header', 'busyLabel'])
const LETTERS = /\p{L}{2,}/u

/**
 * Words written into what a person reads, in any language: JSX text, and a string literal given to
 * a read attribute (label, title, placeholder, aria-label, alt) or a column's or button's field
 * (header, label, busyLabel). Short codes such as "ID" or "OK" count too: they come from messages.
 */
export function readTexts(file: string, source = readFileSync(file, 'utf8')): PolishText[] {
  const parsed = parseSync(file, source)
  if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors[0]!.message}`)
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length
  const found: PolishText[] = []
  const literal = (v: unknown): string | null =>
    typeof v === 'object' && v !== null && (v as { type?: string }).type === 'Literal' && typeof (v as { value?: unknown }).value === 'string' ? ((v as { value: string }).value) : null
  new Visitor({
    JSXText: (n) => void (LETTERS.test(n.value) && found.push({ line: lineOf(n.start), text: n.value.trim() })),
    JSXAttribute: (n) => {
      const name = n.name.type === 'JSXIdentifier' ? n.name.name : null
      const text = literal(n.value)
      if (name && READ_ATTRIBUTES.has(name) && text !== null && LETTERS.test(text)) found.push({ line: lineOf(n.start), text })
    },
    Property: (n) => {
      const key = n.key.type === 'Identifier' ? n.key.name : null
      const text = literal(n.value)
      if (key && READ_ATTRIBUTES.has(key) && text !== null && LETTERS.test(text)) found.push({ line: lineOf(n.start), text })
    },
  }).visit(parsed.program)
  return found
}

export interface PolishText {
  line: number
  text: string
}

/** The Polish texts of one source file, with their lines. */
export function polishTexts(file: string, source = readFileSync(file, 'utf8')): PolishText[] {
  const parsed = parseSync(file, source)
  if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors[0]!.message}`)
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length
  const modulePaths = new Set<number>()
  const found: PolishText[] = []
  const add = (start: number, text: string) => {
    if (!modulePaths.has(start) && isPolish(text)) found.push({ line: lineOf(start), text: text.trim() })
  }
  new Visitor({
    ImportDeclaration: (n) => void modulePaths.add(n.source.start),
    ExportNamedDeclaration: (n) => void (n.source && modulePaths.add(n.source.start)),
    ExportAllDeclaration: (n) => void modulePaths.add(n.source.start),
    ImportExpression: (n) => void modulePaths.add(n.source.start),
    Literal: (n) => void (typeof n.value === 'string' && add(n.start, n.value)),
    TemplateElement: (n) => void add(n.start, n.value.cooked ?? n.value.raw),
    JSXText: (n) => void add(n.start, n.value),
  }).visit(parsed.program)
  return found
}
