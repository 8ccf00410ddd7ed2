import { STATS, type StatsStatus } from '../../contract/constants/stats.ts'
import { STATS_ALL_LABEL, STATS_COLUMNS, SCAN_SCREEN_MSG } from '../../contract/messages/stats.ts'
import type { StatsChartDay, StatsReply, StatsRow } from '../../contract/schemas/stats.ts'
import { addDays } from '../../contract/time.ts'
import type { Queryable } from '../db/db.ts'
import { makeDocument } from '../documents/pool.ts'
import { today as warsawToday } from './calendar.ts'

/**
 * Statistics per client (/stats). The counts come from the view `parcel_receipt_days`: the
 * compacted rows (one per kind, client and Warsaw day) and the delta rows that triggers on
 * `parcels` add as receipts happen (insert-only, migration 170; statsCompaction.ts folds them in),
 * summed. The table is then a sum over at most (clients × days with receipts) small rows,
 * whatever the number of parcels.
 *
 * Columns, all by Europe/Warsaw calendar day: daily = today, yesterday, day before yesterday,
 * weekly = this week from Monday through today, monthly = this month from the 1st through today,
 * ever = every receipt. Every client is listed (clients marked deleted only while they have
 * receipts), by `ever` descending, then name. The sum row 'all' adds every client's counts.
 */

const COUNTS = ['daily', 'yesterday', 'day_before_yesterday', 'weekly', 'monthly', 'ever'] as const

/** The first day of `day`'s week (Monday). */
const mondayOf = (day: string) => {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay()
  return addDays(day, -((dow + 6) % 7))
}

export async function clientStats(q: Queryable, status: StatsStatus, now: Date = new Date()): Promise<StatsReply> {
  const today = warsawToday(now)
  const days = [today, addDays(today, -STATS.yesterday), addDays(today, -STATS.dayBeforeYesterday), mondayOf(today), `${today.slice(0, 8)}01`]
  const rows = await q.query<StatsRow>(
    `select c.id as client_id, c.name,
            coalesce(sum(r.parcels) filter (where r.day = $2::date), 0)::int as daily,
            coalesce(sum(r.parcels) filter (where r.day = $3::date), 0)::int as yesterday,
            coalesce(sum(r.parcels) filter (where r.day = $4::date), 0)::int as day_before_yesterday,
            coalesce(sum(r.parcels) filter (where r.day between $5::date and $2::date), 0)::int as weekly,
            coalesce(sum(r.parcels) filter (where r.day between $6::date and $2::date), 0)::int as monthly,
            coalesce(sum(r.parcels), 0)::int as ever
       from clients c
       left join parcel_receipt_days r on r.client_id = c.id and r.kind = $1
      group by c.id, c.name
     having c.deleted_at is null or coalesce(sum(r.parcels), 0) > 0
      order by ever desc, c.name, c.id`,
    [status, ...days],
  )
  const chart = await q.query<StatsChartDay>(
    `select to_char(g.day, 'YYYY-MM-DD') as day,
            coalesce(sum(r.parcels) filter (where r.kind = 'received_by_re'), 0)::int as received_by_re,
            coalesce(sum(r.parcels) filter (where r.kind = 'back_in_poland'), 0)::int as back_in_poland
       from generate_series($1::date, $2::date, interval '1 day') as g(day)
       left join parcel_receipt_days r on r.day = g.day::date
      group by g.day
      order by g.day`,
    [addDays(today, -(STATS.chartDays - 1)), today],
  )
  const sum = (k: (typeof COUNTS)[number]) => rows.reduce((n, r) => n + r[k], 0)
  const all: StatsRow = {
    client_id: null, name: STATS.allRowName, daily: sum('daily'), yesterday: sum('yesterday'),
    day_before_yesterday: sum('day_before_yesterday'), weekly: sum('weekly'), monthly: sum('monthly'), ever: sum('ever'),
  }
  return { status, today, data: rows, all, chart }
}

/** The table as XLSX (made in the document worker pool): the clients in the table's order, then the sum row. */
export async function clientStatsXlsx(q: Queryable, status: StatsStatus, now: Date = new Date()) {
  const stats = await clientStats(q, status, now)
  const rows = [...stats.data, { ...stats.all, name: STATS_ALL_LABEL }].map((r) => Object.fromEntries(STATS_COLUMNS.map((c) => [c.key, r[c.key]])))
  const columns = STATS_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.key === 'name' ? 40 : 14 }))
  const data = await makeDocument('xlsx', SCAN_SCREEN_MSG.sheet[status], columns, rows)
  return { data, day: stats.today }
}
