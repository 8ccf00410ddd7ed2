import type { InvoiceStatus } from '../constants/invoicing.ts'
import { EXPORT_STATUS_NAME } from './billing.ts'

/** The Polish plural form of `n` (1 faktura, 2–4 faktury, 5 faktur; 22 faktury, 25 faktur). */
export function plural(n: number, forms: { one: string; few: string; many: string }): string {
  const rule = new Intl.PluralRules('pl-PL').select(n)
  return rule === 'one' ? forms.one : rule === 'few' ? forms.few : forms.many
}
const invoicesWord = { one: 'fakturę', few: 'faktury', many: 'faktur' }
const clientsWord = { one: 'klienta', few: 'klientów', many: 'klientów' }

/**
 * Polish texts of the invoices area. The spec's own wording for the trigger's 409 (given in
 * English there, kept as given: the back office shows it as sent) and for the re-issue toast;
 * the rest chosen here.
 */
export const INVOICING_MSG = {
  bufferParcelsWaiting: 'Before starting invoicing, buffer shipments must be assigned',
  reissued: 'Faktura zostanie wystawiona ponownie!',
  triggered: (created: number) => (created ? `Utworzono ${created} ${plural(created, invoicesWord)}` : 'Brak nowych okresów rozliczeniowych do zafakturowania'),
  triggerInFuture: 'Data fakturowania nie może być późniejsza niż dzisiaj',
  triggerConfirm: (clients: number) =>
    clients
      ? `Zostaną wystawione faktury dla ${clients} ${plural(clients, clientsWord)} za zakończone okresy rozliczeniowe. Kontynuować?`
      : 'Nie ma klientów do zafakturowania na ten dzień (brak zakończonych okresów bez faktury). Kontynuować?',
  reissueRecompute: 'Faktura nie została jeszcze wystawiona: zostanie przeliczona od nowa z nowego zestawienia. Kontynuować?',
  reissueCorrection: (number: string) =>
    `Faktura ${number} została już wystawiona i nie zostanie zmieniona. Zostanie przygotowane nowe zestawienie; jeśli kwoty się zmieniły, ` +
    `zostanie wystawiona faktura korygująca do ${number} (z różnicą na każdej pozycji) i wysłana do klienta. Kontynuować?`,
  correctionOrdered: (number: string) => `Zostanie przygotowana faktura korygująca do faktury ${number}`,
  correctionInProgress: 'Korekta tej faktury jest w trakcie wystawiania – poczekaj na jej zakończenie',
  reviewClosed: 'Faktura nie czeka na przejrzenie błędów – nie można zmienić oznaczenia',
  correctionTitle: (number: string) => `Korekta faktury ${number}`,
  corrections: 'Korekty',
  correctionMailSubject: (number: string, original: string) => `Faktura korygująca ${number} do faktury ${original}`,
  correctionMailBody: (client: string, number: string, original: string, total: string) =>
    `Dzień dobry,\n\nw załączniku przesyłamy fakturę korygującą ${number} do faktury ${original} dla ${client}.\n` +
    `Kwota korekty: ${total}.\n\nRE Logistics`,
  notFound: 'Nie znaleziono faktury',
  errorNotFound: 'Nie znaleziono błędu walidacji',
  notReviewable: 'Tego błędu nie można oznaczyć jako przejrzanego',
  notReissuable: 'Faktura jest w trakcie wystawiania – nie można jej teraz wystawić ponownie',
  noPdf: 'Faktura nie ma jeszcze pliku PDF',
  noStatement: 'Faktura nie ma jeszcze zestawienia',
  statementNotReady: 'Zestawienie nie jest jeszcze gotowe',
  reviewedSaved: 'Zapisano',
  title: (client: string, from: string, to: string) => `Faktura dla klienta ${client} za okres ${from} – ${to}`,
  empty: '-',
  mailSubject: (number: string) => `Faktura ${number}`,
  mailBody: (client: string, number: string, from: string, to: string, total: string, due: string) =>
    `Dzień dobry,\n\nw załączniku przesyłamy fakturę ${number} dla ${client} za okres ${from} – ${to}.\n` +
    `Kwota do zapłaty: ${total}. Termin płatności: ${due}.\n\nRE Logistics`,
  internalError: 'Błąd wewnętrzny przy przygotowaniu zestawienia',
  mixedCurrencies: 'Zestawienie zawiera kwoty w różnych walutach',
} as const

