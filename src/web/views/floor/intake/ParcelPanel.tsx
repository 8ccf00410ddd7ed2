import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { FLOOR_SCREEN_LABEL as L } from '../../../../contract/messages/floor.ts'
import { DIMENSION_FIELDS, connectDimensions, dimensionValuesOf, type dimensionsMachine } from '../../../../../machines/floorDimensions.ts'
import { stateString } from '../../../../../machines/graph/state.ts'
import { connectParcelPanel, type parcelPanelMachine } from '../../../../../machines/floorParcelPanel.ts'
import { Confirm } from '../../../ui/modal.tsx'
import { formatScanTime } from '../../../../contract/time.ts'

export type ParcelPanelRef = ActorRefFrom<typeof parcelPanelMachine>
export type DimensionsRef = ActorRefFrom<typeof dimensionsMachine>

const num = (v: number | undefined) => (v === undefined || v === null ? '—' : String(v))
const LABELS: Record<(typeof DIMENSION_FIELDS)[number], string> = { weight: L.weight, length: L.length, height: L.height, width: L.width }

/**
 * The parcel panel: weights, dimensions, out number, the dimension-update form and the
 * status history (date, status, where, e-mail). Views of machines/floorParcelPanel.ts and, while
 * editing, machines/floorDimensions.ts.
 */
export function ParcelPanel({ panel, dims, onEdit }: { panel: ParcelPanelRef | undefined; dims: DimensionsRef | undefined; onEdit: () => void }) {
  const state = useSelector(panel, (s) => s)
  const dimState = useSelector(dims, (s) => s)
  if (!panel || !state) return null
  const { parcel, history, error, barcode, empty, waiting } = connectParcelPanel(state, panel.send)
  const form = dims && dimState ? connectDimensions(dimState, dims.send) : null
  const editing = !!form?.open
  const values = editing ? form!.values : dimensionValuesOf(parcel)
  return (
    <div className="card floor-section" data-machine="parcelPanel" data-state={stateString(state.value)} data-testid="parcel-panel">
      <h2>
        {L.parcel} {parcel?.internal_number && <code data-testid="parcel-number">{parcel.internal_number}</code>}
      </h2>
      {barcode && (
        <p className="hint" data-testid="parcel-scanned-as">
          {L.scannedAs}: <code>{barcode}</code>
        </p>
      )}
      {empty && <p className="hint">{L.noParcel}</p>}
      {waiting && <p className="hint">{L.waitingForParcel}</p>}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {parcel && (
        <>
          <dl className="parcel-facts">
            <div>
              <dt>{L.weight}</dt>
              <dd data-testid="parcel-weight">{num(parcel.weight)}</dd>
            </div>
            <div>
              <dt>{L.weightValue}</dt>
              <dd data-testid="parcel-weight-value">{num(parcel.weight_value)}</dd>
            </div>
            <div>
              <dt>{L.volumetricWeight}</dt>
              <dd data-testid="parcel-volumetric">{num(parcel.volumetric_weight)}</dd>
            </div>
            <div>
              <dt>{L.dimensions}</dt>
              <dd data-testid="parcel-dimensions">
                {num(parcel.length)} × {num(parcel.width)} × {num(parcel.height)}
              </dd>
            </div>
            <div>
              <dt>{L.outNumber}</dt>
              <dd data-testid="parcel-out-number">{parcel.out_number ?? '—'}</dd>
            </div>
          </dl>
          <form
            className="dims-form"
            data-section="dimensions"
            data-testid="dimensions-form"
            data-state={editing && dimState ? stateString(dimState.value) : 'closed'}
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              form?.save()
            }}
            onKeyDown={(e) => {
              // Esc cancels the edit (the scan field is then ready again).
              if (e.key === 'Escape' && form?.canCancel) {
                e.preventDefault()
                form.cancel()
              }
            }}
          >
            {DIMENSION_FIELDS.map((f) => (
              <div className="field" key={f}>
                <label htmlFor={`dim-${f}`}>{LABELS[f]}</label>
                <input
                  id={`dim-${f}`}
                  name={f}
                  inputMode="decimal"
                  autoComplete="off"
                  value={values[f]}
                  readOnly={!editing}
                  onFocus={() => !editing && onEdit()}
                  onChange={(e) => form?.set(f, e.target.value)}
                />
              </div>
            ))}
            <div className="form-actions">
              {editing ? (
                <>
                  <button type="submit" className="btn btn-primary" data-testid="dimensions-save" disabled={!form!.canSave}>
                    {L.saveDimensions}
                  </button>
                  <button type="button" className="btn" onClick={form!.cancel} disabled={!form!.canCancel}>
                    {L.cancel}
                  </button>
                </>
              ) : (
                <button type="button" className="btn" data-testid="dimensions-edit" onClick={onEdit}>
                  {L.editDimensions}
                </button>
              )}
            </div>
          </form>
        </>
      )}
      {history.length > 0 && (
        <>
          <h2>{L.history}</h2>
          <div className="table-wrap">
            <table className="table" data-testid="parcel-history">
              <thead>
                <tr>
                  <th>{L.historyWhen}</th>
                  <th>{L.historyStatus}</th>
                  <th>{L.historyWhere}</th>
                  <th>{L.historyEmail}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.id}>
                    <td>{formatScanTime(h.when)}</td>
                    <td>{h.displayed_name}</td>
                    <td>{h.where ?? '—'}</td>
                    <td>{h.email ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Confirm
        open={editing && !!form?.confirming}
        message={form?.confirmText ?? ''}
        onConfirm={() => form?.confirm()}
        onCancel={() => form?.decline()}
      />
    </div>
  )
}
