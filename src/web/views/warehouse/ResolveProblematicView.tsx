import { useMachine } from '@xstate/react'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_LABEL } from '../../../contract/messages/warehouse.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { SCREEN_WORKSTATION_TYPES } from '../../../../machines/floorKit.ts'
import { needsSector, resolveProblematicMachine } from '../../../../machines/resolveProblematic.ts'
import { call } from '../../api/client.ts'
import { inspect } from '../../inspector/index.ts'
import { floorActions, floorActors, scanCall } from '../../machines/floor.ts'
import { useSessionUser } from '../../machines/session.ts'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'
import { WorkstationGate } from './kit/WorkstationGate.tsx'
import { useLoad } from './adminKit.tsx'

/** machines/resolveProblematic.ts with its real actors and the floor's shared actions. */
const screen = resolveProblematicMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    loadWorkflow: floorActors.loadWorkflow,
    resolve: scanCall(endpoints.problematicSectorResolve),
  },
  actions: {
    announce: floorActions.announce,
    workstationChanged: floorActions.workstationChanged,
    workstationLost: floorActions.workstationLost,
    withdraw: floorActions.withdraw,
  },
})

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
  const [state, send] = useMachine(screen, { input: { workstation: user?.workstation ?? null }, inspect })
  const c = state.context
  const processing = state.matches('resolving') || state.matches('loading')
  const choosing = state.matches('choosing')
  const workstation = user?.workstation ?? c.workstation
  // Sectors a parcel may be moved to (a known problem needs one): this warehouse, statuses this workstation type offers.
  const [sectors] = useLoad(
    () =>
      workstation
        ? call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: workstation.warehouse.id, workstation_type_id: workstation.type.id })
        : Promise.resolve([]),
    workstation?.id ?? null,
  )
  const set = () => send({ type: 'SET' })
  return (
    <section className="page floor" data-machine="resolveProblematic" data-state={stateString(state.value)}>
      <ScanHeader
        title="Obsługa przesyłek problematycznych"
        workstation={workstation}
        acceptedScans={c.acceptedScans}
        processing={processing}
        last={c.feedback}
        screenTypes={SCREEN_WORKSTATION_TYPES.problems}
      />
      <div className="card floor-card">
        <ScanField scanner={state.children.scanner} processing={processing} paused={choosing} />
      </div>
      {(choosing || (state.matches('resolving') && c.sector)) && (
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
              <dt>Przesyłka</dt>
              <dd data-testid="resolve-barcode">{c.barcode}</dd>
            </div>
            <div>
              <dt>Sektor</dt>
              <dd data-testid="resolve-sector">
                {c.sector?.code} – {c.sector?.name}
              </dd>
            </div>
          </dl>
          <div className="field">
            <label htmlFor="resolve-status">Status</label>
            <select
              id="resolve-status"
              name="status_type_id"
              autoFocus
              value={c.statusTypeId ?? ''}
              disabled={!choosing}
              onChange={(e) => send({ type: 'CHOOSE_STATUS', id: e.target.value === '' ? null : Number(e.target.value) })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  set()
                }
              }}
            >
              <option value="">— wybierz status —</option>
              {c.statusTypes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.displayed_name}
                </option>
              ))}
            </select>
          </div>
          {needsSector(c) && (
            <div className="field">
              <label htmlFor="resolve-sector-choice">Sektor docelowy</label>
              <select
                id="resolve-sector-choice"
                name="problematic_sector_id"
                value={c.sectorId ?? ''}
                disabled={!choosing}
                onChange={(e) => send({ type: 'CHOOSE_SECTOR', id: e.target.value === '' ? null : Number(e.target.value) })}
              >
                <option value="">— wybierz sektor —</option>
                {(sectors.status === 'ready' ? sectors.data : []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.code} – {s.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" name="set" disabled={!state.can({ type: 'SET' })}>
              {WAREHOUSE_LABEL.set}
            </button>
            <button type="button" className="btn" name="reset" disabled={!state.can({ type: 'RESET' })} onClick={() => send({ type: 'RESET' })}>
              {WAREHOUSE_LABEL.reset}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
