import { INTEGRATION } from '../constants/integration.ts'

/** Polish texts of the integration API (answers to clients' shop systems). */
export const INTEGRATION_MSG = {
  loginRequired: 'Podaj login i hasło dostępu do API albo token.',
  wrongLogin: 'Nieprawidłowy login lub hasło dostępu do API.',
  wrongToken: 'Nieprawidłowy token dostępu do API.',
  tokenMissing: 'Brak tokenu dostępu: wyślij nagłówek Authorization: Bearer <token>.',
  tokenExpired: 'Token dostępu wygasł lub jest nieprawidłowy: pobierz nowy (POST integration/v1/token).',
  revoked: 'Te dane dostępowe do API zostały unieważnione.',
  apiDisabled: 'Dostęp do API jest wyłączony dla tego klienta.',
  clientBlocked: 'Konto klienta jest zablokowane.',
  ipNotAllowed: (ip: string) => `Dostęp do API z adresu ${ip} jest niedozwolony dla tych danych dostępowych.`,
  tooManyCalls: (seconds: number) => `Zbyt wiele zapytań do API. Spróbuj ponownie za ${seconds} s.`,
  keyRequired: `Nagłówek ${INTEGRATION.idempotencyHeader} jest wymagany (unikalny klucz każdej nowej przesyłki).`,
  keyTooLong: `Klucz w nagłówku ${INTEGRATION.idempotencyHeader} może mieć najwyżej ${INTEGRATION.idempotencyKeyMaxLength} znaków.`,
  keyReused: `Ten klucz ${INTEGRATION.idempotencyHeader} użyto już z inną treścią zapytania.`,
  keyInFlight: `Zapytanie z tym kluczem ${INTEGRATION.idempotencyHeader} jest jeszcze przetwarzane. Ponów je za chwilę.`,
  money: 'Kwota: liczba dziesiętna jako tekst, najwyżej 2 miejsca po przecinku (np. "10.00").',
  weight: 'Waga: liczba dziesiętna jako tekst, najwyżej 3 miejsca po przecinku (np. "1.500").',
  length: 'Wymiar: liczba dziesiętna jako tekst, najwyżej 1 miejsce po przecinku (np. "30.0").',
  cursor: 'Kursor: liczba całkowita z pola next_cursor poprzedniej odpowiedzi (0 na początek).',
  countryUnknown: 'Nieznany kraj.',
  noRoute: 'Żaden kurier nie obsługuje tej usługi w tym kraju.',
  noPriceList: 'Brak aktywnego cennika dla tej przesyłki: skontaktuj się z operatorem.',
  quoteFailed: 'Nie udało się wycenić przesyłki: skontaktuj się z operatorem.',
} as const
