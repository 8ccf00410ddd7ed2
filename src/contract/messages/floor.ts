/**
 * Texts of the scanning screens that the spec does not give (chosen here), and their labels.
 * The spec's own warehouse texts are in ./warehouse.ts (WMSG) and are used from there.
 */
export const FMSG = {
  /** A scan arrived while the previous one is still on its way to the server. */
  busy: 'Poczekaj – poprzedni skan jest jeszcze przetwarzany',
  /** A scan arrived while a window (client, sector, dimensions) is open. */
  closeWindowFirst: 'Zamknij otwarte okno, aby skanować',
  /** A scan arrived while the scan form is not complete (status, where, sector). */
  formIncomplete: 'Uzupełnij formularz skanowania: status, miejsce i sektor',
  loadFailed: 'Nie udało się wczytać danych stanowiska',
  noParcelYet: 'Najpierw zeskanuj przesyłkę',
  parcelLoadFailed: 'Nie udało się wczytać danych przesyłki',
  clientSearchFailed: 'Nie udało się wyszukać klientów',
  noClientsFound: 'Nie znaleziono klientów',
  labelOpenFailed: 'Nie udało się otworzyć etykiety zastępczej',
  problemModeOff: 'Wyłączono tryb problemowy',
} as const

/** Labels of the scanning screens (chosen; the spec names the buttons "Ustaw", "Resetuj" only). */
export const FLABEL = {
  barcode: 'Kod kreskowy',
  workstationCode: 'Kod stanowiska',
  manualMode: 'Tryb ręczny',
  scan: 'Skanuj',
  processing: 'Przetwarzanie…',
  scansCount: 'Skany w tej sesji',
  focusLocked: 'Fokus zablokowany (Esc odblokowuje)',
  focusFree: 'Fokus wraca do pola skanowania (Esc blokuje)',
  soundOn: 'Dźwięk włączony',
  soundOff: 'Dźwięk wyłączony',
  endWorkstation: 'Zakończ pracę na stanowisku',
  workstation: 'Stanowisko',
  noWorkstation: 'Nie masz ustawionego stanowiska – zeskanuj kod stanowiska.',
} as const
