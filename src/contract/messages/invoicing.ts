import type { InvoiceStatus } from '../constants/invoicing.ts'

/**
 * Polish texts of the invoices area. The spec's own wording for the trigger's 409 (given in
 * English there, kept as given: the back office shows it as sent) and for the re-issue toast;
 * the rest chosen here.
 */
export const IMSG = {
  bufferParcelsWaiting: 'Before starting invoicing, buffer shipments must be assigned',
  reissued: 'Faktura zostanie wystawiona ponownie!',
  triggered: (created: number) => (created ? `Utworzono faktur: ${created}` : 'Brak nowych okresów rozliczeniowych do zafakturowania'),
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
}

export const INVOICE_ERROR_LABEL: Record<string, string> = {
  no_operational_price_list_match: 'Brak pasującego cennika operacyjnego',
  missing_amount: 'Brak kwoty',
  giant_amount: 'Kwota znacznie wyższa niż zwykle',
  internal_error: 'Błąd wewnętrzny',
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
  exempt: 'np',
  kind: { main: 'Usługi kurierskie – przesyłki', after_service: 'Usługi dodatkowe po doręczeniu' } as Record<string, string>,
  seller_lines: ['RE Logistics sp. z o.o.', 'ul. Przemysłowa 1, 43-100 Tychy', 'NIP 000-000-00-00'],
} as const
