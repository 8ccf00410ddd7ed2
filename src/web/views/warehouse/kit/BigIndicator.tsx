import { useEffect, useState } from 'react'
import { WAREHOUSE } from '../../../../contract/constants/warehouse.ts'

/**
 * The big success indicator, shown when a scan answer carries no messages: a large
 * tick over the screen for WAREHOUSE.toastMs.bigSuccess (950 ms), so a person who scans all day sees
 * it from the corner of an eye. Mounted once per scanning screen (inside <ScanHeader>).
 */
const listeners = new Set<(n: number, barcode: string | null) => void>()
let shown = 0

/** Shows the tick, naming the barcode it answers (null: none). */
export function showBigSuccess(barcode: string | null) {
  shown++
  listeners.forEach((l) => l(shown, barcode))
}

export function BigIndicator() {
  const [seq, setSeq] = useState(0)
  const [visible, setVisible] = useState(false)
  const [barcode, setBarcode] = useState<string | null>(null)
  useEffect(() => {
    const l = (n: number, code: string | null) => {
      setSeq(n)
      setBarcode(code)
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
      {barcode ? <code className="floor-big-barcode" data-testid="big-success-barcode">{barcode}</code> : <span className="sr-only">OK</span>}
    </div>
  )
}
