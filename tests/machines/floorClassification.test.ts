import { describe, expect, it } from 'vitest'
import { type AnyEventObject, type AnyMachineSnapshot, type SnapshotFrom, createActor, createMachine, fromPromise, waitFor } from 'xstate'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import type { ScanMessage } from '../../src/contract/schemas/floor.ts'
import { type ClassificationContext, type ClassifyAnswer, type ClassifyBody, classificationMachine, connectClassification, sortFormValid } from '../../machines/floorClassification.ts'
import { SORT_ANSWERS, SORT_FAILURES, classificationSamples, sortingFloor } from '../../machines/floorClassification.samples.ts'
import { DEMO_WORKSTATIONS } from '../../machines/floorWorkstation.samples.ts'
import type { FloorData } from '../../machines/floorKit.ts'
import { failureOf } from '../../machines/floorFailure.ts'
import { DEMO_SECTORS, DEMO_STATUSES } from '../../machines/floorIntakeScan.samples.ts'
import { SCANNER_POLICIES } from '../../machines/floorScannerInput.ts'
import { describeModel } from './model.ts'
import { type LedgerRules, expectScansBelongToBarcode, scanAccounting, scansAsserted } from './scanLedger.ts'

let sent: AnyEventObject[] = []
const recorder = createMachine({ on: { '*': { actions: ({ event }) => void sent.push(event) } } })
/** What the screen sent to its big-indicator child. */
let shown: AnyEventObject[] = []
const indicatorRecorder = createMachine({ on: { '*': { actions: ({ event }) => void shown.push(event) } } })

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ClassificationContext | undefined
const ms = WAREHOUSE.toastMs
const m = (type: ScanMessage['type'], text: string, duration: number): ScanMessage => ({ text, type, duration })
const PROBLEM = m('warning', 'Wykryto nieprawidłowość, rozważ przekazanie przesyłki do odpowiedniego sektora!', ms.scanError)
/** The first status of the SRTW list: the form's default. */
const DEFAULT_STATUS = DEMO_STATUSES.sorted.id

/** Sorting's answer codes: the meaning of each sorting error code, as the server words it. */
const TABLE: Record<number, string> = {
  402: WAREHOUSE_ANSWER.sortAliasNotAllowed,
  403: WAREHOUSE_MSG.otherWorkstation,
  405: WAREHOUSE_ANSWER.sortBlocked,
  406: WAREHOUSE_ANSWER.sortNoBucket,
  410: WAREHOUSE_ANSWER.sortDeleted,
  412: WAREHOUSE_ANSWER.sortMultiPackInBuffer,
  424: WAREHOUSE_ANSWER.sortMultiPackIncomplete,
  425: WAREHOUSE_ANSWER.sortTooEarly,
}

/** What the samples declare about the sort form: the first SRTW status by default, a sector only with 59/60; CONFIRM picks 60 in the receiving sector. */
const SORT_RULES: LedgerRules = {
  scanSrc: 'classify',
  read: (i) => {
    const b = i as ClassifyBody
    return { barcode: b.barcode, status: b.status_type_id, sector: b.problematic_sector_id }
  },
  defaultStatus: DEFAULT_STATUS,
  problemStatuses: [DEMO_STATUSES.known.id, DEMO_STATUSES.unknown.id],
  brought: {},
  decides: { CONFIRM: { status: DEMO_STATUSES.unknown.id, sector: DEMO_SECTORS.receiving.id } },
}
const connect = (s: AnyMachineSnapshot) => connectClassification(s as unknown as SnapshotFrom<typeof classificationMachine>, () => {})

/** Every barcode typed is sent once, refused naming it, or waits in the queue the screen shows. */
const accounting = scanAccounting({ scanSrc: 'classify', barcodeOf: (i) => (i as { barcode: string }).barcode, resends: ['CONFIRM'], afterSending: [FLOOR_MSG.serverUnreachable] })

