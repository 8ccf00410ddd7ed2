import { useEffect, useState } from 'react'
import { TIME_ZONE } from '../../../../contract/constants.ts'

/** yyyy-mm-dd hh:mm:ss in Europe/Warsaw (S2 §2: the scan's "when", the status history's date). */
const scanTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

export function formatScanTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '—'
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? String(value) : scanTime.format(d)
}

/** The current time, ticking every second (the read-only "when" of a scan form). */
export function useNow(everyMs = 1_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(t)
  }, [everyMs])
  return now
}
