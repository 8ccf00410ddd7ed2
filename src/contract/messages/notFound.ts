/** Texts of the page shown for an address no route of the guard table matches (chosen here). */
export const NOT_FOUND_PAGE = {
  title: 'Nie znaleziono strony',
  body: 'Strona o tym adresie nie istnieje. Sprawdź adres albo wróć na stronę główną.',
  home: 'Przejdź do strony głównej',
} as const
