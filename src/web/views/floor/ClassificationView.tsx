import { useMachine } from '@xstate/react'
import { FLOOR_SCREEN_LABEL as L } from '../../../contract/messages/floor.ts'
import { MSG } from '../../../contract/messages.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { type ClassificationProps, connectClassification } from '../../../../machines/floorClassification.ts'
import { SCREEN_WORKSTATION_TYPES } from '../../../../machines/floorKit.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { scanScreenOptions } from '../../wiring/floorClock.ts'
import { classificationScreen as screen } from '../../wiring/floorClassification.ts'
import { useSessionUser } from '../../wiring/session.ts'
import type { ScreenProps } from '../../screen.ts'
import { Select } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { FormBanners, LoadFailed, ResetButton, StatusSelect } from './kit/FloorForm.tsx'
import { ScanBacklog } from './kit/ScanBacklog.tsx'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'
import { WorkstationGate } from './kit/WorkstationGate.tsx'

/** /parcel-classification: without a workstation, /set-workstation with the same Polish message as every scanning screen. */
export default function ClassificationView(_props: ScreenProps) {
  return (
    <WorkstationGate>
      <ClassificationScreen />
    </WorkstationGate>
  )
}

type Outcome = ClassificationProps['outcome']

/** The barcode the answer belongs to (as scanned), and the waybill the server found for it when it differs. */
function Scanned({ o }: { o: Outcome }) {
  return (
    <>
      {o.scanned && <code data-testid="sort-barcode">{o.scanned}</code>}
      {o.waybill && o.waybill !== o.scanned && <code>{o.waybill}</code>}
    </>
  )
}

/** The big answer panel: the bucket of a sorted parcel, or the failure's code and message — naming the parcel's barcode. */
function OutcomePanel({ o, code }: { o: Outcome; code: number | null }) {
  if (o.bucket)
    return (
      <div className="bucket-big" data-testid="sort-bucket" data-bucket={o.bucket.identifier}>
        <div className="bucket-id">
          {L.bucket} <Scanned o={o} />
        </div>
        <div className="bucket-name">{o.bucket.name}</div>
        <div className="bucket-id">{o.bucket.identifier}</div>
      </div>
    )
  return (
    <div className={`bucket-big ${o.failed ? 'failed' : 'empty'}`} data-testid="sort-bucket" data-bucket="">
      {o.failed ? (
        <>
          <div className="bucket-id">
            {code} <Scanned o={o} />
          </div>
          <div className="bucket-name">{o.text}</div>
        </>
      ) : (
        <>
          {o.sorted && (
            <div className="bucket-id">
              <Scanned o={o} />
            </div>
          )}
          <div className="bucket-name">{o.sorted && o.text ? o.text : L.noBucket}</div>
        </>
      )}
    </div>
  )
}

function ClassificationScreen() {
  const workstation = useSessionUser()?.workstation
  const [state, send] = useMachine(screen, { input: { workstation: workstation! }, ...scanScreenOptions })
  const p = connectClassification(state, send)
  return (
    <section className="page floor" data-machine="classification" data-state={stateString(state.value)} data-problem={p.problem} data-code={p.lastCode ?? ''}>
      <ScanHeader
        title={L.sortingTitle}
        workstation={p.workstation}
        acceptedScans={p.acceptedScans}
        processing={p.processing}
        last={p.feedback}
        screenTypes={SCREEN_WORKSTATION_TYPES.sorting}
        indicator={p.indicator}
      >
        <ResetButton enabled={p.canReset} onReset={p.reset} />
      </ScanHeader>
      {p.loadFailed && <LoadFailed feedback={p.feedback} onRetry={p.retry} />}
      <div className="floor-grid">
        <div className="card floor-form">
          <div className="full">
            <ScanField scanner={p.scanner} processing={p.processing} canSubmit={p.canSubmit} />
          </div>
          <div className="full" data-section="status">
            <StatusSelect statuses={p.statuses} value={p.statusTypeId} disabled={!p.editable} errors={p.statusMissing ? [MSG.required] : []} onChange={p.setStatus} />
          </div>
          {p.sectorShown && (
            <div className="full" data-section="sector">
              <Select
                label={L.sector}
                name="sector"
                value={p.sectorId ?? ''}
                options={[{ value: '', label: L.noSector }, ...p.sectors.map((s) => ({ value: s.id, label: `${s.code} – ${s.name}${s.id === p.suggestedSectorId ? ` (${L.suggested})` : ''}` }))]}
                disabled={!p.editable}
                errors={p.canSubmit ? [] : [WAREHOUSE_MSG.sectorRequired]}
                onChange={(v) => p.setSector(v === '' ? null : Number(v))}
              />
            </div>
          )}
          <FormBanners c={p.form} className="full" />
          <div className="full">
            <ScanBacklog queued={p.queued} unprocessed={p.unprocessed} onClear={p.clearUnprocessed} />
          </div>
        </div>
        <OutcomePanel o={p.outcome} code={p.lastCode} />
      </div>
      <Confirm open={p.confirmingUnknown} message={p.confirmText} onConfirm={p.confirm} onCancel={p.cancel} />
    </section>
  )
}
