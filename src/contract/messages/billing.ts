import type { ValidationErrorType } from '../constants/billing.ts'

/** Polish messages of billing statements and the export list. */
export const BILLING_MSG = {
  /** 409 of a billing order while a buffer parcel received in the period has no client. */
  bufferParcelsWaiting: 'Przed wygenerowaniem raportu do rozliczeń przypisz przesyłki buforowe do klientów.',
  /** A download asked for in a status without a file. */
  downloadNotPossible: 'Pobranie pliku nie jest możliwe!',
  /** Only admins order billing statements. */
  billingAdminOnly: 'Raport do rozliczeń może zamówić tylko administrator.',
  startRequired: 'Data początkowa jest wymagana.',
  endRequired: 'Data końcowa jest wymagana.',
  badDate: 'Podaj datę w formacie RRRR-MM-DD.',
  endBeforeStart: 'Data końcowa nie może być wcześniejsza niż początkowa.',
  clientNotFound: 'Taki klient nie istnieje',
  errorNotFound: 'Taki błąd walidacji nie istnieje',
  errorNotReviewable: 'Tego błędu nie można oznaczyć jako sprawdzonego — trzeba go usunąć i wygenerować raport ponownie.',
  notAStatement: 'Tylko raport do rozliczeń można oznaczyć jako użyty do faktury.',
  usedByInvoice: 'Z tego zestawienia wystawiono fakturę – pozostaje oznaczone jako użyte do faktury.',
  statementNotReady: 'Raport nie jest jeszcze gotowy.',
  /** Toasts of the billing modal. */
  ordered: 'Zamówiono raport do rozliczeń.',
  ready: 'Raport do rozliczeń jest gotowy do pobrania.',
  readyWithErrors: 'Raport do rozliczeń zawiera błędy walidacji — można go pobrać i sprawdzić.',
  failed: 'Generowanie raportu do rozliczeń nie powiodło się.',
  usedForInvoiceSet: 'Raport oznaczono jako użyty do faktury.',
  usedForInvoiceCleared: 'Zdjęto oznaczenie użycia do faktury.',
  reviewedSaved: 'Zapisano.',
  /** internal_error of a job lost for good (its server stopped while it ran, more than once). */
  jobLost: 'Przetwarzanie raportu zostało przerwane (restart serwera). Zamów raport ponownie.',
  /** Name of a statement in the list. */
  statementName: (client: string, start: string, end: string) => `Raport do rozliczeń ${client} ${start} – ${end}`,
} as const

/** Texts of the statement XLSX (sheets, headers, totals, file name). */
export const STATEMENT_MSG = {
  sheet: 'Rozliczenie',
  priceListsSheet: 'Cenniki',
  columns: {
    waybill: 'Przesyłka',
    day: 'Data',
    client: 'Klient',
    country: 'Kraj',
    service: 'Usługa',
    parcels: 'Liczba paczek',
    weight: 'Waga rozliczeniowa (kg)',
    list: 'Cennik',
    base: 'Kwota podstawowa',
    surcharges: 'Dopłaty',
    amount: 'Kwota',
    after: 'Po usłudze',
    currency: 'Waluta',
    details: 'Szczegóły',
    error: 'Błąd walidacji',
  },
  priceListColumns: {
    name: 'Cennik',
    owner: 'Czyj',
    country: 'Kraj',
    begin: 'Obowiązuje od',
    shipments: 'Liczba przesyłek',
  },
  /** The owner of a list that is not a client's own. */
  defaultList: 'domyślny',
  /** Label of the totals row of one currency (the row starts with `totalPrefix`). */
  totalPrefix: 'Razem',
  total: (currency: string, shipments: number) => `Razem ${currency} (liczba przesyłek: ${shipments})`,
  /** Lines above the price-list table of the second sheet. */
  reAccountOn: 'Ponowne rozliczenie: tak — każda przesyłka naliczona od nowa według cenników obowiązujących w dniu jej nadania.',
  reAccountOff: (kept: number) =>
    `Ponowne rozliczenie: nie — przesyłki rozliczone wcześniej zachowały dawne naliczenia (takich przesyłek: ${kept}); pozostałe naliczono według obowiązujących cenników.`,
  /** Statement file name: zestawienie_<client>_<start>_<end>.xlsx (client written with letters, digits and _ only). */
  fileName: (client: string, start: string, end: string) => `zestawienie_${client.replace(/[^\p{L}\p{N}]+/gu, '_')}_${start}_${end}.xlsx`,
} as const

