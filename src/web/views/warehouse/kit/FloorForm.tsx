import { FLABEL_SCREEN as L } from '../../../../contract/messages/floor.ts'
import { WLABEL } from '../../../../contract/messages/warehouse.ts'
import type { StatusType } from '../../../../contract/schemas/warehouse.ts'
import type { Feedback } from '../../../../../machines/floorKit.ts'
import { Select } from '../../../ui/form.tsx'

/** What the intake and sorting screens share around their status/sector form (machines/floorKit.ts FloorForm). */

/** The header's reset button (RESET of the screen machine). */
export function ResetButton({ enabled, onReset }: { enabled: boolean; onReset: () => void }) {
  return (
    <button type="button" className="btn btn-sm" data-testid="scan-reset" disabled={!enabled} onClick={onReset}>
      {WLABEL.reset}
    </button>
  )
}

/** The workstation's data could not be loaded: the reason and a retry (RETRY). */
export function LoadFailed({ feedback, onRetry }: { feedback: Feedback | null; onRetry: () => void }) {
  return (
    <div className="alert alert-danger" role="alert">
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        ↻
      </button>{' '}
      {feedback?.messages[0]?.text}
    </div>
  )
}

/** The status the scan gives, from the statuses the workstation type offers (SET_STATUS). */
export function StatusSelect(p: { statuses: readonly StatusType[]; value: number | null; disabled: boolean; errors?: string[]; onChange: (statusTypeId: number) => void }) {
  return (
    <Select
      label={L.status}
      name="status"
      value={p.value ?? ''}
      options={p.statuses.map((s) => ({ value: s.id, label: s.displayed_name }))}
      disabled={p.disabled}
      errors={p.errors}
      onChange={(v) => p.onChange(Number(v))}
    />
  )
}
