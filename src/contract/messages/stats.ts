import type { StatsStatus } from '../constants/stats.ts'
import { UI_TEXT } from './ui.ts'

/** Polish texts of the statistics screen (/stats) and its XLSX download; wording chosen here. */
export const SCAN_SCREEN_MSG = {
  title: 'Statystyki',
  statusUnknown: 'Wybierz przesyłki przyjęte albo zwroty (received_by_re lub back_in_poland)',
  choice: { received_by_re: 'Przesyłki przyjęte', back_in_poland: 'Zwroty' } satisfies Record<StatsStatus, string>,
  /** Sheet names of the XLSX, per kind. */
  sheet: { received_by_re: 'Przesyłki przyjęte', back_in_poland: 'Zwroty' } satisfies Record<StatsStatus, string>,
  download: 'Pobierz Excel',
  downloading: UI_TEXT.downloading,
  downloadFailed: 'Nie udało się pobrać pliku statystyk',
  retry: UI_TEXT.retry,
  loadFailed: 'Nie udało się wczytać statystyk',
  empty: 'Brak klientów',
  chartTitle: (days: number) => `Ostatnie ${days} dni`,
  chartLoading: 'Wczytywanie wykresu…',
} as const

/** Column headers of the table and of the XLSX, in order (the API's field names as keys). */
export const STATS_COLUMNS = [
  { key: 'name', header: 'Klient' },
  { key: 'daily', header: 'Dzisiaj' },
  { key: 'yesterday', header: 'Wczoraj' },
  { key: 'day_before_yesterday', header: 'Przedwczoraj' },
  { key: 'weekly', header: 'Ten tydzień' },
  { key: 'monthly', header: 'Ten miesiąc' },
  { key: 'ever', header: 'Od początku' },
] as const

/** How the sum row ('all' in the reply) is labelled on screen and in the file. */
export const STATS_ALL_LABEL = 'Wszyscy klienci'

/** Labels, headings, buttons and hints of the stats screens. */
export const STATS_TEXT = {
  statsKind: 'Rodzaj statystyk',
} as const
