/**
 * Polish texts shown to people, as the specification words them with its spelling mistakes
 * corrected (docs/spec-corrections.md).
 * Keys in `i18nKeys` are the spec's message keys, translated by src/web/i18n.
 */
export const MSG = {
  confirmAction: 'Czy na pewno chcesz wykonać akcję?',
  // workstation
  workstationRequired: 'Przed rozpoczęciem pracy musisz zeskanować stanowisko!',
  workstationNotFound: 'Stanowisko nie istnieje!',
  workstationTaken: 'Stanowisko jest już zajęte!',
  workstationSet: 'Pomyślnie ustawiono stanowisko!',
  workstationFree: 'Stanowisko jest aktualnie wolne',
  workstationCleared: 'Pomyślnie opróżniono stanowisko',
  otherWorkstation: 'Jesteś zalogowany na innym stanowisku!',
  // said by the floor and by the shipment and parcel screens alike
  statusAdded: 'Pomyślnie nadano status!',
  clientNotFound: 'Nie znaleziono klienta',
  parcelNotFound: 'Nie znaleziono przesyłki',
  // scanner alarms
  ean: (n: number) => `Zeskanowano nieprawidłowy kod - wykryto EAN${n}`,
  tooFast: 'Zbyt szybko skanujesz przesyłki',
  /** The specification names this warning without wording it; wording chosen here. */
  restickLabel: 'Etykieta jest nieaktualna – naklej nową etykietę na przesyłkę!',
  // validation (chosen here: the spec leaves field messages to the implementation)
  required: 'Pole jest wymagane',
  invalidEmail: 'Niepoprawny adres e-mail',
  minLength: (n: number) => `Minimalna długość to ${n} znaków`,
  passwordsDiffer: 'Hasła muszą być takie same',
  invalidValue: 'Nieprawidłowa wartość',
  maxLength: (n: number) => `Maksymalna długość to ${n} znaków`,
  forbiddenCharacters: 'Tekst zawiera niedozwolone znaki',
  integerExpected: 'Wartość musi być liczbą całkowitą',
  numberTooLarge: (max: number) => `Wartość musi mieścić się w zakresie ±${max.toLocaleString('pl-PL')}`,
  decimalPlaces: (n: number) => `Maksymalnie ${n} miejsc po przecinku`,
  bodyTooLarge: (mb: number) => `Przesłane dane są za duże (limit ${mb} MB)`,
  jsonExpected: 'Dane muszą być wysłane jako JSON (Content-Type: application/json)',
  unexpectedField: 'Nieoczekiwane pole',
  /** Every date field (validation.ts StrictDate); the range is DATE_RANGE. */
  invalidDate: (min: string, max: string) => `Podaj istniejącą datę od ${min} do ${max} w formacie rrrr-mm-dd`,
  /** Every date-time field (validation.ts StrictDateTime). */
  invalidDateTime: (min: string, max: string) => `Podaj istniejącą datę i godzinę od ${min} do ${max} w formacie rrrr-mm-dd gg:mm:ss`,
  invalidData: 'Przesłane dane są nieprawidłowe',
  // access (chosen here)
  unauthenticated: 'Sesja wygasła, zaloguj się ponownie',
  forbidden: 'Brak uprawnień do tej operacji',
  notFound: 'Nie znaleziono',
  xsrfMismatch: 'Sesja formularza wygasła, odśwież stronę i spróbuj ponownie.',
  serverError: 'Wystąpił nieznany błąd',
  userBlocked: 'Konto jest zablokowane',
  userUnlocked: 'Odblokowano logowanie: nieudane próby użytkownika zostały wyzerowane',
  unlockFailed: 'Nie udało się odblokować logowania',
  sessionsEnded: (n: number) => `Zakończono sesje na innych urządzeniach: ${n}`,
  userSessionsEnded: (n: number) => `Zakończono sesje użytkownika: ${n}`,
  unlockAction: 'Odblokuj logowanie',
  endSessionsAction: 'Wyloguj wszędzie',
  endSessionsFailed: 'Nie udało się zakończyć sesji',
  /** 429 of the login and password-recovery guessing protection. */
  tooManyAttempts: (minutes: number) => `Zbyt wiele prób. Spróbuj ponownie za ${minutes} min.`,
  wrongCurrentPassword: 'Obecne hasło jest nieprawidłowe',
  emailTaken: 'Ten adres e-mail jest już zajęty',
  cannotBlockSelf: 'Nie możesz zablokować własnego konta',
} as const

/** Message keys the spec names; their Polish text lives in the areas' *_KEY_TEXT (src/contract/messages/). */
export type I18nKey =
  | 'login_error'
  | 'auto_logout'
  | 'password_changed'
  | 'password_recover_email_sent'
  | 'mail_valid'
  | 'mail_invalid'
  | 'user_saved'
  | 'user_created'
  | 'user_blocked'
  | 'user_unblocked'

/** /profile: the live sessions and "log out everywhere else". */
export const PROFILE_TEXT = {
  sessions: 'Aktywne sesje',
  current: 'ta sesja',
  unknownAddress: 'adres nieznany',
  endOthers: 'Wyloguj ze wszystkich innych urządzeń',
} as const

/** The two answers of a yes/no field. */
export const YES_NO_LABEL = { yes: 'Tak', no: 'Nie' } as const
