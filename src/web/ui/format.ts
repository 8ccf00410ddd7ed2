/** Display helpers of the browser beside the one pl-PL format of src/contract/format.ts: today and now in Warsaw, yes/no. */
import { zonedDate, zonedParts } from '../../contract/time.ts'
import { UI_TEXT } from '../../contract/messages/ui.ts'

/** Today in Europe/Warsaw as yyyy-mm-dd (date filters, defaults). */
export const warsawToday = (now: Date = new Date()): string => zonedDate(now)

/**
 * Now in Europe/Warsaw as yyyy-mm-ddThh:mm:ss (the value of a datetime-local input with step 1).
 * Seconds matter: a status given "now" must come after one given a few seconds earlier.
 */
export function warsawNowLocal(now: Date = new Date()): string {
  const p = zonedParts(now)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`
}

/** A datetime-local value (Europe/Warsaw) as the server reads a "when": yyyy-mm-dd hh:mm:ss. */
export const localToServerDateTime = (v: string) => (v.length === 16 ? `${v.replace('T', ' ')}:00` : v.replace('T', ' '))

export const yesNo = (v: boolean | null | undefined) => (v == null ? '—' : v ? UI_TEXT.yes : UI_TEXT.no)
