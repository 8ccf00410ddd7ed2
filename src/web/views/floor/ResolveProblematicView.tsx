import { useMachine } from '@xstate/react'
import { WAREHOUSE_LABEL } from '../../../contract/messages/warehouse.ts'
import { SCAN_SCREEN_MSG } from '../../../contract/messages/floorScreens.ts'
import { FLOOR_SCREEN_LABEL } from '../../../contract/messages/floor.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { SCREEN_WORKSTATION_TYPES } from '../../../../machines/floorKit.ts'
import { connectResolve } from '../../../../machines/floorResolveProblematic.ts'
import { scanScreenOptions } from '../../wiring/floorClock.ts'
import { resolveScreen as screen } from '../../wiring/floorResolve.ts'
import { useSessionUser } from '../../wiring/session.ts'
import { ScanField } from './kit/ScanField.tsx'
import { ScanBacklog } from './kit/ScanBacklog.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'
import { WorkstationGate } from './kit/WorkstationGate.tsx'

/** /resolve-problematic: scan a parcel in a problem sector, choose its status, "Ustaw" or "Resetuj". */
export default function ResolveProblematicView() {
  return (
    <WorkstationGate>
      <ResolveScreen />
    </WorkstationGate>
  )
}

function ResolveScreen() {
  const user = useSessionUser()
  const [state, send] = useMachine(screen, { input: { workstation: user?.workstation ?? null }, ...scanScreenOptions })
  const p = connectResolve(state, send)
  const { choosing, processing } = p
  const workstation = user?.workstation ?? p.workstation
  const set = p.set
  return (
    <section className="page floor" data-machine="resolveProblematic" data-state={stateString(state.value)}>
      <ScanHeader
        title={SCAN_SCREEN_MSG.resolveTitle}
        workstation={workstation}
        acceptedScans={p.acceptedScans}
        processing={processing}
        last={p.feedback}
        screenTypes={SCREEN_WORKSTATION_TYPES.problems}
        indicator={p.indicator}
      />
      <div className="card floor-card">
        <ScanField scanner={p.scanner} processing={processing} paused={choosing} />
        <ScanBacklog queued={p.queued} unprocessed={p.unprocessed} onClear={p.clearUnprocessed} />
      </div>
      {p.panelShown && (
        <form
          className="card floor-card resolve-panel"
          data-testid="resolve-panel"
          onSubmit={(e) => {
            e.preventDefault()
            set()
          }}
        >
          <dl className="wh-facts">
            <div>
              <dt>{FLOOR_SCREEN_LABEL.parcel}</dt>
              <dd data-testid="resolve-barcode">{p.barcode}</dd>
            </div>
            <div>
              <dt>{UI_TEXT.sector}</dt>
              <dd data-testid="resolve-sector">
                {p.sector?.code} – {p.sector?.name}
              </dd>
            </div>
          </dl>
          <div className="field">
            <label htmlFor="resolve-status">{UI_TEXT.status}</label>
            <select
              id="resolve-status"
              name="status_type_id"
              autoFocus
              value={p.statusTypeId ?? ''}
              disabled={!choosing}
              onChange={(e) => p.chooseStatus(e.target.value === '' ? null : Number(e.target.value))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  set()
                }
              }}
            >
              <option value="">{SCAN_SCREEN_MSG.chooseStatus}</option>
              {p.statusTypes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.displayed_name}
                </option>
              ))}
            </select>
          </div>
          {p.needsSector && (
            <div className="field">
              <label htmlFor="resolve-sector-choice">{SCAN_SCREEN_MSG.targetSector}</label>
              <select
                id="resolve-sector-choice"
                name="problematic_sector_id"
                value={p.sectorId ?? ''}
                disabled={!choosing}
                onChange={(e) => p.chooseSector(e.target.value === '' ? null : Number(e.target.value))}
              >
                <option value="">{SCAN_SCREEN_MSG.chooseSector}</option>
                {p.sectors.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.code} – {s.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" name="set" disabled={!p.canSet}>
              {WAREHOUSE_LABEL.set}
            </button>
            <button type="button" className="btn" name="reset" disabled={!p.canReset} onClick={p.reset}>
              {WAREHOUSE_LABEL.reset}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
