import { FLOOR_LABEL } from '../../../../contract/messages/floor.ts'
import type { Unprocessed } from '../../../../../machines/floorScanQueue.ts'

/**
 * The scans waiting for the one in flight (their count) and the barcodes not processed — refused, or
 * the server could not be reached — each with its reason, so the worker can put those parcels aside.
 * The list stays until those barcodes are scanned again with success or the worker clears it.
 */
export function ScanBacklog({ queued, unprocessed, onClear }: { queued: number; unprocessed: readonly Unprocessed[]; onClear: () => void }) {
  return (
    <div className="scan-backlog">
      <span className={`badge scan-queue${queued ? ' on' : ''}`} data-testid="scan-queue" data-count={queued} aria-live="polite">
        {FLOOR_LABEL.queued}: {queued}
      </span>
      {unprocessed.length > 0 && (
        <div className="alert alert-warning scan-unprocessed" data-testid="scan-unprocessed" role="status">
          <strong>
            {FLOOR_LABEL.unprocessed} ({unprocessed.length})
          </strong>
          <ul>
            {unprocessed.map((u) => (
              <li key={u.barcode} data-barcode={u.barcode}>
                <code>{u.barcode}</code> – {u.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-sm" data-testid="scan-unprocessed-clear" onClick={onClear}>
            {FLOOR_LABEL.clearUnprocessed}
          </button>
        </div>
      )}
    </div>
  )
}
