import { useEffect, useState } from 'react'
import { WAREHOUSE } from '../../../../contract/constants.ts'

/**
 * The big success indicator, shown when a scan answer carries no messages: a large
 * tick over the screen for WAREHOUSE.toastMs.bigSuccess (950 ms), so a person who scans all day sees
 * it from the corner of an eye. Mounted once per scanning screen (inside <ScanHeader>).
 */
const listeners = new Set<(n: number) => void>()
let shown = 0

export function showBigSuccess() {
  shown++
  listeners.forEach((l) => l(shown))
}

export function BigIndicator() {
  const [seq, setSeq] = useState(0)
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const l = (n: number) => {
      setSeq(n)
      setVisible(true)
    }
    listeners.add(l)
    return () => void listeners.delete(l)
  }, [])
  useEffect(() => {
    if (!visible) return
    const t = setTimeout(() => setVisible(false), WAREHOUSE.toastMs.bigSuccess)
    return () => clearTimeout(t)
  }, [visible, seq])
  if (!visible) return null
  return (
    <div key={seq} className="floor-big-success" role="status" aria-live="polite" data-testid="big-success">
      <span aria-hidden="true">✓</span>
      <span className="sr-only">OK</span>
    </div>
  )
}
