import { useEffect } from 'react'
import { connectScannerInput } from '../../../../machines/floorScannerInput.ts'
import { dialogOpen, isTypingTarget } from '../../wiring/floorDom.ts'
import type { ScannerRef } from './kit/ScanField.tsx'

/** Is the key going to something the person types into (a field, a select, a window)? */
const typingSomewhere = (target: EventTarget | null) => dialogOpen() || isTypingTarget(target)

/**
 * Keyboard capture with no field focused: a scanner types into the
 * page itself; every key that goes to no field is forwarded to the screen's scannerInput child
 * (Enter submits). Keys typed into a field (the manual field) are left to that field.
 */
export function useKeyCapture(scanner: ScannerRef | undefined) {
  useEffect(() => {
    if (!scanner) return
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typingSomewhere(e.target)) return
      const v = connectScannerInput(scanner.getSnapshot(), scanner.send)
      if (e.key === 'Enter') {
        e.preventDefault()
        v.submit()
      } else if (e.key.length === 1) {
        e.preventDefault()
        v.key(e.key)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [scanner])
}
