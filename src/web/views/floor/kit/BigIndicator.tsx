import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { type bigIndicatorMachine, connectBigIndicator } from '../../../../../machines/floorBigIndicator.ts'
import { UI_TEXT } from '../../../../contract/messages/ui.ts'

export type BigIndicatorRef = ActorRefFrom<typeof bigIndicatorMachine>

/**
 * The big success indicator (machines/floorBigIndicator.ts, the screen machine's `indicator` child): a
 * large tick over the screen naming the barcode it answers, for as long as the machine shows it.
 * Mounted once per scanning screen (inside <ScanHeader>).
 */
export function BigIndicator({ indicator }: { indicator: BigIndicatorRef | undefined }) {
  const { visible, barcode, seq } = useSelector(indicator, (s) => connectBigIndicator(s), (a, b) => a.visible === b.visible && a.seq === b.seq)
  if (!visible) return null
  return (
    <div key={seq} className="floor-big-success" role="status" aria-live="polite" data-testid="big-success">
      <span aria-hidden="true">✓</span>
      {barcode ? <code className="floor-big-barcode" data-testid="big-success-barcode">{barcode}</code> : <span className="sr-only">{UI_TEXT.ok}</span>}
    </div>
  )
}
