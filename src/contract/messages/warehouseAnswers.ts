import { MSG } from '../messages.ts'

/**
 * The server's answers on the warehouse floor (scan pop-ups, refusals, the dimension checks, file
 * links): a screen shows the message its reply carries, so only the server and the tests name
 * these, and the screens do not load them. The specification's wording where it gives one, with its
 * spelling mistakes corrected (docs/spec-corrections.md); where it gives only the meaning, the
 * wording is chosen here and marked so. The texts the screens show themselves are in ./warehouse.ts.
 */
export const WAREHOUSE_ANSWER = {
  // ---- workstation ----
  // chosen
  workstationRoleNotAllowed: 'Nie masz uprawnień do pracy na tym stanowisku!',

  // ---- intake ----
  confirmAction: MSG.confirmAction,
  clientSet: 'Pomyślnie ustawiono klienta!',
  newBufferNumberSet: 'Pomyślnie ustawiono nowy numer przesyłki!',
  unmarked: 'Odznaczono poprawnie!',
  created: 'Utworzono pomyślnie!',
  blockedDispatch: 'Blokada nadawania',

  // ---- warehouse scan pop-ups (the specification gives their meaning; wording chosen) ----
  deletedParcel: 'Przesyłka usunięta lub anulowana – przekaż ją do sektora przesyłek anulowanych!',
  aliasNotAllowed: 'Niedozwolony alias klienta – odłóż przesyłkę do strefy weryfikacji (sektor 14)!',
  noInfoYet: 'Brak informacji o przesyłce – spróbuj ponownie za chwilę!',
  multiPackIncomplete: 'Niekompletny wielopak – przekaż przesyłkę do poczekalni wielopaków!',
  multiPackCompleted: 'Wielopak został właśnie skompletowany – zabierz pozostałe paczki z poczekalni wielopaków!',
  notInSystem: 'Przesyłki nie ma w systemie – przekaż ją na stanowisko przyjęć!',
  notCleared: 'Przesyłka niedopuszczona do nadania – odłóż ją do strefy weryfikacji!',
  bufferNoClient: 'Przesyłka buforowa bez klienta – wybierz klienta lub odłóż ją do strefy weryfikacji!',
  problemResolved: (sector: string) => `Problem rozwiązany – przesyłka opuściła sektor „${sector}”.`,
  externalInboundRecognised: 'Rozpoznano przesyłkę od kuriera zewnętrznego – wybierz klienta.',
  duplicatedRowCreated: (internalNumber: string) => `Utworzono dodatkowy wiersz zduplikowanej przesyłki: ${internalNumber}`,
  statusNotOffered: 'Ten status nie jest dostępny na tym stanowisku',
  sectorNotFound: 'Sektor nie istnieje',
  statusRequired: 'Wybierz status',
  clientNotFound: MSG.clientNotFound,
  instructionInvalid: 'Nieprawidłowy kod instrukcji wewnętrznej',
  instructionNoClient: 'Kod instrukcji wewnętrznej nie wskazuje klienta',
  whenInFuture: 'Data statusu nie może być z przyszłości',
  whenFormat: 'Data musi mieć postać rrrr-mm-dd gg:mm:ss',
  externalInboundNotFound: 'Przyjęcie zewnętrzne nie istnieje',

  // ---- classification (one per answer code; wording chosen) ----
  sortInto: (bucket: string) => `Sortuj do: ${bucket}`,
  multiPackSorted: (waybill: string) => `Wielopak ${waybill} został w całości posortowany – połącz paczki!`,
  sortAliasNotAllowed: 'Przesyłka z niedozwolonym aliasem klienta – odłóż ją do strefy weryfikacji (sektor 14)!',
  sortBlocked: 'Blokada nadawania – klient ma zablokowane nadawanie przesyłek!',
  sortNoBucket: 'Brak trasy kurierskiej dla tej przesyłki – nie można jej posortować!',
  sortDeleted: 'Przesyłka usunięta – przekaż ją do sektora przesyłek anulowanych!',
  sortMultiPackInBuffer: 'Część wielopaku oczekującego w buforze – poinformuj dział obsługi klienta!',
  sortBufferNoClient: 'Przesyłka buforowa bez klienta – poinformuj dział obsługi klienta!',
  sortMultiPackIncomplete: 'Wielopak nie został jeszcze w całości przyjęty – odłóż przesyłkę do poczekalni wielopaków!',
  sortTooEarly: 'Przesyłka zeskanowana zbyt wcześnie – nie została jeszcze przyjęta na magazyn!',

  // ---- problem resolution (wording chosen) ----
  notInSector: 'Przesyłka nie znajduje się w żadnym sektorze problematycznym',
  parcelInSector: (sector: string) => `Przesyłka znajduje się w sektorze „${sector}” – wybierz status.`,

  // ---- external inbound ----
  // chosen
  inboundUnknownCourier: 'Nie rozpoznano kuriera po numerze przesyłki',

  // ---- parcels, dimensions, labels ----
  // chosen
  parcelNotFound: MSG.parcelNotFound,
  dimensionsOk: 'Wymiary przesyłki są poprawne',
  confirmHeavy: (kg: number, limit: number) => `Waga ${kg} kg przekracza ${limit} kg. Czy na pewno zapisać wymiary?`,
  confirmLongSide: (cm: number, limit: number) => `Najdłuższy bok ${cm} cm przekracza ${limit} cm. Czy na pewno zapisać wymiary?`,
  confirmSideSum: (cm: number, limit: number) => `Suma boków ${cm} cm przekracza ${limit} cm. Czy na pewno zapisać wymiary?`,
  confirmDeclared: (kg: number, declared: number) =>
    `Zmierzona waga ${kg} kg znacznie odbiega od zadeklarowanej (${declared} kg). Czy na pewno zapisać wymiary?`,
  repasteLabelTitle: 'Etykieta zastępcza',

  // ---- tags and files (chosen) ----
  tagTargetNotFound: 'Nie znaleziono obiektu, dla którego ma powstać etykieta',
  publicTokenInvalid: 'Link do pliku wygasł – otwórz plik ponownie',
} as const
