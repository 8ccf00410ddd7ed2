import { describe, expect, it } from 'vitest'
import { type AnyEventObject, type AnyMachineSnapshot, type SnapshotFrom, createActor, createMachine, fromPromise, waitFor } from 'xstate'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import { type ClientRef } from '../../src/contract/schemas/common.ts'
import { type ScanData, scanData, type ScanMessage, type ScanRequest } from '../../src/contract/schemas/floor.ts'
import type { FloorData } from '../../machines/floorKit.ts'
import type { ScanFailure } from '../../machines/floorFailure.ts'
import { failureOf } from '../../machines/floorFailure.ts'
import { chooseClientMachine } from '../../machines/floorChooseClient.ts'
import { type IntakeAnswer, type IntakeContext, type IntakeEvent, connectIntake, formValid, intakeScanMachine } from '../../machines/floorIntakeScan.ts'
import { DEMO_SECTORS, DEMO_STATUSES, INTAKE_ANSWERS, intakeFloor, intakeScanSamples } from '../../machines/floorIntakeScan.samples.ts'
import { DEMO_WORKSTATIONS } from '../../machines/floorWorkstation.samples.ts'
import { SCANNER_POLICIES } from '../../machines/floorScannerInput.ts'
import { describeModel } from './model.ts'
import { type LedgerRules, expectScansBelongToBarcode, scanAccounting, scansAsserted } from './scanLedger.ts'

/** Events the screen sent to its children (scanner, panel), recorded by stand-in machines. */
let sent: Array<{ to: string; event: AnyEventObject }> = []
const recorder = (to: string) => createMachine({ on: { '*': { actions: ({ event }) => void sent.push({ to, event }) } } })

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as IntakeContext | undefined
const ms = WAREHOUSE.toastMs
const fb = (tone: string, ...messages: ScanMessage[]) => ({ tone, messages, big: false })
const m = (type: ScanMessage['type'], text: string, duration: number): ScanMessage => ({ text, type, duration })
/** The warning of problem mode. */
const PROBLEM = m('warning', 'Wykryto nieprawidłowość, rozważ przekazanie przesyłki do odpowiedniego sektora!', ms.scanError)
const DEFAULT_STATUS = 55
const answerOf = (status: number, d: ScanData): IntakeAnswer => ({ status, data: { message: '', messages: [], data: scanData(d) } })
const isProblem = (id: number | null) => id === DEMO_STATUSES.known.id || id === DEMO_STATUSES.unknown.id

/** Problem mode is off and the form holds its defaults (status 55, no sector, no duplicated row), the worker's own choice too. */
const expectFormDefaults = (c: IntakeContext) => {
  expect(c.problem).toBe(false)
  expect([c.statusTypeId, c.sectorId, c.duplicatedRow]).toEqual([DEFAULT_STATUS, null, false])
  expect(c.own).toEqual({ statusTypeId: DEFAULT_STATUS, sectorId: null })
}
/** Problem mode is off and the form holds the worker's own choice. */
const expectOwnForm = (c: IntakeContext, own: IntakeContext['own']) => {
  expect([c.problem, c.problemFor]).toEqual([false, null])
  expect([c.statusTypeId, c.sectorId]).toEqual([own.statusTypeId, own.sectorId])
  expect(c.duplicatedRow).toBe(own.sectorId === DEMO_SECTORS.duplicated.id)
}
/** What the person was told, without the barcode it names (checked on its own). */
const told = (c: IntakeContext) => {
  if (!c.feedback) return c.feedback
  const { barcode: _named, ...rest } = c.feedback
  return rest
}

/** What the samples declare about the intake form: status 55 by default, a sector only with 59/60, 60 brings the receiving sector. */
const INTAKE_RULES: LedgerRules = {
  scanSrc: 'submitScan',
  read: (i) => {
    const b = i as ScanRequest
    return { barcode: b.barcode, status: b.id_status_type ?? null, sector: b.id_problematic_sector ?? null }
  },
  defaultStatus: DEFAULT_STATUS,
  problemStatuses: [DEMO_STATUSES.known.id, DEMO_STATUSES.unknown.id],
  brought: { [DEMO_STATUSES.unknown.id]: DEMO_SECTORS.receiving.id },
}
/** Every barcode typed is sent once, refused naming it, or waits in the queue the screen shows. */
const accounting = scanAccounting({
  scanSrc: 'submitScan',
  barcodeOf: (i) => (i as ScanRequest).barcode,
  resends: ['xstate.done.actor.chooseClient'],
  afterSending: [FLOOR_MSG.handOverCancelled, FLOOR_MSG.serverUnreachable],
})

