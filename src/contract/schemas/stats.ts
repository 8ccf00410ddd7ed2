import * as Schema from 'effect/Schema'
import { STATS_STATUSES } from '../constants/stats.ts'
import { SCAN_SCREEN_MSG } from '../messages/stats.ts'

/** `?status=received_by_re|back_in_poland` of the statistics calls (required). */
export const StatsStatusSchema = Schema.Literals(STATS_STATUSES).annotate({ message: SCAN_SCREEN_MSG.statusUnknown })
export const StatsQuery = Schema.Struct({ status: StatsStatusSchema })

/**
 * One client's counts of the chosen kind, by Europe/Warsaw day: today, yesterday, the day before,
 * this week (from Monday), this month (from the 1st) and ever. The sum row has `client_id` null
 * and the name 'all'.
 */
export const StatsRow = Schema.Struct({
  client_id: Schema.NullOr(Schema.Number),
  name: Schema.String,
  daily: Schema.Number,
  yesterday: Schema.Number,
  day_before_yesterday: Schema.Number,
  weekly: Schema.Number,
  monthly: Schema.Number,
  ever: Schema.Number,
})
export type StatsRow = typeof StatsRow.Type

/** One day of the chart: both kinds, every client. */
export const StatsChartDay = Schema.Struct({ day: Schema.String, received_by_re: Schema.Number, back_in_poland: Schema.Number })
export type StatsChartDay = typeof StatsChartDay.Type

export const StatsReply = Schema.Struct({
  status: StatsStatusSchema,
  /** Today in Europe/Warsaw (yyyy-mm-dd): the day the columns count from and the file is named after. */
  today: Schema.String,
  /** Every client, by `ever` descending (then name). */
  data: Schema.Array(StatsRow),
  all: StatsRow,
  /** The last STATS.chartDays days, oldest first, today last. */
  chart: Schema.Array(StatsChartDay),
})
export type StatsReply = typeof StatsReply.Type
