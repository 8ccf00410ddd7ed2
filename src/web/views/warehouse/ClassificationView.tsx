import { useMachine } from '@xstate/react'
import { FLOOR_SCREEN_LABEL as L } from '../../../contract/messages/floor.ts'
import { MSG } from '../../../contract/messages.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { type ClassificationContext, type ClassifyBody, classificationMachine, sortFormValid } from '../../../../machines/classification.ts'
import type { ClassifyReply } from '../../../contract/schemas/warehouse.ts'
import { SCREEN_WORKSTATION_TYPES, isProblemStatus, statusById } from '../../../../machines/floorKit.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { inspect } from '../../inspector/index.ts'
import { floorActions, floorActors, scanCall } from '../../machines/floor.ts'
import { useSessionUser } from '../../machines/session.ts'
import type { ScreenProps } from '../../screen.ts'
import { Select } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { FormBanners, LoadFailed, ResetButton, StatusSelect } from './kit/FloorForm.tsx'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'
import { WorkstationGate } from './kit/WorkstationGate.tsx'

/** machines/classification.ts with its real actors. */
const screen = classificationMachine.provide({
  actors: { scannerInput: floorActors.scannerInput, loadFloor: floorActors.loadFloor, classify: scanCall<ClassifyReply, ClassifyBody>(endpoints.parcelClassify) },
  actions: floorActions,
})

/** /parcel-classification: without a workstation, /set-workstation with the same Polish message as every scanning screen. */
export default function ClassificationView(_props: ScreenProps) {
  return (
    <WorkstationGate>
      <ClassificationScreen />
    </WorkstationGate>
  )
}

/** The barcode the answer belongs to (as scanned), and the waybill the server found for it when it differs. */
function Scanned({ c }: { c: ClassificationContext }) {
  const scanned = c.feedback?.barcode ?? null
  return (
    <>
      {scanned && <code data-testid="sort-barcode">{scanned}</code>}
      {c.waybill && c.waybill !== scanned && <code>{c.waybill}</code>}
    </>
  )
}

/** The big answer panel: the bucket of a sorted parcel, or the failure's code and message — naming the parcel's barcode. */
function Outcome({ c }: { c: ClassificationContext }) {
  if (c.bucket)
    return (
      <div className="bucket-big" data-testid="sort-bucket" data-bucket={c.bucket.identifier}>
        <div className="bucket-id">
          {L.bucket} <Scanned c={c} />
        </div>
        <div className="bucket-name">{c.bucket.name}</div>
        <div className="bucket-id">{c.bucket.identifier}</div>
      </div>
    )
  const failed = c.lastCode !== null && c.lastCode >= 300
  const text = c.feedback?.messages[0]?.text
  return (
    <div className={`bucket-big ${failed ? 'failed' : 'empty'}`} data-testid="sort-bucket" data-bucket="">
      {failed ? (
        <>
          <div className="bucket-id">
            {c.lastCode} <Scanned c={c} />
          </div>
          <div className="bucket-name">{text}</div>
        </>
      ) : (
        <>
          {c.lastCode === 201 && (
            <div className="bucket-id">
              <Scanned c={c} />
            </div>
          )}
          <div className="bucket-name">{c.lastCode === 201 && text ? text : L.noBucket}</div>
        </>
      )}
    </div>
  )
}

function ClassificationScreen() {
  const workstation = useSessionUser()?.workstation
  const [state, send] = useMachine(screen, { input: { workstation: workstation! }, inspect })
  const c = state.context
  const status = statusById(c.statuses, c.statusTypeId)
  const processing = state.matches({ ready: 'submitting' }) || state.matches('loading')
  const idle = state.matches({ ready: 'idle' })
  return (
    <section className="page floor" data-machine="classification" data-state={stateString(state.value)} data-problem={c.problem} data-code={c.lastCode ?? ''}>
      <ScanHeader
        title={L.sortingTitle}
        workstation={c.workstation}
        acceptedScans={c.acceptedScans}
        processing={processing}
        last={c.feedback}
        screenTypes={SCREEN_WORKSTATION_TYPES.sorting}
      >
        <ResetButton enabled={state.can({ type: 'RESET' })} onReset={() => send({ type: 'RESET' })} />
      </ScanHeader>
      {state.matches('loadFailed') && <LoadFailed feedback={c.feedback} onRetry={() => send({ type: 'RETRY' })} />}
      <div className="floor-grid">
        <div className="card floor-form">
          <div className="full">
            <ScanField scanner={state.children.scanner} processing={processing} canSubmit={sortFormValid(c)} />
          </div>
          <div className="full" data-section="status">
            <StatusSelect statuses={c.statuses} value={c.statusTypeId} disabled={!idle} errors={status ? [] : [MSG.required]} onChange={(id) => send({ type: 'SET_STATUS', statusTypeId: id })} />
          </div>
          {isProblemStatus(status) && (
            <div className="full" data-section="sector">
              <Select
                label={L.sector}
                name="sector"
                value={c.sectorId ?? ''}
                options={[{ value: '', label: L.noSector }, ...c.sectors.map((s) => ({ value: s.id, label: `${s.code} – ${s.name}${s.id === c.suggestedSectorId ? ` (${L.suggested})` : ''}` }))]}
                disabled={!idle}
                errors={sortFormValid(c) ? [] : [WAREHOUSE_MSG.sectorRequired]}
                onChange={(v) => send({ type: 'SET_SECTOR', sectorId: v === '' ? null : Number(v) })}
              />
            </div>
          )}
          <FormBanners c={c} className="full" />
        </div>
        <Outcome c={c} />
      </div>
      <Confirm open={state.matches({ ready: 'confirmingUnknown' })} onConfirm={() => send({ type: 'CONFIRM' })} onCancel={() => send({ type: 'CANCEL' })} />
    </section>
  )
}
