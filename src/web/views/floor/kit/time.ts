import { useEffect, useState } from 'react'

/** The current time, ticking every second (the read-only "when" of a scan form; shown with contract/time.ts formatScanTime). */
export function useNow(everyMs = 1_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(t)
  }, [everyMs])
  return now
}
