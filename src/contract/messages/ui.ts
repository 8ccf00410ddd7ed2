/** Texts of the shared UI pieces (server tables, forms, loading), the same on every screen. */

export const UI_TEXT = {
  loading: 'Ładowanie…',
  save: 'Zapisz',
  saving: 'Zapisywanie…',
  back: 'Wróć',
  cancel: 'Anuluj',
  delete: 'Usuń',
  retry: 'Spróbuj ponownie',
  confirmTitle: 'Potwierdzenie',
  yes: 'Tak',
  no: 'Nie',
} as const

/** Texts of the server-paged table (DataTables wording). */
export const TABLE_TEXT = {
  loading: UI_TEXT.loading,
  empty: 'Brak danych w tabeli',
  noMatches: 'Nie znaleziono pasujących pozycji',
  error: 'Nie udało się wczytać danych',
  retry: UI_TEXT.retry,
  search: 'Szukaj',
  show: 'Pokaż',
  rows: 'wierszy',
  first: 'Pierwsza',
  previous: 'Poprzednia',
  next: 'Następna',
  last: 'Ostatnia',
  info: (from: number, to: number, total: number) => `Pozycje od ${from} do ${to} z ${total} łącznie`,
  infoEmpty: 'Pozycji 0 z 0 dostępnych',
  infoFiltered: (max: number) => `(filtrowanie spośród ${max} dostępnych pozycji)`,
  selectAll: 'Zaznacz wszystkie na stronie',
  selectRow: 'Zaznacz wiersz',
  paging: 'Stronicowanie',
} as const