export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  pending: 'Oczekuje',
  waiting_for_report: 'Czeka na zestawienie',
  report_validated: 'Zestawienie poprawne',
  report_validation_error: 'Błędy w zestawieniu',
  issued: 'Wystawiona',
  missing_client_id: 'Brak identyfikatora klienta',
  send: 'Wysłana',
  no_difference: 'Bez zmian – korekta niepotrzebna',
}

export const INVOICE_ERROR_LABEL: Record<string, string> = {
  no_operational_price_list_match: 'Brak pasującego cennika operacyjnego',
  missing_amount: 'Brak kwoty',
  giant_amount: 'Kwota znacznie wyższa niż zwykle',
  internal_error: EXPORT_STATUS_NAME.internal_error,
  mixed_currencies: 'Różne waluty w zestawieniu',
}

/** Texts of the invoice PDF. */
export const INVOICE_PDF = {
  title: 'Faktura VAT',
  number: 'Numer',
  issueDate: 'Data wystawienia',
  saleDate: 'Okres sprzedaży',
  dueDate: 'Termin płatności',
  seller: 'Sprzedawca',
  buyer: 'Nabywca',
  externalId: 'Identyfikator klienta',
  lp: 'Lp.',
  item: 'Nazwa usługi',
  qty: 'Ilość',
  net: 'Wartość netto',
  vatRate: 'Stawka VAT',
  vat: 'Kwota VAT',
  gross: 'Wartość brutto',
  total: 'Razem do zapłaty',
  sum: 'Razem',
  shipments: (n: number) => `${n} ${plural(n, { one: 'przesyłka', few: 'przesyłki', many: 'przesyłek' })}`,
  nip: 'NIP',
  bankAccount: 'Numer rachunku',
  unit: 'Jm.',
  unitNet: 'Cena jedn. netto',
  paymentMethod: 'Sposób płatności: przelew',
  correctionTitle: 'Faktura korygująca',
  corrects: (number: string, date: string) => `Do faktury ${number} z dnia ${date}`,
  before: 'Przed korektą',
  after: 'Po korekcie',
  difference: 'Korekta (różnica)',
  correctionTotal: 'Kwota korekty',
  exempt: 'np',
  kind: { main: 'Usługi kurierskie – przesyłki', after_service: 'Usługi dodatkowe po doręczeniu' } as Record<string, string>,
} as const

/** Labels, headings, buttons and hints of the invoicing screens. */
export const INVOICING_TEXT = {
  viewInSystem: 'Zobacz w systemie fakturowym',
  downloadInvoice: 'Pobierz fakturę',
  downloadStatement: 'Pobierz zestawienie',
  validationErrors: 'Błędy walidacji',
  shipments: 'Przesyłki',
  weightAndSize: 'Waga i wymiary',
  grossAmount: 'Kwota brutto',
  search: 'Klient lub numer faktury',
  empty: 'Brak faktur',
  invoice: 'Faktura',
  reissue: 'Wystaw ponownie',
  recipients: 'Odbiorcy',
  reviewed: 'Przejrzany',
  period: 'Okres',
  invoices: 'Faktury',
  invoicing: 'Fakturowanie',
  invoicingDate: 'Data fakturowania',
  runInvoicing: 'Uruchom fakturowanie',
  invoicingRunning: 'Fakturowanie…',
  reviewedError: (label: string) => `Przejrzany: ${label}`,
} as const
