/**
 * Statistics (/stats): parcels received per client, in two kinds — received at our shipping
 * warehouse (`received_by_re`) and returns received back in Poland at the return warehouse
 * (`back_in_poland`). The kind names are the call's `status` values.
 */
export const STATS_STATUSES = ['received_by_re', 'back_in_poland'] as const
export type StatsStatus = (typeof STATS_STATUSES)[number]

export const STATS = {
  /** The screen opens on parcels received. */
  defaultStatus: 'received_by_re' as StatsStatus,
  /** Table rows per page (sorted by the all-time column, descending). */
  pageSize: 25,
  /** The chart shows this many days, today included. */
  chartDays: 30,
  /** Days counted by the columns "yesterday" and "day before yesterday" (today is 0). */
  yesterday: 1,
  dayBeforeYesterday: 2,
  /** The XLSX download's name before `_{yyyy-mm-dd}.xlsx`, per kind. */
  fileStem: { received_by_re: 'statystyki_przesyłek_klientów', back_in_poland: 'statystyki_zwrotów_klientów' } satisfies Record<StatsStatus, string>,
  /** The client name the sum row carries in the reply. */
  allRowName: 'all',
  /** How often each server orders the compaction of the receipt counters' delta rows. */
  compactEverySeconds: 60,
} as const

/** statystyki_przesyłek_klientów_2026-11-25.xlsx — the download's name for a kind and a day (yyyy-mm-dd). */
export const statsFileName = (status: StatsStatus, day: string) => `${STATS.fileStem[status]}_${day}.xlsx`
