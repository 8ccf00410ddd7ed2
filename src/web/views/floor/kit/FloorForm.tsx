import { FLOOR_SCREEN_LABEL as L } from '../../../../contract/messages/floor.ts'
import { WAREHOUSE_LABEL } from '../../../../contract/messages/warehouse.ts'
import type { StatusType } from '../../../../contract/schemas/statuses.ts'
import { type Feedback, type FloorForm, ownIsDefault, sectorById, statusById } from '../../../../../machines/floorKit.ts'
import { Select } from '../../../ui/form.tsx'

/** What the intake and sorting screens share around their status/sector form (machines/floorKit.ts FloorForm). */

/** "Status → sector" of a form, for the banners. */
const formText = (c: Pick<FloorForm, 'statuses' | 'sectors'>, statusTypeId: number | null, sectorId: number | null) => {
  const sector = sectorById(c.sectors, sectorId)
  return `${statusById(c.statuses, statusTypeId)?.displayed_name ?? '—'}${sector ? ` → ${sector.code} ${sector.name}` : ''}`
}

/**
 * What the status/sector form holds, said loudly when it is not the default: problem mode names the
 * parcel its suggestions belong to (they go with that parcel only); a status or sector the worker
 * picked by hand goes with every next parcel until they change it.
 */
export function FormBanners({ c, className = '' }: { c: FloorForm; className?: string }) {
  if (c.problem)
    return (
      <div className={`problem-banner ${className}`} role="status" data-testid="problem-banner" data-barcode={c.problemFor ?? ''}>
        {L.problemMode}: {formText(c, c.statusTypeId, c.sectorId)}
        {c.problemFor && (
          <>
            {' '}
            — {L.problemFor} <code>{c.problemFor}</code>
          </>
        )}
      </div>
    )
  if (!c.statuses.length || ownIsDefault(c)) return null
  return (
    <div className={`problem-banner own-choice-banner ${className}`} role="status" data-testid="own-choice-banner">
      {L.ownChoice}: {formText(c, c.own.statusTypeId, c.own.sectorId)}
    </div>
  )
}

/** The header's reset button (RESET of the screen machine). */
export function ResetButton({ enabled, onReset }: { enabled: boolean; onReset: () => void }) {
  return (
    <button type="button" className="btn btn-sm" data-testid="scan-reset" disabled={!enabled} onClick={onReset}>
      {WAREHOUSE_LABEL.reset}
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
