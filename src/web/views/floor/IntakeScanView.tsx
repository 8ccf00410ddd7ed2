import { useMachine } from '@xstate/react'
import { FLOOR_MSG, FLOOR_SCREEN_LABEL as L } from '../../../contract/messages/floor.ts'
import { MSG } from '../../../contract/messages.ts'
import { SCREEN_WORKSTATION_TYPES } from '../../../../machines/floorKit.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectIntake } from '../../../../machines/floorIntakeScan.ts'
import { scanScreenOptions } from '../../wiring/floorClock.ts'
import { intakeScreens } from '../../wiring/floorIntake.ts'
import { useSessionUser } from '../../wiring/session.ts'
import type { ScreenProps } from '../../screen.ts'
import { Field } from '../../ui/form.tsx'
import { ChooseClientModal } from './intake/ChooseClientModal.tsx'
import { ParcelPanel } from './intake/ParcelPanel.tsx'
import { SectorModal } from './intake/SectorModal.tsx'
import { FormBanners, LoadFailed, ResetButton, StatusSelect } from './kit/FloorForm.tsx'
import { ScanBacklog } from './kit/ScanBacklog.tsx'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'
import { formatScanTime } from '../../../contract/time.ts'
import { useNow } from './kit/time.ts'
import { WorkstationGate } from './kit/WorkstationGate.tsx'

const SCREENS = intakeScreens

/** /parcel-from-number: POST app/v1/parcel/scan. */
export default function IntakeScanView(_props: ScreenProps) {
  return (
    <WorkstationGate>
      <IntakeScreen variant="scan" />
    </WorkstationGate>
  )
}

/** /parcel-from-number-and-assign-to-client: PUT app/v1/parcel/scan-and-assign-to-client. */
export function IntakeAssignView(_props: ScreenProps) {
  return (
    <WorkstationGate>
      <IntakeScreen variant="assign" />
    </WorkstationGate>
  )
}


function IntakeScreen({ variant }: { variant: keyof typeof SCREENS }) {
  const workstation = useSessionUser()?.workstation
  const [state, send] = useMachine(SCREENS[variant], { input: { workstation: workstation! }, ...scanScreenOptions })
  const p = connectIntake(state, send)
  const now = useNow()

  // While a window or the dimension form is open the focus lock holds; when it closes, the scan field is ready at once.
  const windowOpen = p.editingDimensions || p.sectorWindowOpen || !!p.chooser

  return (
    <section className="page floor" data-machine="intakeScan" data-state={stateString(state.value)} data-problem={p.problem} data-code={p.lastCode ?? ''}>
      <ScanHeader
        title={variant === 'assign' ? L.intakeAssignTitle : L.intakeTitle}
        workstation={p.workstation}
        acceptedScans={p.acceptedScans}
        processing={p.processing}
        last={p.feedback}
        screenTypes={SCREEN_WORKSTATION_TYPES.intake}
        indicator={p.indicator}
      >
        <ResetButton enabled={p.canReset} onReset={p.reset} />
      </ScanHeader>
      {p.loadFailed && <LoadFailed feedback={p.feedback} onRetry={p.retry} />}
      <FormBanners c={p.form} />
      <ScanBacklog queued={p.queued} unprocessed={p.unprocessed} onClear={p.clearUnprocessed} />
      <div className="floor-grid">
        <div className="card floor-form">
          <div className="full">
            <ScanField scanner={p.scanner} processing={p.processing} canSubmit={p.canSubmit} paused={windowOpen} />
          </div>
          <div className="floor-section full" data-section="client">
            <div className="client-pill">
              <strong>{L.client}:</strong>
              <span data-testid="intake-client">{p.client ? `${p.client.name} (#${p.client.id})` : L.noClient}</span>
              <button type="button" className="btn btn-sm" data-testid="choose-client-open" disabled={!p.canChooseClient} onClick={p.chooseClient}>
                {L.chooseClient}
              </button>
              {(p.client || p.externalInbound) && (
                <button type="button" className="btn btn-sm" aria-label={L.clearClient} onClick={() => p.clear('client')}>
                  ×
                </button>
              )}
            </div>
            {p.externalInbound && (
              <p className="hint">
                {L.externalInbound}: <code data-testid="external-inbound">{p.externalInbound.barcode}</code>
              </p>
            )}
          </div>
          <div className="floor-section full" data-section="status">
            <StatusSelect statuses={p.statuses} value={p.statusTypeId} disabled={!p.editable} onChange={p.setStatus} />
            {p.sectorShown ? (
              <div className="client-pill">
                <strong>{L.sector}:</strong>
                <span data-testid="intake-sector">{p.sector ? `${p.sector.code} – ${p.sector.name}` : L.noSector}</span>
                {p.duplicatedRow && <span className="badge">{L.duplicatedRow}</span>}
                {p.canOpenSectors && (
                  <button type="button" className="btn btn-sm" onClick={p.openSectors}>
                    {L.chooseSector}
                  </button>
                )}
              </div>
            ) : null}
          </div>
          <Field label={L.when} name="when" value={formatScanTime(now)} disabled readOnly />
          <div data-section="where">
            <Field
              label={L.where}
              name="where"
              value={p.where}
              required
              disabled={!p.editable}
              errors={p.whereMissing ? [MSG.required] : p.whereUnknown ? [FLOOR_MSG.unknownPlace] : []}
              onChange={(e) => p.setWhere(e.target.value)}
            />
          </div>
          <p className="hint full">{L.keyboardHelp}</p>
        </div>
        <ParcelPanel panel={p.panel} dims={p.dimensions} onEdit={p.editDimensions} />
      </div>
      <SectorModal
        open={p.sectorWindowOpen}
        sectors={p.sectors}
        sectorId={p.sectorId}
        suggestedSectorId={p.suggestedSectorId}
        duplicatedRow={p.duplicatedRow}
        canConfirm={p.canConfirmSector}
        canChooseClient={p.waitingForClient}
        onSelect={p.selectSector}
        onConfirm={p.confirmSector}
        onCancel={p.cancelSector}
        onChooseClient={p.chooseClient}
      />
      <ChooseClientModal actor={p.chooser} />
    </section>
  )
}
