import { type AccountPeriod, INVOICING } from '../../../contract/constants/invoicing.ts'
import { type Day, addDays } from '../calendar.ts'

/**
 * Billing periods: calendar months (monthly), the 1st–15th and the 16th–last day of a month
 * (half_monthly), Monday–Sunday weeks (weekly). A period is due for invoicing from the first
 * working day after its last day (the calendar's next working day); triggering invoicing for a
 * date takes, per client, the latest period due by that date.
 */
export interface Period {
  from: Day
  to: Day
}

const parts = (d: Day) => d.split('-').map(Number) as [number, number, number]
const pad = (n: number) => String(n).padStart(2, '0')
const lastOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

/** The period of the given kind that holds `day`. */
export function periodContaining(kind: AccountPeriod, day: Day): Period {
  const [y, m, d] = parts(day)
  const month = `${y}-${pad(m)}`
  if (kind === 'monthly') return { from: `${month}-01`, to: `${month}-${pad(lastOfMonth(y, m))}` }
  if (kind === 'half_monthly') {
    const mid = INVOICING.halfMonthFirstEnd
    return d <= mid ? { from: `${month}-01`, to: `${month}-${pad(mid)}` } : { from: `${month}-${pad(mid + 1)}`, to: `${month}-${pad(lastOfMonth(y, m))}` }
  }
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7 // Monday 0
  const from = addDays(day, -weekday)
  return { from, to: addDays(from, 6) }
}

/** The period just before `p`. */
export const previousPeriod = (kind: AccountPeriod, p: Period): Period => periodContaining(kind, addDays(p.from, -1))

/**
 * The latest period that is due by `trigger`: of the two periods before the one holding the
 * trigger date, the later one whose due day (`dueDay(to)`, the next working day after its end)
 * is not after the trigger date. Null when neither is due (cannot happen for real calendars:
 * a period's due day is at most a few days after its end).
 */
export function latestDuePeriod(kind: AccountPeriod, trigger: Day, dueDay: (lastDay: Day) => Day): Period | null {
  return candidatePeriods(kind, trigger).find((p) => dueDay(p.to) <= trigger) ?? null
}

/** The two periods before the one holding `trigger`, latest first: the ones that may be due by then. */
export function candidatePeriods(kind: AccountPeriod, trigger: Day): [Period, Period] {
  const last = previousPeriod(kind, periodContaining(kind, trigger))
  return [last, previousPeriod(kind, last)]
}

export const isAccountPeriod = (v: string | null | undefined): v is AccountPeriod => v === 'monthly' || v === 'half_monthly' || v === 'weekly'