/** Texts of the statement's details in "Moje raporty" and of the client card's billing modal. */
export const STATEMENT_VIEW = {
  priceListsTitle: 'Cenniki użyte w rozliczeniu',
  priceListColumns: { name: 'Cennik', owner: 'Czyj', country: 'Kraj', begin: 'Obowiązuje od', shipments: 'Przesyłek' },
  noPriceLists: 'Żadna przesyłka nie została rozliczona według cennika.',
  reAccountLabel: 'Ponowne rozliczenie — nalicz każdą przesyłkę od nowa',
  reAccountHelp:
    'Zaznaczone: każda przesyłka z okresu zostaje naliczona od nowa według cenników obowiązujących w dniu jej nadania (także cennika dodanego lub zmienionego po wcześniejszym rozliczeniu), a zapisane naliczenia zostają zastąpione — tak samo nalicza fakturowanie. Odznaczone: przesyłki rozliczone już wcześniej zachowują dawne kwoty, naliczane są tylko pozostałe.',
  lastMonth: 'Poprzedni miesiąc',
  thisMonth: 'Bieżący miesiąc',
} as const

/** File names of the listing's reports (a day yyyy-mm-dd at the end). */
export const REPORT_FILE_NAME = {
  parcels: (day: string) => `lista_paczek_${day}.xlsx`,
  shipments: (day: string) => `lista_przesylek_${day}.xlsx`,
  custom: (day: string) => `raport_szczegolowy_${day}.xlsx`,
} as const

/** Polish words of a price list's type (statement, validation errors). */
export const PRICE_LIST_TYPE_NAME: Readonly<Record<string, string>> = { income: 'Cennik przychodowy', cost: 'Cennik kosztowy' }

/**
 * The data of a `no_operational_price_list_match` error in words: which list was looked for, for
 * whom, to where (names, not ids).
 */
export const noListMatchText = (d: { type?: unknown; association?: unknown; client?: unknown; country?: unknown }) =>
  [
    PRICE_LIST_TYPE_NAME[String(d.type ?? '')] ?? 'Cennik',
    d.association ? `powiązanie specjalne: ${String(d.association)}` : '',
    `klient: ${d.client ? String(d.client) : '—'}`,
    `kraj: ${d.country ? String(d.country) : '—'}`,
  ]
    .filter(Boolean)
    .join(', ') + '.'

/** The status names shown in the export lists. */
export const EXPORT_STATUS_NAME: Readonly<Record<string, string>> = {
  order_accepted: 'Przyjęto zamówienie',
  accounting: 'Rozliczanie',
  validated: 'Zweryfikowany',
  validation_error: 'Błąd walidacji',
  downloaded: 'Pobrany',
  verified: 'Sprawdzony',
  internal_error: 'Błąd wewnętrzny',
  generated: 'Wygenerowany',
  file_deleted: 'Plik usunięty',
}

/** One message per validation error type; an unknown type is shown as its raw name. */
export const VALIDATION_ERROR_MSG: Readonly<Record<ValidationErrorType, string>> = {
  missing_amount: 'Przesyłka nie została rozliczona (brak kwoty).',
  giant_amount: 'Przesyłka ma niepokojąco wysoką kwotę rozliczenia.',
  wrong_shipments_in_report_count: 'Liczba przesyłek w pliku różni się od oczekiwanej.',
  no_operational_price_list_match: 'Nie można rozliczyć przesyłki — brak pasującego cennika.',
  uncompleted_shipment_missing_parcel: 'Brak paczki w raporcie — paczka wielopakowa została przyjęta na magazyn zwrotów niekompletna.',
}

/** Labels, headings, buttons and hints of the billing screens. */
export const BILLING_TEXT = {
  statementReport: 'Raport do rozliczeń:',
  validationErrors: '— błędy walidacji:',
  downloadFile: 'Pobierz plik',
  orderDate: 'Data zamówienia',
  downloadReport: 'Pobierz raport',
  usedForInvoice: 'Użyty do faktury',
  collapse: 'Zwiń',
  exportFiles: 'Pliki eksportów',
  file: 'Plik',
  progress: 'Postęp',
  giantAmount: (amount: string, weight: string, parcels: string) => `Kwota: ${amount}, waga rozliczeniowa: ${weight} kg, paczek: ${parcels}.`,
  reportCount: (exported: string, expected: string) => `W pliku: ${exported}, oczekiwano: ${expected}.`,
  errorChecked: (n: number) => `Sprawdzony: błąd ${n}`,
  createdAt: 'Data utworzenia',
  ordering: 'Zamawianie…',
} as const