const connect = (s: AnyMachineSnapshot) => connectIntake(s as unknown as SnapshotFrom<typeof intakeScanMachine>, () => {})

const paths = describeModel(intakeScanMachine, intakeScanSamples, {
  fakes: { scannerInput: recorder('scanner'), parcelPanel: recorder('panel'), bigIndicator: recorder('indicator') },
  check: ({ path, index, event, snapshot, prev, effects, invoked, replay }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const children = sent.splice(0)
    const toPanel = children.filter((x) => x.to === 'panel').map((x) => x.event)
    const toScanner = children.filter((x) => x.to === 'scanner').map((x) => x.event)
    // A silent answer (no messages) shows the big tick naming its barcode; nothing else does.
    const toIndicator = children.filter((x) => x.to === 'indicator').map((x) => x.event)
    const bigNow = prev !== undefined && c.feedback !== before!.feedback && c.feedback?.big === true
    expect(toIndicator).toEqual(bigNow ? [{ type: 'SHOW', barcode: c.feedback!.barcode ?? null }] : [])
    // Whatever changes what the person is told is announced (tone + toasts); nothing else is.
    if (prev && c.feedback !== before!.feedback && c.feedback !== null) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    // Which status and sector go out with each barcode: what the worker picked, the default, or what an answer for THAT barcode suggested.
    const barcodeBack = event.type === 'xstate.done.actor.chooseClient' ? (event as unknown as { output: { barcode: string | null } }).output.barcode : undefined
    expectScansBelongToBarcode(path, index, invoked, INTAKE_RULES, barcodeBack)
    // Every barcode typed is sent once, or refused naming it (and listed), or waits in the queue the screen shows.
    accounting(event as AnyEventObject, invoked, c, before)
    expect(connect(snapshot).queued).toBe(c.queue.length)
    // A scan is only ever sent with a complete form: a status, a place, a sector with the known problem; codes 3 and 4 force the duplicated row.
    for (const i of invoked.filter((x) => x.src === 'submitScan')) {
      const b = i.input as ScanRequest
      expect(b.id_status_type).toEqual(expect.any(Number))
      expect(b.where).toBe('TYCHY')
      if (b.id_status_type === DEMO_STATUSES.known.id) expect(b.id_problematic_sector).not.toBeNull()
      expect(b.create_duplicated_parcel_row === true).toBe(b.id_problematic_sector === DEMO_SECTORS.duplicated.id)
      // While it is out, the screen says it is processing (a busy tag) and takes no second scan.
      expect(connect(snapshot).processing).toBe(true)
    }
    // Outside problem mode the form is the worker's own choice; in it, it holds the answer of one barcode.
    if (c.statuses.length && !c.problem) expect(c.own).toEqual({ statusTypeId: c.statusTypeId, sectorId: c.sectorId })
    if (c.problem) expect(c.problemFor).not.toBeNull()

    switch (event.type) {
      case 'xstate.init':
        sent = []
        expect(snapshot.value).toBe('loading')
        // The shared scanner with the intake policy (400 ms, EAN8/EAN14/too-fast alarms), the panel, the workstation's data.
        // The page's Delete and Page Down are the machine's own child, for as long as the screen runs.
        expect(invoked).toEqual([
          { id: 'pageKeys', src: 'pageKeys', input: { screen: expect.anything() } },
          { id: 'loadFloor', src: 'loadFloor', input: undefined },
        ])
        // `screen` is the screen itself (Page Down reads the parcel its panel shows).
        expect((invoked[0]!.input as { screen: unknown }).screen).toBe(replay.actor)
        expect(SCANNER_POLICIES.intake.idleMs).toBe(400)
        break

      case 'xstate.done.actor.loadFloor': {
        const out = (event as unknown as { output: FloorData }).output
        if (!out.workflow) {
          // No workstation after all: the session forgets it and the gate sends the person to /set-workstation.
          expect(snapshot.value).toBe('noWorkstation')
          expect(effects).toEqual(['workstationLost'])
        } else if (out.workflow.workstation.type.code === 'SRTW') {
          expect(snapshot.value).toBe('leaving')
          expect(c.target).toBe('parcelClassification')
          if (before!.switching) expect(effects).toEqual(['workstationChanged', 'redirect'])
          else {
            expect(c.feedback).toEqual(fb('warning', m('warning', WAREHOUSE_MSG.otherWorkstation, ms.scanError)))
            expect(effects).toEqual(['announce', 'workstationChanged', 'redirect'])
          }
        } else {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          // The counter is the server's, never counted here.
          expect(c.acceptedScans).toBe(out.workflow.accepted_scans)
          expect(c.statuses).toEqual(out.statuses)
          expect(c.sectors).toEqual(out.sectors)
          expect(c.statusTypeId).toBe(DEFAULT_STATUS)
          expect(c.where).toBe('TYCHY')
          expect(effects).toEqual(['workstationChanged'])
        }
        break
      }
      case 'xstate.error.actor.loadFloor':
        expect(snapshot.value).toBe('loadFailed')
        expect(c.feedback).toEqual(fb('error', m('error', FLOOR_MSG.loadFailed, ms.scanError)))
        break
      case 'RETRY':
        expect(snapshot.value).toBe('loading')
        expect(invoked.map((i) => i.src)).toEqual(['loadFloor'])
        break

      case 'SCANNED': {
        const code = (event as unknown as { code: string }).code
        if (prev!.matches({ ready: 'idle' })) {
          if (invoked.length) {
            // Sent (the status and sector it carries are checked above against what the path declared).
            expect(snapshot.value).toEqual({ ready: 'submitting' })
            expect(c.barcode).toBe(code)
            expect(invoked).toEqual([{ id: 'submitScan', src: 'submitScan', input: expect.objectContaining({ barcode: code }) }])
            // Another barcode withdraws the previous answer and the panel no longer shows the previous parcel;
            // the same barcode again (a double read, 204) keeps what its first answer said (the ✓ stays).
            const other = code !== before!.barcode
            expect(c.feedback).toBe(other ? null : before!.feedback)
            expect(effects.includes('withdraw')).toBe(other)
            expect(toPanel).toEqual(other ? [{ type: 'CLEAR' }] : [])
          } else {
            // Refused: the form lacks something, and the screen says so naming the barcode, lists it, and shows a form it will not send.
            expect(snapshot.value).toEqual({ ready: 'idle' })
            expect(c.feedback).toEqual({ ...fb('error', m('error', FLOOR_MSG.formIncomplete, ms.scanError)), barcode: code })
            expect(c.unprocessed.at(-1)).toEqual({ barcode: code, reason: FLOOR_MSG.formIncomplete })
            expect(connect(snapshot).canSubmit).toBe(false)
          }
        } else if (prev!.matches({ ready: 'submitting' }) || prev!.matches({ ready: 'openingLabel' })) {
          // A burst while one is in flight: the scan waits its turn in the queue (shown with its count), nothing is sent yet.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.queue).toEqual([...before!.queue, event])
          expect(connect(snapshot).queued).toBe(before!.queue.length + 1)
          expect(c.feedback).toBe(before!.feedback)
        } else if (prev!.matches('loading')) {
          // The workstation's data is loading: refused, named.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.feedback).toEqual({ ...fb('error', m('error', FLOOR_MSG.busy, ms.scanError)), barcode: code })
        } else {
          // A window is open (sector, client, dimensions): the scan is refused naming its barcode, and listed.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.feedback).toEqual({ ...fb('warning', m('warning', FLOOR_MSG.closeWindowFirst, ms.scanError)), barcode: code })
          expect(c.unprocessed.at(-1)).toEqual({ barcode: code, reason: FLOOR_MSG.closeWindowFirst })
        }
        break
      }
      case 'xstate.after.queueNext.intakeScan.ready.idle': {
        // The next queued scan goes as if scanned now (or is refused, named, when the form cannot go).
        const next = before!.queue[0]!
        expect(c.queue).toEqual(before!.queue.slice(1))
        if (invoked.length) {
          expect(snapshot.value).toEqual({ ready: 'submitting' })
          expect(invoked).toEqual([{ id: 'submitScan', src: 'submitScan', input: expect.objectContaining({ barcode: next.code }) }])
        } else {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          expect(c.feedback!.barcode).toBe(next.code)
          expect(c.unprocessed.at(-1)!.barcode).toBe(next.code)
        }
        break
      }
      case 'CLEAR_UNPROCESSED':
        // The worker put the listed parcels aside.
        expect(c.unprocessed).toEqual([])
        expect(snapshot.value).toEqual(prev!.value)
        break
      case 'ALARM':
        // length 8 → EAN8 warning for 5 s, nothing sent.
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expect(c.feedback).toEqual(fb('warning', m('warning', 'Zeskanowano nieprawidłowy kod - wykryto EAN8', 5_000)))
        expect(invoked).toEqual([])
        break

      case 'xstate.done.actor.submitScan': {
        const a = (event as unknown as { output: IntakeAnswer }).output
        const d = a.data?.data as ScanData | undefined
        const messages = a.data?.messages ?? []
        expect(c.lastCode).toBe(a.status)
        // Every answer names the barcode it answers.
        if (a.status !== 204 && a.status !== 205) expect(c.feedback!.barcode).toBe(before!.barcode)
        // A client chosen for the waiting barcode went with that scan only.
        if (before!.clientOnce && a.status !== 202) expect([c.client, c.clientOnce]).toEqual([null, false])
        if (d) expect(c.acceptedScans).toBe(d.accepted_scans)
        else expect(c.acceptedScans).toBe(before!.acceptedScans)
        const shows = d?.parcel_id != null && a.status !== 202 && a.status !== 203
        if (a.status !== 205) expect(toPanel).toEqual(shows ? [{ type: 'SHOW', parcelId: d!.parcel_id, barcode: before!.barcode }] : [])
        switch (a.status) {
          case 205:
            // A workstation code: reloaded, "Pomyślnie ustawiono stanowisko!", the form and panel start over.
            expect(snapshot.value).toBe('loading')
            expect(c.feedback).toEqual(fb('success', m('success', 'Pomyślnie ustawiono stanowisko!', ms.confirmation)))
            expect(invoked.map((i) => i.src)).toEqual(['loadFloor'])
            expect(toPanel).toEqual([{ type: 'CLEAR' }])
            expectFormDefaults(c)
            break
          case 204:
            // Nothing happens.
            expect(snapshot.value).toEqual({ ready: 'idle' })
            expect(c.feedback).toBe(before!.feedback)
            expect(effects).toEqual([])
            break
          case 202:
            expect(snapshot.value).toEqual({ ready: 'idle' })
            expect(c.client).toEqual(d!.client)
            expect(told(c)).toEqual(fb('success', m('success', 'Pomyślnie ustawiono klienta!', ms.confirmation)))
            break
          case 203:
            // The hand-over's barcode is shown and the client chooser opens for it.
            expect(snapshot.value).toEqual({ ready: 'choosingClient' })
            expect(c.externalInbound).toEqual(d!.external_inbound)
            expect(c.pending).toBe(before!.barcode)
            expect(invoked).toEqual([{ id: 'chooseClient', src: 'chooseClient', input: { barcode: before!.barcode } }])
            break
          case 206:
            // Problem resolved: the messages, forms reset.
            expect(snapshot.value).toEqual({ ready: 'idle' })
            expect(told(c)).toEqual({ tone: 'success', messages, big: false })
            expectFormDefaults(c)
            expect([c.client, c.externalInbound, c.pending]).toEqual([null, null, null])
            break
          case 208: {
            const suggests = d!.suggested_status_type_id !== null || d!.suggested_problematic_sector_id !== null
            expect(c.pending).toBe(d!.client ? null : before!.barcode)
            if (suggests) {
              // Problem mode: suggestions preselected, the sector window opens when a sector is suggested.
              expect(c.problem).toBe(true)
              // The suggestions belong to the barcode that got them.
              expect(c.problemFor).toBe(before!.barcode)
              expect(c.own).toEqual(before!.own)
              expect(c.statusTypeId).toBe(d!.suggested_status_type_id)
              // A suggested sector, else what the status brings (unknown problem: the receiving sector).
              const brought = d!.suggested_status_type_id === DEMO_STATUSES.unknown.id ? DEMO_SECTORS.receiving.id : null
              expect(c.sectorId).toBe(d!.suggested_problematic_sector_id ?? brought)
              expect(c.suggestedSectorId).toBe(d!.suggested_problematic_sector_id)
              expect(snapshot.value).toEqual({ ready: d!.suggested_problematic_sector_id !== null ? 'choosingSector' : 'idle' })
              expect(told(c)).toEqual(fb('warning', ...messages, PROBLEM))
            } else {
              expect(snapshot.value).toEqual({ ready: 'idle' })
              expect(c.problem).toBe(before!.problem)
              expect(told(c)).toEqual({ tone: 'success', messages, big: false })
            }
            break
          }
          default: {
            // 201: accepted. Problem mode ends (status and sector reset), the hand-over is done.
            expect(a.status).toBe(201)
            // Problem mode ends: the form is the worker's own choice again.
            expectOwnForm(c, before!.own)
            expect(c.problem).toBe(false)
            expect([c.externalInbound, c.pending]).toEqual([null, null])
            const missingOut = d!.re_pasting_required && d!.out_number === '-'
            if (d!.re_pasting_required && !missingOut) {
              // The re-paste label opens in a new window (URL with a public token).
              expect(snapshot.value).toEqual({ ready: 'openingLabel' })
              expect(invoked).toEqual([{ id: 'repasteLabel', src: 'repasteLabel', input: { internalNumber: d!.waybill } }])
            } else expect(snapshot.value).toEqual({ ready: 'idle' })
            if (missingOut) expect(told(c)).toEqual(fb('error', m('error', 'Przesyłka nie posiada numeru wyjściowego', 20_000)))
            else if (messages.length) expect(told(c)).toEqual({ tone: messages.some((x) => x.type === 'warning') ? 'warning' : 'success', messages, big: false })
            // No messages: the big success indicator.
            else expect(told(c)).toEqual({ tone: 'success', messages: [], big: true })
          }
        }
        break
      }
      case 'xstate.error.actor.submitScan': {
        const f: ScanFailure = failureOf((event as unknown as { error: unknown }).error)
        expect(toPanel).toEqual([])
        if (before!.clientOnce) expect(c.client).toBeNull()
        if (f.status === 403 && !f.data?.workstation) {
          expect(snapshot.value).toBe('noWorkstation')
          expect(effects).toEqual(['workstationLost'])
          break
        }
        expect(c.lastCode).toBe(f.status)
        expect(c.feedback!.barcode).toBe(before!.barcode)
        // Errors show for 5 s.
        for (const x of c.feedback!.messages) expect(x.duration).toBe(ms.scanError)
        if (f.status === 0 || f.status >= 500) {
          // The server cannot be reached (or failed itself): the barcode is listed to be put aside — no problem mode.
          expect(c.feedback!.messages.map((x) => x.text)).toEqual([FLOOR_MSG.serverUnreachable])
          expect(c.unprocessed.at(-1)).toEqual({ barcode: before!.barcode, reason: FLOOR_MSG.serverUnreachable })
          // Each failure keeps the earlier ones on the list.
          for (const u of before!.unprocessed) if (u.barcode !== before!.barcode) expect(c.unprocessed).toContainEqual(u)
          expect([c.problem, c.problemFor]).toEqual([before!.problem, before!.problemFor])
          expect(snapshot.value).toEqual({ ready: 'idle' })
        } else if (f.status === 403) {
          expect(c.feedback!.messages.map((x) => x.text)).toEqual(['Jesteś zalogowany na innym stanowisku!'])
          expect(c.problem).toBe(before!.problem)
          expect(snapshot.value).toEqual({ ready: 'idle' })
        } else if (f.status === 404) {
          // A workstation code that does not exist: "Stanowisko nie istnieje!", no problem mode.
          expect(c.feedback!.messages.map((x) => x.text)).toEqual(['Stanowisko nie istnieje!'])
          expect(c.problem).toBe(before!.problem)
        } else {
          // Any other error switches problem mode on — for this barcode — and shows the messages.
          expect(c.problem).toBe(true)
          expect(c.problemFor).toBe(before!.barcode)
          const texts = c.feedback!.messages.map((x) => x.text)
          if (f.status === 409) {
            expect(texts).toEqual([WAREHOUSE_ANSWER.deletedParcel, PROBLEM.text])
            expect([c.statusTypeId, c.sectorId]).toEqual([DEMO_STATUSES.known.id, DEMO_SECTORS.cancelled.id])
            expect(snapshot.value).toEqual({ ready: 'choosingSector' })
          } else {
            // 422: the server's message; others: the body's messages.
            expect(texts[0]).toBe(f.message)
            const suggested = f.data?.suggested_status_type_id as number | null | undefined
            if (suggested != null) expect([c.statusTypeId, texts[1]]).toEqual([suggested, PROBLEM.text])
            else expect(texts).toEqual(f.messages.map((x) => x.text))
            expect(snapshot.value).toEqual({ ready: 'idle' })
          }
        }
        expect(c.feedback!.tone).toBe('error')
        break
      }

      case 'SET_STATUS': {
        const id = (event as unknown as { statusTypeId: number }).statusTypeId
        expect(c.statusTypeId).toBe(id)
        // A status picked by hand is the worker's own choice: it stays for the next parcels (problem mode ends).
        expect([c.problem, c.own.statusTypeId]).toEqual([false, id])
        if (id === DEMO_STATUSES.known.id) {
          // known_problem_detected opens the sector window.
          expect(snapshot.value).toEqual({ ready: 'choosingSector' })
        } else {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          // unknown_problem_detected takes the default (receiving) sector; others none.
          expect(c.sectorId).toBe(id === DEMO_STATUSES.unknown.id ? DEMO_SECTORS.receiving.id : null)
        }
        break
      }
      case 'SET_WHERE':
        expect(c.where).toBe((event as unknown as { where: string }).where)
        break
      case 'OPEN_SECTORS':
        expect(before!.statusTypeId).toBe(DEMO_STATUSES.known.id)
        expect(snapshot.value).toEqual({ ready: 'choosingSector' })
        break
      case 'SET_SECTOR': {
        const id = (event as unknown as { sectorId: number }).sectorId
        expect(c.sectorId).toBe(id)
        // In the window a problem answer opened, the sector answers that parcel; otherwise it is the worker's own choice.
        if (before!.problem) expect([c.own, c.problemFor]).toEqual([before!.own, before!.problemFor])
        else expect(c.own.sectorId).toBe(id)
        // Codes 3 and 4 force the duplicated-parcel row on.
        expect(c.duplicatedRow).toBe(id === DEMO_SECTORS.duplicated.id)
        break
      }
      case 'CONFIRM_SECTOR':
        expect(c.sectorId).not.toBeNull()
        expect(snapshot.value).toEqual({ ready: 'idle' })
        break
      case 'CANCEL_SECTOR':
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expect(c.sectorId).toBe(before!.sectorId)
        break
      case 'CHOOSE_CLIENT':
        expect(snapshot.value).toEqual({ ready: 'choosingClient' })
        expect(invoked).toEqual([{ id: 'chooseClient', src: 'chooseClient', input: { barcode: c.pending } }])
        break
      case 'xstate.done.actor.chooseClient': {
        const out = (event as unknown as { output: { client: IntakeContext['client']; barcode: string | null } }).output
        if (out.client && out.barcode && invoked.length) {
          // The barcode that waited for a client goes again, with the client, as an ordinary scan.
          expect(snapshot.value).toEqual({ ready: 'submitting' })
          expect(c.client).toEqual(out.client)
          expect(c.clientOnce).toBe(true)
          expect(c.barcode).toBe(out.barcode)
          expect(c.problem).toBe(false)
          expect(invoked[0]!.input).toMatchObject({ barcode: out.barcode, id_client: out.client.id })
        } else {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          expect(invoked).toEqual([])
          expect(c.client).toEqual(out.client ?? before!.client)
          // A barcode that waited for a client and was not sent: only because the form is incomplete.
          if (out.client && out.barcode) expect(connect(snapshot).canSubmit).toBe(false)
        }
        break
      }
      case 'CLEAR_SECTION': {
        const section = (event as unknown as { section: string }).section
        if (section === 'barcode') expect(toScanner).toEqual([{ type: 'CLEAR' }])
        else expect(toScanner).toEqual([])
        // The dimension form is cleared by its own machine, while it is open; the scan form stays as it was.
        if (section === 'dimensions') {
          expect(snapshot.value).toEqual({ ready: 'dimensions' })
          expect(c).toEqual(before)
          break
        }
        expect(snapshot.value).toEqual({ ready: 'idle' })
        if (section === 'client') expect([c.client, c.externalInbound, c.pending]).toEqual([null, null, null])
        if (section === 'status') expectFormDefaults(c)
        expect(c.where).toBe(before!.where)
        break
      }
      case 'EDIT_DIMENSIONS': {
        const e = event as unknown as Extract<IntakeEvent, { type: 'EDIT_DIMENSIONS' }>
        if (e.parcelId !== null) {
          expect(snapshot.value).toEqual({ ready: 'dimensions' })
          // The form opens with the focus in its first field.
          expect(effects).toEqual(['focusDimensions'])
          expect(invoked).toEqual([{ id: 'dimensions', src: 'dimensions', input: { parcelId: e.parcelId, values: e.values } }])
        } else {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          expect(c.feedback).toEqual(fb('warning', m('warning', FLOOR_MSG.noParcelYet, ms.scanError)))
        }
        break
      }
      case 'xstate.error.actor.chooseClient':
      case 'xstate.error.actor.dimensions':
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expect(c.feedback).toBe(before!.feedback)
        break
      case 'xstate.done.actor.dimensions': {
        const saved = (event as unknown as { output: { saved: unknown } }).output.saved
        expect(snapshot.value).toEqual({ ready: 'idle' })
        // Saved: the panel shows the new values at once.
        expect(toPanel).toEqual(saved ? [{ type: 'RELOAD' }] : [])
        break
      }
      case 'xstate.done.actor.repasteLabel':
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expect(c.labelUrl).toBe((event as unknown as { output: string }).output)
        expect(effects).toEqual(['openLabel'])
        break
      case 'xstate.error.actor.repasteLabel':
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expect(c.feedback).toEqual(fb('error', m('error', FLOOR_MSG.labelOpenFailed, ms.scanError)))
        break
      case 'RESET':
        // "A reset restores the default state."
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expectFormDefaults(c)
        expect([c.client, c.externalInbound, c.pending, c.parcelId, c.where]).toEqual([null, null, null, null, 'TYCHY'])
        expect(toScanner).toEqual([{ type: 'CLEAR' }])
        expect(toPanel).toEqual([{ type: 'CLEAR' }])
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

describe('intake: scans checked along the paths', () => {
  it('every generated path that sends a scan had its status and sector checked', () => {
    // Runs after the model tests (same file, in order): each scan sent was checked at least once.
    expect(paths.length).toBeGreaterThan(0)
    expect(scansAsserted()).toBeGreaterThan(0)
  })
})

describe('intake scan form', () => {
  const base = { statuses: intakeFloor().statuses, sectors: intakeFloor().sectors, where: 'TYCHY', sectorId: null, statusTypeId: 55 }
  it('needs a status, a place, and for a known problem its sector', () => {
    expect(formValid(base)).toBe(true)
    expect(formValid({ ...base, where: '  ' })).toBe(false)
    expect(formValid({ ...base, statusTypeId: null })).toBe(false)
    expect(formValid({ ...base, statusTypeId: 999 })).toBe(false)
    expect(formValid({ ...base, statusTypeId: DEMO_STATUSES.known.id })).toBe(false)
    expect(formValid({ ...base, statusTypeId: DEMO_STATUSES.known.id, sectorId: DEMO_SECTORS.blocked.id })).toBe(true)
    expect(formValid({ ...base, statusTypeId: DEMO_STATUSES.unknown.id })).toBe(true)
  })
})

/**
 * Problem mode does not carry over to the next parcel (the answers of the real server to the DEMO-DATA
 * barcodes): the suggestions of an answer go with the re-scan of that barcode only.
 */
describe('intake: suggestions belong to the barcode they were suggested for', () => {
  const RE6_208 = answerOf(208, { ...INTAKE_ANSWERS['RE100000005 208 blocked'].data!.data, parcel_id: 6, waybill: 'RE100000006', client: null, suggested_problematic_sector_id: DEMO_SECTORS.verification.id })
  const ANSWERS: Record<string, IntakeAnswer> = {
    UNKNOWN0001: INTAKE_ANSWERS['UNKNOWN0001 208 no client'],
    RE100000005: INTAKE_ANSWERS['RE100000005 208 blocked'],
    RE100000006: RE6_208,
    BUF00000001: INTAKE_ANSWERS['RE100000001 201'],
    RE100000009: INTAKE_ANSWERS['RE100000001 201'],
  }
  function start() {
    const bodies: ScanRequest[] = []
    const actor = createActor(
      intakeScanMachine.provide({
        actors: {
          loadFloor: fromPromise(async () => intakeFloor(0)),
          submitScan: fromPromise<IntakeAnswer, ScanRequest>(async ({ input }) => {
            bodies.push(input)
            // A re-scan of a problem parcel with its suggestions is recorded into the sector (201).
            return input.id_status_type === DEFAULT_STATUS ? ANSWERS[input.barcode]! : INTAKE_ANSWERS['RE100000005 201 sector set']
          }),
        },
      }),
      { input: { workstation: DEMO_WORKSTATIONS.PRZJ_01 } },
    ).start()
    const settle = () => waitFor(actor, (s) => !s.matches({ ready: 'submitting' }) && !s.matches('loading'))
    const scan = async (code: string) => {
      actor.send({ type: 'SCANNED', code, instruction: false })
      await settle()
    }
    return { actor, bodies, scan, settle, sent: (i: number) => [bodies[i]!.barcode, bodies[i]!.id_status_type, bodies[i]!.id_problematic_sector] }
  }

  it('UNKNOWN0001 (208, sector 1 confirmed), then BUF00000001: sent with status 55 and no sector', async () => {
    const t = start()
    await t.settle()
    await t.scan('UNKNOWN0001')
    expect(t.actor.getSnapshot().value).toEqual({ ready: 'choosingSector' })
    t.actor.send({ type: 'CONFIRM_SECTOR' })
    expect(t.actor.getSnapshot().context.problemFor).toBe('UNKNOWN0001')
    await t.scan('BUF00000001')
    expect(t.sent(1)).toEqual(['BUF00000001', DEFAULT_STATUS, null])
    expect(t.actor.getSnapshot().context.feedback).toEqual({ tone: 'success', messages: [], big: true, barcode: 'BUF00000001' })
  })

  it('RE100000006 (208, "Anuluj" in the sector window), then RE100000009: status 55, not the known problem in sector 14', async () => {
    const t = start()
    await t.settle()
    await t.scan('RE100000006')
    t.actor.send({ type: 'CANCEL_SECTOR' })
    await t.scan('RE100000009')
    expect(t.sent(1)).toEqual(['RE100000009', DEFAULT_STATUS, null])
    expect(t.actor.getSnapshot().context.problem).toBe(false)
  })

  it('re-scanning the problem parcel records it into the suggested sector; the next parcel gets 55 again', async () => {
    const t = start()
    await t.settle()
    await t.scan('RE100000005')
    t.actor.send({ type: 'CONFIRM_SECTOR' })
    await t.scan('RE100000005')
    expect(t.sent(1)).toEqual(['RE100000005', DEMO_STATUSES.known.id, DEMO_SECTORS.blocked.id])
    await t.scan('RE100000009')
    expect(t.sent(2)).toEqual(['RE100000009', DEFAULT_STATUS, null])
  })

  it('a status picked by hand stays for the next parcels', async () => {
    const t = start()
    await t.settle()
    t.actor.send({ type: 'SET_STATUS', statusTypeId: DEMO_STATUSES.unknown.id })
    await t.scan('RE100000009')
    await t.scan('BUF00000001')
    expect(t.sent(1)).toEqual(['BUF00000001', DEMO_STATUSES.unknown.id, DEMO_SECTORS.receiving.id])
    expect(t.actor.getSnapshot().context.own).toEqual({ statusTypeId: DEMO_STATUSES.unknown.id, sectorId: DEMO_SECTORS.receiving.id })
  })
})

/** Issue #19 item 7: after a client is chosen, the "not in the system" toast of the answer that asked for one goes; nothing else is withdrawn. */
describe('intake: a client chosen withdraws the answer that asked for it', () => {
  const DEMO_SHOP = { id: 1, name: 'Demo Shop SRL' }
  function start() {
    const withdrawn: Array<IntakeContext['asking']> = []
    // The real chooser, its search and confirmation answered as the server answers Demo Shop.
    const chooser = chooseClientMachine.provide({
      actors: { searchClients: fromPromise(async (): Promise<readonly ClientRef[]> => [DEMO_SHOP]), verifyChoice: fromPromise(async () => DEMO_SHOP) },
    })
    const actor = createActor(
      intakeScanMachine.provide({
        actors: {
          loadFloor: fromPromise(async () => intakeFloor(0)),
          submitScan: fromPromise<IntakeAnswer, ScanRequest>(async ({ input }) => (input.barcode === 'UNKNOWN0001' && !input.id_client ? INTAKE_ANSWERS['UNKNOWN0001 208 no client'] : INTAKE_ANSWERS['RE100000001 201'])),
          chooseClient: chooser,
        },
        actions: { withdrawAsking: ({ context }) => void withdrawn.push(context.asking) },
      }),
      { input: { workstation: DEMO_WORKSTATIONS.PRZJ_01 } },
    ).start()
    const settle = () => waitFor(actor, (s) => !s.matches({ ready: 'submitting' }) && !s.matches('loading'))
    /** The person finds Demo Shop and confirms it by postal code and phone. */
    const choose = async () => {
      const window = actor.getSnapshot().children.chooseClient!
      window.send({ type: 'TYPE', text: 'Demo' })
      await waitFor(window, (s) => s.hasTag('results'))
      window.send({ type: 'PICK', client: DEMO_SHOP })
      window.send({ type: 'SET_POSTAL_CODE', value: '010011' })
      window.send({ type: 'SET_PHONE', value: '721000111' })
      window.send({ type: 'VERIFY' })
      await waitFor(actor, (s) => !s.matches({ ready: 'choosingClient' }))
      await settle()
    }
    return { actor, withdrawn, settle, choose }
  }

  it('UNKNOWN0001 (208, not in the system) → client chosen: its toasts are withdrawn, by barcode and text', async () => {
    const t = start()
    await t.settle()
    t.actor.send({ type: 'SCANNED', code: 'UNKNOWN0001', instruction: false })
    await t.settle()
    const asked = t.actor.getSnapshot().context.feedback
    expect(asked?.barcode).toBe('UNKNOWN0001')
    expect(asked?.messages.map((x) => x.text)).toContain(WAREHOUSE_ANSWER.notInSystem)
    // A scan refused while the window is open does not replace what is withdrawn.
    t.actor.send({ type: 'SCANNED', code: 'RE100000009', instruction: false })
    t.actor.send({ type: 'CHOOSE_CLIENT' })
    expect(t.actor.getSnapshot().value).toEqual({ ready: 'choosingClient' })
    expect(t.withdrawn).toEqual([])
    await t.choose()
    expect(t.withdrawn).toEqual([asked])
    expect(t.actor.getSnapshot().context.asking).toBeNull()
  })

  it('a client chosen with no barcode waiting withdraws nothing', async () => {
    const t = start()
    await t.settle()
    t.actor.send({ type: 'CHOOSE_CLIENT' })
    await t.choose()
    expect(t.withdrawn).toEqual([null])
  })
})
