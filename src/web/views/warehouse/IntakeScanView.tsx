import { useEffect } from 'react'
import { useMachine, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { API_BASE } from '../../../contract/constants/platform.ts'
import { type Endpoint, endpoints, fillPath } from '../../../contract/endpoints.ts'
import { FLOOR_SCREEN_LABEL as L } from '../../../contract/messages/floor.ts'
import { MSG } from '../../../contract/messages.ts'
import type { ClientRef, ParcelFields, ScanReply, ScanRequest } from '../../../contract/schemas/warehouse.ts'
import { chooseClientMachine } from '../../../../machines/chooseClient.ts'
import { type DimensionsRequestBody, dimensionsMachine } from '../../../../machines/dimensions.ts'
import { SCREEN_WORKSTATION_TYPES, isKnownProblem, sectorById } from '../../../../machines/floorKit.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { type IntakeContext, type Section, currentStatus, formValid, intakeScanMachine } from '../../../../machines/intakeScan.ts'
import { type ParcelData, parcelPanelMachine } from '../../../../machines/parcelPanel.ts'
import { call, callWithStatus } from '../../api/client.ts'
import { inspect } from '../../inspector/index.ts'
import { announce, floorActions, floorActors, scanCall } from '../../machines/floor.ts'
import { useSessionUser } from '../../machines/session.ts'
import type { ScreenProps } from '../../screen.ts'
import { Field } from '../../ui/form.tsx'
import { ChooseClientModal } from './intake/ChooseClientModal.tsx'
import { ParcelPanel, dimensionValuesOf } from './intake/ParcelPanel.tsx'
import { SectorModal } from './intake/SectorModal.tsx'
import { FormBanners, LoadFailed, ResetButton, StatusSelect } from './kit/FloorForm.tsx'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'
import { formatScanTime } from '../../../contract/time.ts'
import { useNow } from './kit/time.ts'
import { WorkstationGate } from './kit/WorkstationGate.tsx'

/** The re-paste label's URL: the file endpoint with a fresh public token (it opens in a new window). */
async function repasteLabelUrl({ internalNumber }: { internalNumber: string }) {
  const { public_token } = await call(endpoints.publicToken)
  return `${API_BASE}${fillPath(endpoints.parcelRepasteLabel.path, { internalNumber })}?_public_token=${encodeURIComponent(public_token)}`
}

/** machines/intakeScan.ts with its real actors; the sub-machines with theirs. `scan` is the endpoint of the route. */
const intakeScreen = (scan: Endpoint) =>
  intakeScanMachine.provide({
    actors: {
      scannerInput: floorActors.scannerInput,
      loadFloor: floorActors.loadFloor,
      submitScan: scanCall<ScanReply, ScanRequest>(scan),
      repasteLabel: fromPromise<string, { internalNumber: string }>(({ input }) => repasteLabelUrl(input)),
      parcelPanel: parcelPanelMachine.provide({
        actors: {
          loadParcel: fromPromise<ParcelData, { parcelId: number }>(async ({ input }) => {
            const params = { idType: 'id', value: input.parcelId }
            const [parcel, history] = await Promise.all([call(endpoints.parcelFind, undefined, params), call(endpoints.parcelHistory, undefined, params)])
            return { parcel, history }
          }),
        },
      }),
      chooseClient: chooseClientMachine.provide({
        actors: {
          searchClients: fromPromise<readonly ClientRef[], { text: string }>(({ input }) => call(endpoints.clientSearch, undefined, { text: input.text })),
          verifyChoice: fromPromise<ClientRef, { client_id: number; postal_code: string; phone_number: string }>(async ({ input }) => (await call(endpoints.clientVerifyChoose, input)).client),
        },
        actions: { announce: ({ context }) => announce(context.feedback) },
      }),
      dimensions: dimensionsMachine.provide({
        actors: {
          checkDimensions: fromPromise<unknown, DimensionsRequestBody>(({ input }) => callWithStatus(endpoints.parcelCheckDimensions, input)),
          saveDimensions: fromPromise<ParcelFields, DimensionsRequestBody>(async ({ input }) => (await call(endpoints.parcelDimensions, input)).data),
        },
        actions: { announce: ({ context }) => announce(context.feedback) },
      }),
    },
    actions: {
      ...floorActions,
      openLabel: ({ context }) => {
        if (context.labelUrl) window.open(context.labelUrl, '_blank')
      },
    },
  })

const SCREENS = { scan: intakeScreen(endpoints.parcelScan), assign: intakeScreen(endpoints.parcelScanAssign) }

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

/** Which section of the form holds the focus (Delete clears it). */
const focusedSection = (): string | null => (document.activeElement?.closest('[data-section]') as HTMLElement | null)?.dataset.section ?? null
const dialogOpen = () => document.querySelector('[role="dialog"]') !== null

function IntakeScreen({ variant }: { variant: keyof typeof SCREENS }) {
  const workstation = useSessionUser()?.workstation
  const [state, send] = useMachine(SCREENS[variant], { input: { workstation: workstation! }, inspect })
  const c: IntakeContext = state.context
  const panel = state.children.panel
  const dims = state.children.dimensions
  const shownParcel = useSelector(panel, (s) => s?.context.parcel ?? null)
  const now = useNow()
  const status = currentStatus(c)
  const sector = sectorById(c.sectors, c.sectorId)
  const processing = state.matches({ ready: 'submitting' }) || state.matches({ ready: 'openingLabel' }) || state.matches('loading')

  const editDimensions = () => send({ type: 'EDIT_DIMENSIONS', parcelId: shownParcel?.id ?? null, values: dimensionValuesOf(shownParcel) })

  // Keyboard: Delete clears the active section, Page Down jumps to the dimension form.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialogOpen()) return
      if (e.key === 'Delete') {
        const section = focusedSection()
        if (!section) return
        e.preventDefault()
        if (section === 'where') send({ type: 'SET_WHERE', where: '' })
        else if (section === 'dimensions') dims?.send({ type: 'CLEAR' })
        else send({ type: 'CLEAR_SECTION', section: section as Section })
      } else if (e.key === 'PageDown') {
        e.preventDefault()
        if (!dims) editDimensions()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  // Editing dimensions: the weight field gets the focus (and scanning is locked by the machine).
  const editing = state.matches({ ready: 'dimensions' })
  useEffect(() => {
    if (editing) document.getElementById('dim-weight')?.focus()
  }, [editing])

  return (
    <section className="page floor" data-machine="intakeScan" data-state={stateString(state.value)} data-problem={c.problem} data-code={c.lastCode ?? ''}>
      <ScanHeader
        title={variant === 'assign' ? L.intakeAssignTitle : L.intakeTitle}
        workstation={c.workstation}
        acceptedScans={c.acceptedScans}
        processing={processing}
        last={c.feedback}
        screenTypes={SCREEN_WORKSTATION_TYPES.intake}
      >
        <ResetButton enabled={state.can({ type: 'RESET' })} onReset={() => send({ type: 'RESET' })} />
      </ScanHeader>
      {state.matches('loadFailed') && <LoadFailed feedback={c.feedback} onRetry={() => send({ type: 'RETRY' })} />}
      <FormBanners c={c} />
      <div className="floor-grid">
        <div className="card floor-form">
          <div className="full">
            <ScanField scanner={state.children.scanner} processing={processing} canSubmit={formValid(c)} paused={editing} />
          </div>
          <div className="floor-section full" data-section="client">
            <div className="client-pill">
              <strong>{L.client}:</strong>
              <span data-testid="intake-client">{c.client ? `${c.client.name} (#${c.client.id})` : L.noClient}</span>
              <button type="button" className="btn btn-sm" data-testid="choose-client-open" disabled={!state.can({ type: 'CHOOSE_CLIENT' })} onClick={() => send({ type: 'CHOOSE_CLIENT' })}>
                {L.chooseClient}
              </button>
              {(c.client || c.externalInbound) && (
                <button type="button" className="btn btn-sm" aria-label={L.clearClient} onClick={() => send({ type: 'CLEAR_SECTION', section: 'client' })}>
                  ×
                </button>
              )}
            </div>
            {c.externalInbound && (
              <p className="hint">
                {L.externalInbound}: <code data-testid="external-inbound">{c.externalInbound.barcode}</code>
              </p>
            )}
          </div>
          <div className="floor-section full" data-section="status">
            <StatusSelect statuses={c.statuses} value={c.statusTypeId} disabled={!state.matches({ ready: 'idle' })} onChange={(id) => send({ type: 'SET_STATUS', statusTypeId: id })} />
            {isKnownProblem(status) || sector ? (
              <div className="client-pill">
                <strong>{L.sector}:</strong>
                <span data-testid="intake-sector">{sector ? `${sector.code} – ${sector.name}` : L.noSector}</span>
                {c.duplicatedRow && <span className="badge">{L.duplicatedRow}</span>}
                {state.can({ type: 'OPEN_SECTORS' }) && (
                  <button type="button" className="btn btn-sm" onClick={() => send({ type: 'OPEN_SECTORS' })}>
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
              value={c.where}
              required
              disabled={!state.matches({ ready: 'idle' })}
              errors={c.where.trim() === '' ? [MSG.required] : []}
              onChange={(e) => send({ type: 'SET_WHERE', where: e.target.value })}
            />
          </div>
          <p className="hint full">{L.keyboardHelp}</p>
        </div>
        <ParcelPanel panel={panel} dims={dims} onEdit={editDimensions} />
      </div>
      <SectorModal
        open={state.matches({ ready: 'choosingSector' })}
        sectors={c.sectors}
        sectorId={c.sectorId}
        suggestedSectorId={c.suggestedSectorId}
        duplicatedRow={c.duplicatedRow}
        canConfirm={state.can({ type: 'CONFIRM_SECTOR' })}
        canChooseClient={c.pending !== null}
        onSelect={(sectorId) => send({ type: 'SET_SECTOR', sectorId })}
        onConfirm={() => send({ type: 'CONFIRM_SECTOR' })}
        onCancel={() => send({ type: 'CANCEL_SECTOR' })}
        onChooseClient={() => send({ type: 'CHOOSE_CLIENT' })}
      />
      <ChooseClientModal actor={state.children.chooseClient} />
    </section>
  )
}
