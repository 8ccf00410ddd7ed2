/**
 * Texts of the scanning screens that the spec does not give (chosen here), and their labels.
 * The spec's own warehouse texts are in ./warehouse.ts (WAREHOUSE_MSG) and are used from there.
 */
import { SCAN_SCREEN_MSG } from './floorScreens.ts'
import { UI_TEXT } from './ui.ts'

export const FLOOR_MSG = {
  /** A scan arrived while the previous one is still on its way to the server. */
  busy: 'Poczekaj – poprzedni skan jest jeszcze przetwarzany',
  /** A scan arrived while a window (client, sector, dimensions) is open. */
  closeWindowFirst: 'Zamknij otwarte okno, aby skanować',
  /** A scan arrived while the queue of scans waiting for the one in flight is full. */
  queueFull: 'Za dużo skanów naraz – zeskanuj przesyłkę ponownie',
  /** The server could not be reached for a scan: the parcel is put aside and scanned again later. */
  serverUnreachable: 'Brak połączenia z serwerem – odłóż przesyłkę i zeskanuj ją ponownie',
  /** A queued scan that could not be processed (the workstation changed meanwhile). */
  scanAgain: 'Skan nie został przetworzony – zeskanuj przesyłkę ponownie',
  /** A courier hand-over whose client chooser was closed: the hand-over ends, its parcel is not created. */
  handOverCancelled: 'Przyjęcie przekazania anulowane – przesyłka nie została utworzona',
  /** The place field holds no place of the warehouse. */
  unknownPlace: 'Nieznane miejsce – wpisz miejsce magazynu',
  /** Sorting: "unknown problem" asks first, naming the parcel it will be recorded for (none: the status for the next scans). */
  confirmUnknownProblem: (barcode: string | null) =>
    barcode === null ? 'Ustawić status „nieznany problem” dla kolejnych skanów?' : `Oznaczyć przesyłkę ${barcode} jako nieznany problem?`,
  /** A scan arrived while the scan form is not complete (status, where, sector). */
  formIncomplete: 'Uzupełnij formularz skanowania: status, miejsce i sektor',
  loadFailed: 'Nie udało się wczytać danych stanowiska',
  noParcelYet: 'Najpierw zeskanuj przesyłkę',
  parcelLoadFailed: 'Nie udało się wczytać danych przesyłki',
  clientSearchFailed: 'Nie udało się wyszukać klientów',
  noClientsFound: 'Nie znaleziono klientów',
  labelOpenFailed: 'Nie udało się otworzyć etykiety zastępczej',
  problemModeOff: 'Wyłączono tryb problemowy',
  /** The tag endpoint answered something other than the PDF file. */
  tagNotPdf: 'Serwer nie zwrócił pliku PDF etykiety',
} as const

/** Labels of the scanning screens (chosen; the spec names the buttons "Ustaw", "Resetuj" only). */
export const FLOOR_LABEL = {
  barcode: 'Kod kreskowy',
  workstationCode: 'Kod stanowiska',
  manualMode: 'Tryb ręczny',
  scan: 'Skanuj',
  processing: 'Przetwarzanie…',
  scansCount: 'Skany w tej sesji',
  focusLocked: 'Fokus zablokowany (Esc odblokowuje)',
  focusFree: 'Fokus wraca do pola skanowania (Esc blokuje)',
  /** Scans waiting for the one in flight. */
  queued: 'W kolejce',
  /** The list of barcodes not processed (refused, or the server unreachable). */
  unprocessed: 'Nieprzetworzone skany – odłóż te przesyłki',
  clearUnprocessed: 'Wyczyść listę',
  soundOn: 'Dźwięk włączony',
  soundOff: 'Dźwięk wyłączony',
  endWorkstation: 'Zakończ pracę na stanowisku',
  workstation: 'Stanowisko',
  noWorkstation: 'Nie masz ustawionego stanowiska – zeskanuj kod stanowiska.',
} as const

/** Labels of the intake and sorting screens (chosen). */
export const FLOOR_SCREEN_LABEL = {
  scanSearchTitle: 'Wyszukiwanie skanem',
  firstCode: 'Pierwszy kod',
  secondCode: 'Drugi kod',
  lastStatus: 'Ostatni status',
  intakeTitle: 'Przyjęcie przesyłki',
  intakeAssignTitle: 'Przyjęcie przesyłki i przypisanie klienta',
  sortingTitle: 'Sortowanie przesyłek',
  client: UI_TEXT.client,
  noClient: 'Brak klienta',
  chooseClient: 'Wybierz klienta',
  clearClient: 'Usuń klienta',
  externalInbound: 'Przyjęcie od kuriera',
  status: 'Status',
  sector: 'Sektor problematyczny',
  chooseSector: 'Wybierz sektor',
  setSector: 'Ustaw sektor',
  noSector: 'Brak sektora',
  duplicatedRow: 'Utwórz dodatkowy wiersz dla zduplikowanej przesyłki',
  suggested: 'sugerowany',
  when: 'Data',
  where: 'Miejsce',
  problemMode: 'Tryb problemowy',
  parcel: 'Przesyłka',
  noParcel: 'Zeskanuj przesyłkę, aby zobaczyć jej dane.',
  waitingForParcel: 'Wczytywanie danych przesyłki…',
  weight: 'Waga (kg)',
  weightValue: 'Waga rozliczeniowa (kg)',
  volumetricWeight: 'Waga gabarytowa (kg)',
  length: 'Długość (cm)',
  width: 'Szerokość (cm)',
  height: 'Wysokość (cm)',
  dimensions: 'Wymiary (cm)',
  outNumber: 'Numer wyjściowy',
  internalNumber: 'Numer wewnętrzny',
  editDimensions: 'Edytuj wymiary (PgDn)',
  saveDimensions: 'Zapisz wymiary',
  cancel: 'Anuluj',
  history: 'Historia statusów',
  historyWhen: 'Data',
  historyStatus: 'Status',
  historyWhere: 'Miejsce',
  historyEmail: 'E-mail',
  noHistory: 'Brak historii',
  search: 'Szukaj klienta (min. 3 znaki)',
  postalCode: 'Kod pocztowy klienta',
  phone: 'Telefon klienta (bez prefiksu)',
  verify: 'Potwierdź',
  back: 'Wróć',
  forBarcode: 'Dla przesyłki',
  bucket: 'Kierunek sortowania',
  noBucket: 'Zeskanuj przesyłkę',
  keyboardHelp: 'Esc – blokada fokusu · Tab – blokuje · Delete – czyści aktywną sekcję · PgDn – wymiary',
  /** Problem mode names the parcel whose answer the form holds: the suggestions go with that parcel only. */
  problemFor: 'dotyczy tylko przesyłki',
  /** The worker's own (hand-picked) status or sector while it is not the default: it goes with every next parcel. */
  ownChoice: 'Wybrano ręcznie dla każdej kolejnej przesyłki',
  /** The barcode the parcel panel's parcel was scanned as. */
  scannedAs: 'Zeskanowano',
} as const

/** A scan answer's text as shown (toast, status line): it names the barcode it belongs to. */
export const aboutBarcode = (barcode: string | undefined, text: string) => (barcode ? `${barcode}: ${text}` : text)
