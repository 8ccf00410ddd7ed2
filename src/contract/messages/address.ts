import { SEARCH_MIN_CHARS } from '../constants/ui.ts'
import { UI_TEXT } from './ui.ts'

/**
 * Polish texts of the address database. The spec gives only the rule (search
 * from 3 characters) and the town-not-found key; the wording is chosen here. Import messages are
 * shown by `npm run import:addresses` to the operator.
 */
export const ADDRESS_MSG = {
  searchTooShort: `Wpisz co najmniej ${SEARCH_MIN_CHARS} znaki`,
  /** Locality search needs a name or a postal code. */
  localityCriteriaMissing: `Podaj nazwę miejscowości (co najmniej ${SEARCH_MIN_CHARS} znaki) lub kod pocztowy`,
  localityNotFound: 'Miejscowość nie istnieje',
  // import (docs/address-import.md)
  import: {
    emptyFile: 'Plik jest pusty (brak wiersza nagłówka)',
    missingColumns: (cols: string[]) => `Brak wymaganych kolumn: ${cols.join(', ')}`,
    unknownColumns: (cols: string[]) => `Nieznane kolumny: ${cols.join(', ')}`,
    duplicateColumn: (col: string) => `Kolumna ${col} występuje więcej niż raz`,
    wrongFieldCount: (got: number, expected: number) => `Wiersz ma ${got} pól, nagłówek ${expected}`,
    unterminatedQuote: 'Niezamknięty cudzysłów',
    required: 'Pole jest wymagane',
    tooLong: (max: number) => `Maksymalna długość to ${max} znaków`,
    unknownCountry: (v: string, known: string[]) => `Nieznany kraj „${v}” (kody ISO w bazie: ${known.join(', ') || 'brak'})`,
    noCountries: 'Baza nie zawiera krajów: uruchom najpierw aplikację (npm start) lub npm run seed',
    postalCode: (example: string) => `Nieprawidłowy kod pocztowy (format: ${example})`,
    notNumber: 'Oczekiwana liczba',
    latitude: 'Szerokość geograficzna musi być w zakresie −90…90',
    longitude: 'Długość geograficzna musi być w zakresie −180…180',
    localityMissing: 'Miejscowość nie istnieje w bazie adresowej (zaimportuj najpierw plik miejscowości)',
    rejected: (n: number) => `Import odrzucony: ${n} błędnych wierszy, nic nie zapisano`,
    inUse: 'Nie można usunąć rekordów, do których odwołują się inne dane (np. przesyłki)',
  },
} as const

/** Texts of the message keys the spec names, by key: the server's reply `message` and the toasts' keys. */
export const ADDRESS_KEY_TEXT = {
  town_not_found: 'Nie znaleziono miejscowości',
} as const

/** The public postal-code finder in Polish; `{{n}}` is filled in by the PL/RO switch (src/web/i18n). */
export const POSTAL_FINDER_TEXT = {
  title: 'Wyszukiwarka kodów pocztowych',
  intro: 'Wpisz nazwę miejscowości w Rumunii, aby poznać jej kod pocztowy.',
  language: 'Język',
  town: 'Miejscowość',
  placeholder: 'np. Iași, Cluj-Napoca, Brașov',
  min_chars: 'Wpisz co najmniej {{n}} znaki',
  searching: 'Szukam…',
  name: 'Miejscowość',
  voivodeship: 'Okręg (județ)',
  municipality: 'Gmina',
  postal_code: 'Kod pocztowy',
  more_results: 'Pokazano pierwszych {{n}} wyników – wpisz dokładniejszą nazwę.',
  search_failed: 'Wyszukiwanie nie powiodło się',
  retry: UI_TEXT.retry,
  back: 'Powrót do logowania',
} as const

/** The operator's countries by ISO code, in Polish. */
export const COUNTRY_NAME = { PL: 'Polska', RO: 'Rumunia', HU: 'Węgry', BG: 'Bułgaria' } as const