const paths = describeModel(classificationMachine, classificationSamples, {
  fakes: { scannerInput: recorder, bigIndicator: indicatorRecorder },
  check: ({ path, index, event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const toScanner = sent.splice(0)
    // A silent answer (no messages) shows the big tick naming its barcode; nothing else does.
    const toIndicator = shown.splice(0)
    const bigNow = prev !== undefined && c.feedback !== before!.feedback && c.feedback?.big === true
    expect(toIndicator).toEqual(bigNow ? [{ type: 'SHOW', barcode: c.feedback!.barcode ?? null }] : [])
    if (prev && c.feedback !== before!.feedback && c.feedback !== null) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    // Which status and sector go out with each barcode: what the worker picked, the default, or what an answer for THAT barcode suggested.
    expectScansBelongToBarcode(path, index, invoked, SORT_RULES)
    accounting(event as AnyEventObject, invoked, c, before)
    expect(connect(snapshot).queued).toBe(c.queue.length)
    for (const i of invoked.filter((x) => x.src === 'classify')) {
      const b = i.input as ClassifyBody
      // Never without a status; the known problem never without its sector.
      expect(b.status_type_id).toEqual(expect.any(Number))
      if (b.status_type_id === DEMO_STATUSES.known.id) expect(b.problematic_sector_id).not.toBeNull()
      expect(connect(snapshot).processing).toBe(true)
    }
    // Outside problem mode the form is the worker's own choice; in it, it holds the answer of one barcode.
    if (c.statuses.length && !c.problem) expect(c.own).toEqual({ statusTypeId: c.statusTypeId, sectorId: c.sectorId })
    if (c.problem) expect(c.problemFor).not.toBeNull()

    switch (event.type) {
      case 'xstate.init':
        sent = []
        expect(snapshot.value).toBe('loading')
        expect(SCANNER_POLICIES.sorting.idleMs).toBe(400)
        break
      case 'xstate.done.actor.loadFloor': {
        const out = (event as unknown as { output: FloorData }).output
        if (!out.workflow) {
          expect(snapshot.value).toBe('noWorkstation')
          expect(effects).toEqual(['workstationLost'])
        } else if (out.workflow.workstation.type.code !== 'SRTW') {
          expect(snapshot.value).toBe('leaving')
          expect(c.target).toBe('parcelFromNumber')
          expect(effects).toContain('redirect')
        } else {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          expect(c.acceptedScans).toBe(out.workflow.accepted_scans)
          expect(c.statusTypeId).toBe(DEFAULT_STATUS)
        }
        break
      }
      case 'xstate.error.actor.loadFloor':
        expect(snapshot.value).toBe('loadFailed')
        break
      case 'RETRY':
        expect(snapshot.value).toBe('loading')
        break
      case 'SCANNED': {
        const code = (event as unknown as { code: string }).code
        if (prev!.matches({ ready: 'idle' }) && invoked.length) {
          // Sent (the status and sector it carries are checked above against what the path declared).
          expect(snapshot.value).toEqual({ ready: 'submitting' })
          expect(invoked).toEqual([{ id: 'classify', src: 'classify', input: expect.objectContaining({ barcode: code }) }])
          // Another barcode withdraws the previous answer (its toasts, its bucket); the same barcode again
          // (a double read, 204) keeps what its first answer said.
          const other = code !== before!.barcode
          expect([c.feedback, c.bucket, c.waybill]).toEqual(other ? [null, null, null] : [before!.feedback, before!.bucket, before!.waybill])
          expect(effects.includes('withdraw')).toBe(other)
        } else if (prev!.matches({ ready: 'idle' })) {
          // The sort button is disabled until the form is valid; a scan says so, naming the barcode, and lists it.
          expect(c.feedback!.messages[0]!.text).toBe(FLOOR_MSG.formIncomplete)
          expect(c.feedback!.barcode).toBe(code)
          expect(c.unprocessed.at(-1)).toEqual({ barcode: code, reason: FLOOR_MSG.formIncomplete })
          expect(invoked).toEqual([])
          // Incomplete: the form shown, or — scanning another barcode than the one problem mode answers — the
          // worker's own choice underneath (the known problem without a sector).
          if (connect(snapshot).canSubmit) expect([c.problemFor !== code, c.own.statusTypeId, c.own.sectorId]).toEqual([true, DEMO_STATUSES.known.id, null])
        } else if (prev!.matches({ ready: 'submitting' })) {
          // A burst while one is in flight: the scan waits its turn in the queue, nothing is sent yet.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.queue).toEqual([...before!.queue, event])
          expect(c.feedback).toBe(before!.feedback)
        } else {
          // The confirmation window is open (or the data loads): refused, naming the barcode.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.feedback!.messages[0]!.text).toBe(prev!.matches({ ready: 'confirmingUnknown' }) ? FLOOR_MSG.closeWindowFirst : FLOOR_MSG.busy)
          expect(c.feedback!.barcode).toBe(code)
        }
        break
      }
      case 'xstate.after.queueNext.classification.ready.idle': {
        // The next queued scan goes as if scanned now (or is refused, named, when the form cannot go).
        const next = before!.queue[0]!
        expect(c.queue).toEqual(before!.queue.slice(1))
        if (invoked.length) expect(invoked).toEqual([{ id: 'classify', src: 'classify', input: expect.objectContaining({ barcode: next.code }) }])
        else expect(c.unprocessed.at(-1)!.barcode).toBe(next.code)
        break
      }
      case 'CLEAR_UNPROCESSED':
        expect(c.unprocessed).toEqual([])
        break
      case 'ALARM':
        expect(c.feedback).toEqual({ tone: 'warning', messages: [m('warning', 'Zbyt szybko skanujesz przesyłki', 5_000)], big: false })
        break
      case 'xstate.done.actor.classify': {
        const a = (event as unknown as { output: ClassifyAnswer }).output
        expect(c.lastCode).toBe(a.status)
        // Every answer names the barcode it answers.
        if (a.status === 201) expect(c.feedback!.barcode).toBe(before!.barcode)
        if (a.status === 205) {
          expect(snapshot.value).toBe('loading')
          expect(c.feedback!.messages[0]).toEqual(m('success', 'Pomyślnie ustawiono stanowisko!', ms.confirmation))
        } else if (a.status === 204) {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          expect(effects).toEqual([])
        } else {
          // 201: the bucket (big), the messages, status and sector back to the worker's own choice.
          const d = a.data!.data
          expect(snapshot.value).toEqual({ ready: 'idle' })
          expect(c.bucket).toEqual(d.bucket)
          expect(c.acceptedScans).toBe(d.accepted_scans)
          expect([c.statusTypeId, c.sectorId, c.problem, c.problemFor]).toEqual([before!.own.statusTypeId, before!.own.sectorId, false, null])
          expect(c.feedback!.messages).toEqual(a.data!.messages)
          if (d.bucket) expect(c.feedback!.messages[0]).toEqual(m('info', `Sortuj do: ${d.bucket.name}`, 1_500))
          // A multi-pack completion stays 15 s.
          if (d.completed_multi_pack_waybill) {
            expect(c.completedMultiPack).toBe(d.completed_multi_pack_waybill)
            expect(c.feedback!.messages.find((x) => x.text.includes(d.completed_multi_pack_waybill!))!.duration).toBe(15_000)
          }
        }
        break
      }
      case 'xstate.error.actor.classify': {
        const f = failureOf((event as unknown as { error: unknown }).error)
        if (f.status === 403 && !f.data?.workstation) {
          expect(snapshot.value).toBe('noWorkstation')
          expect(effects).toEqual(['workstationLost'])
          break
        }
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expect(c.lastCode).toBe(f.status)
        expect(c.bucket).toBeNull()
        expect(c.feedback!.barcode).toBe(before!.barcode)
        if (f.status === 0 || f.status >= 500) {
          // The server cannot be reached (or failed itself): listed to be put aside, earlier failures kept, no problem mode.
          expect(c.feedback!.messages.map((x) => x.text)).toEqual([FLOOR_MSG.serverUnreachable])
          expect(c.unprocessed.at(-1)).toEqual({ barcode: before!.barcode, reason: FLOOR_MSG.serverUnreachable })
          for (const u of before!.unprocessed) if (u.barcode !== before!.barcode) expect(c.unprocessed).toContainEqual(u)
          expect([c.problem, c.statusTypeId, c.sectorId]).toEqual([before!.problem, before!.statusTypeId, before!.sectorId])
          break
        }
        const texts = c.feedback!.messages.map((x) => x.text)
        if (TABLE[f.status]) expect(texts[0]).toBe(TABLE[f.status])
        else expect(texts[0]).toBe(f.message)
        for (const x of c.feedback!.messages) expect(x.duration).toBe(ms.scanError)
        const suggested = f.data?.suggested_status_type_id as number | null | undefined
        if (suggested != null) {
          // Suggested status and sector preselected, with the irregularity warning.
          expect(c.statusTypeId).toBe(suggested)
          expect(c.sectorId).toBe(f.data!.suggested_problematic_sector_id)
          expect(c.problem).toBe(true)
          // ...for the barcode that got them; the worker's own choice stays underneath.
          expect([c.problemFor, c.own]).toEqual([before!.barcode, before!.own])
          expect(texts[texts.length - 1]).toBe(PROBLEM.text)
        } else {
          expect([c.statusTypeId, c.sectorId]).toEqual([before!.statusTypeId, before!.sectorId])
          expect(texts).not.toContain(PROBLEM.text)
        }
        break
      }
      case 'SET_STATUS': {
        const id = (event as unknown as { statusTypeId: number }).statusTypeId
        if (id === DEMO_STATUSES.unknown.id) {
          // unknown_problem_detected: confirmation first, nothing changed yet.
          expect(snapshot.value).toEqual({ ready: 'confirmingUnknown' })
          expect(c.statusTypeId).toBe(before!.statusTypeId)
          // The question names the parcel the status is for (the last scanned one), if any.
          expect(connect(snapshot).confirmText).toBe(FLOOR_MSG.confirmUnknownProblem(c.barcode))
          if (c.barcode !== null) expect(connect(snapshot).confirmText).toContain(c.barcode)
        } else {
          expect(snapshot.value).toEqual({ ready: 'idle' })
          expect(c.statusTypeId).toBe(id)
          // Picked by hand: the worker's own choice from now on.
          expect([c.problem, c.own.statusTypeId]).toEqual([false, id])
          if (id !== DEMO_STATUSES.known.id) expect(c.sectorId).toBeNull()
        }
        break
      }
      case 'SET_SECTOR':
        expect(c.sectorId).toBe((event as unknown as { sectorId: number | null }).sectorId)
        // In problem mode the sector answers that parcel; otherwise it is the worker's own choice.
        if (before!.problem) expect([c.own, c.problemFor]).toEqual([before!.own, before!.problemFor])
        else expect(c.own.sectorId).toBe(c.sectorId)
        break
      case 'CONFIRM':
        // Confirmed: the unknown problem with the default sector — and the last parcel is classified with it.
        expect([c.statusTypeId, c.sectorId]).toEqual([DEMO_STATUSES.unknown.id, DEMO_SECTORS.receiving.id])
        if (before!.barcode) {
          // ...for that parcel only: the worker's own choice stays for the next ones.
          expect([c.problem, c.problemFor, c.own]).toEqual([true, before!.barcode, before!.own])
          expect(snapshot.value).toEqual({ ready: 'submitting' })
          expect(invoked).toEqual([{ id: 'classify', src: 'classify', input: { barcode: before!.barcode, status_type_id: DEMO_STATUSES.unknown.id, problematic_sector_id: DEMO_SECTORS.receiving.id } }])
        } else expect(snapshot.value).toEqual({ ready: 'idle' })
        break
      case 'CANCEL':
        expect(snapshot.value).toEqual({ ready: 'idle' })
        expect(c.statusTypeId).toBe(before!.statusTypeId)
        break
      case 'RESET':
        expect([c.statusTypeId, c.sectorId, c.bucket, c.barcode]).toEqual([DEFAULT_STATUS, null, null, null])
        expect(c.own).toEqual({ statusTypeId: DEFAULT_STATUS, sectorId: null })
        expect(toScanner).toEqual([{ type: 'CLEAR' }])
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

describe('sorting: scans checked along the paths', () => {
  it('the scans sent along the generated paths had their status and sector checked', () => {
    expect(paths.length).toBeGreaterThan(0)
    expect(scansAsserted()).toBeGreaterThan(0)
  })
})

describe('sort form', () => {
  const base = { statuses: sortingFloor().statuses, sectors: sortingFloor().sectors, statusTypeId: 57, sectorId: null }
  it('needs a status; a known problem also its sector; the sector is optional otherwise', () => {
    expect(sortFormValid(base)).toBe(true)
    expect(sortFormValid({ ...base, statusTypeId: null })).toBe(false)
    expect(sortFormValid({ ...base, statusTypeId: 59 })).toBe(false)
    expect(sortFormValid({ ...base, statusTypeId: 59, sectorId: DEMO_SECTORS.blocked.id })).toBe(true)
    expect(sortFormValid({ ...base, statusTypeId: 60 })).toBe(true)
  })
})

/** Problem mode does not carry over to the next parcel (the answers of the real server to the DEMO-DATA barcodes). */
describe('sorting: suggestions belong to the barcode they were suggested for', () => {
  const FAILS: Record<string, unknown> = {
    UNKNOWN0001: SORT_FAILURES['UNKNOWN0001 404 not in system'],
    RE100000005: SORT_FAILURES['RE100000005 405 blocked'],
    RE100000007: SORT_FAILURES['RE100000007 424 multi-pack incomplete'],
    RE100000009: SORT_FAILURES['RE100000009 406 no bucket'],
  }
  function start() {
    const bodies: ClassifyBody[] = []
    const actor = createActor(
      classificationMachine.provide({
        actors: {
          loadFloor: fromPromise(async () => sortingFloor(0)),
          classify: fromPromise<ClassifyAnswer, ClassifyBody>(async ({ input }) => {
            bodies.push(input)
            // With a problem status the server puts the parcel into the sector (201); otherwise the sorting error answer.
            if (input.status_type_id !== DEFAULT_STATUS) return SORT_ANSWERS['sector set 201']
            throw FAILS[input.barcode]
          }),
        },
      }),
      { input: { workstation: DEMO_WORKSTATIONS.SRTW_01 } },
    ).start()
    const settle = () => waitFor(actor, (s) => !s.matches({ ready: 'submitting' }) && !s.matches('loading'))
    const scan = async (code: string) => {
      actor.send({ type: 'SCANNED', code, instruction: false })
      await settle()
    }
    return { actor, scan, settle, sent: (i: number) => [bodies[i]!.barcode, bodies[i]!.status_type_id, bodies[i]!.problematic_sector_id] }
  }

  it('UNKNOWN0001 (404), then RE100000007: sent with the default status, so it gets its own answer (424), not sector 1', async () => {
    const t = start()
    await t.settle()
    await t.scan('UNKNOWN0001')
    expect(t.actor.getSnapshot().context).toMatchObject({ problem: true, problemFor: 'UNKNOWN0001', statusTypeId: DEMO_STATUSES.unknown.id })
    await t.scan('RE100000007')
    expect(t.sent(1)).toEqual(['RE100000007', DEFAULT_STATUS, null])
    expect(t.actor.getSnapshot().context).toMatchObject({ lastCode: 424, problemFor: 'RE100000007' })
  })

  it('RE100000005 (405), then RE100000009: 406, not sector 5; re-scanning RE100000005 sorts it into sector 5', async () => {
    const t = start()
    await t.settle()
    await t.scan('RE100000005')
    await t.scan('RE100000009')
    expect(t.sent(1)).toEqual(['RE100000009', DEFAULT_STATUS, null])
    expect(t.actor.getSnapshot().context.lastCode).toBe(406)
    await t.scan('RE100000005')
    await t.scan('RE100000005')
    expect(t.sent(3)).toEqual(['RE100000005', DEMO_STATUSES.known.id, DEMO_SECTORS.blocked.id])
    expect(t.actor.getSnapshot().context).toMatchObject({ lastCode: 201, problem: false, statusTypeId: DEFAULT_STATUS, sectorId: null })
  })
})
