/** Polish shipment messages: the specification's wording, spelling and grammar corrected (docs/spec-corrections.md). */
export const SHIPMENT_MSG = {
  /** Under the listing's date fields: what the default range is, and what empty dates mean (chosen). */
  listingDatesHint: (days: number) => `Domyślnie ostatnie ${days} dni, łącznie z dzisiejszym. Puste daty – bez ograniczenia.`,
  lockerMultiPack: 'Nie można nadać wielopaka z i do automatu paczkowego!',
  invalid: 'Dane przesyłki są nieprawidłowe',
  countryNotAllowed: 'Nadawanie do tego kraju jest niedozwolone!',
  created: 'Przesyłka została utworzona poprawnie!',
  updated: 'Pomyślnie zapisano zmiany!',
  updateFailed: 'Nie można zapisać zmian!',
  notFound: 'Taka przesyłka nie istnieje',
  deleted: 'Przesyłka została oznaczona jako usunięta!',
  deleteFailed: 'Nie można oznaczyć przesyłki jako usuniętej!',
  registered: 'Pomyślnie zarejestrowano przesyłkę u kuriera zewnętrznego!',
  registerFailed: 'Nie udało się zarejestrować przesyłki u kuriera zewnętrznego',
  adoptedUnprocessable: 'Zapisano klienta dla przesyłki nieprocesowalnej',
  adoptedBuffer: 'Zapisano klienta dla przesyłki buforowej',
  adoptFailed: 'Wystąpił nieznany błąd',
  labelNotReady: 'Twoja etykieta nie jest jeszcze gotowa!',
  historyStatusDeleted: 'Pomyślnie usunięto status!',
  createTitle: 'Utwórz przesyłkę',
  /** Finance tab without any charge. */
  noAccountedAmounts: 'Brak naliczeń!',
  /** Export from the listing refused. */
  exportProcessable: 'Wygenerowanie pliku według zadanych kryteriów (filtr „Procesowalna”) nie jest możliwe!',
  // ---- chosen here (the spec leaves these to the server) ----
  clientRequired: 'Wybierz klienta',
  clientNotFound: 'Nie znaleziono klienta',
  countryNotFound: 'Nieznany kraj',
  localityNotFound: 'Wybierz miejscowość z listy',
  localityOtherCountry: 'Miejscowość nie leży w wybranym kraju',
  lockerNotFound: 'Wybierz automat paczkowy z listy',
  lockerOtherCountry: 'Automat paczkowy nie leży w wybranym kraju',
  serviceChanged: 'Nie można zmienić rodzaju przesyłki',
  countryChanged: 'Nie można zmienić kraju przesyłki',
  notEditable: 'Przesyłki nie można już edytować',
  statusNotDeletable: 'Tego statusu nie można usunąć',
  statusNotFound: 'Status nie istnieje',
  historyNotFound: 'Taki wpis historii nie istnieje',
  statusAdded: 'Pomyślnie nadano status!',
  groupSkipped: (numbers: readonly string[]) => `Status nadano, z wyjątkiem przesyłek, które już go miały: ${numbers.join(', ')}`,
  groupUnknownParcels: 'Nie znaleziono części przesyłek',
  registrationNoRoute: (country: string, service: string) => `Brak kuriera obsługującego usługę „${service}” w kraju ${country}`,
  alreadyRegistered: 'Przesyłka jest już zarejestrowana u kuriera zewnętrznego',
  notBuffer: 'Przesyłka nie jest przesyłką buforową',
  notUnprocessable: 'Przesyłka nie jest przesyłką nieprocesowalną',
  alreadyAdopted: 'Przesyłka ma już klienta',
  notDuplicated: 'Przesyłka nie jest zduplikowaną przesyłką',
  bufferNumberTaken: 'Ten numer jest już używany przez inną przesyłkę',
  returnStickerTitle: 'Naklejka zwrotna',
  exportNotFound: 'Taki plik nie istnieje',
  postalCodeNotOfLocality: 'Kod pocztowy nie należy do wybranej miejscowości',
  labelRemoved: 'Przesyłka została oznaczona jako usunięta – nie można wydrukować etykiety',
  historyOnlyRow: 'Nie można usunąć jedynego statusu paczki',
  amountScale: (scale: number) => `Kwota może mieć najwyżej ${scale} miejsca po przecinku`,
  parcelTooHeavy: (kg: number) => `Paczka tej usługi może ważyć najwyżej ${kg.toLocaleString('pl-PL')} kg`,
  parcelSideTooLong: (cm: number) => `Najdłuższy bok paczki tej usługi może mieć najwyżej ${cm.toLocaleString('pl-PL')} cm`,
  parcelGirthTooLarge: (cm: number) =>
    `Obwód paczki (najdłuższy bok + 2 × pozostałe boki) tej usługi może wynosić najwyżej ${cm.toLocaleString('pl-PL')} cm`,
  parcelTooBigForLocker: (box: readonly number[]) => `Paczka nie zmieści się w skrytce automatu (najwyżej ${box.map((n) => n.toLocaleString('pl-PL')).join(' × ')} cm)`,
  exportNotReady: 'Plik nie jest jeszcze gotowy',
} as const

/** Names of the delivery services, for labels and reports. */
export const DELIVERY_SERVICE_NAME: Readonly<Record<number, string>> = {
  1: 'Dostawa do domu',
  2: 'Zwrot z domu',
  3: 'Dostawa do automatu paczkowego',
  4: 'Zwrot z automatu paczkowego',
}

/** Field labels of the shipment screen's forms. */
export const SHIPMENT_LABEL = {
  /** "Ustaw nowy numer": the number set is the one waiting in the buffer (shown as "Numer oczekujący w buforze"), not the outgoing one. */
  newBufferNumber: 'Nowy numer oczekujący w buforze',
} as const
