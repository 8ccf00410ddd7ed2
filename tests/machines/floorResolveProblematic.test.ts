import { expect } from 'vitest'
import { type AnyEventObject, type AnyMachineSnapshot, type SnapshotFrom, createMachine } from 'xstate'
import { SCANNER, WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import type { FloorWorkflow } from '../../machines/floorKit.ts'
import { type ResolveAnswer, type ResolveContext, type ResolveEvent, connectResolve, resolveProblematicMachine } from '../../machines/floorResolveProblematic.ts'
import type { Path } from '../../machines/graph/explore.ts'
import { BLOCKED_SECTOR, KNOWN_PROBLEM, PROBLEM_RESOLVED, VERIFICATION_SECTOR_ID, resolveSamples } from '../../machines/floorResolveProblematic.samples.ts'
import { SCANNER_POLICIES } from '../../machines/floorScannerInput.ts'
import { describeModel } from './model.ts'
import { scanAccounting } from './scanLedger.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ResolveContext | undefined
const say = (type: string, text: string, duration: number) => ({ text, type, duration })
const tone = { success: 'success', info: 'success', warning: 'warning', error: 'error' } as const
const one = (type: 'success' | 'info' | 'warning' | 'error', text: string, duration: number) => ({ tone: tone[type], messages: [say(type, text, duration)], big: false })
const EMPTY = { barcode: null, sector: null, statusTypes: [], statusTypeId: null, sectorId: null }

/** What the screen sent to its big-indicator child. */
let shown: AnyEventObject[] = []
const indicatorRecorder = createMachine({ on: { '*': { actions: ({ event }) => void shown.push(event) } } })

/**
 * The choice the path declares up to and including step `index`: the barcode scanned, the status and
 * sector picked since (a new scan, a reset or a finished answer start over). Read from the events and
 * the model's own step snapshots, never from the actor's context.
 */
function declaredChoice(path: Path, index: number) {
  let choice = { barcode: null as string | null, status: null as number | null, sector: null as number | null }
  // Scans that arrived while one was in flight, in order; each is taken when the screen is ready again.
  const queued: string[] = []
  path.steps.slice(0, index + 1).forEach((step, i) => {
    const e = step.event as AnyEventObject & Record<string, unknown>
    const before = i > 0 ? path.steps[i - 1]!.snapshot : undefined
    const accepting = !!before && (before.matches('ready') || before.matches('choosing'))
    if (e.type === 'SCANNED' && before?.matches('resolving')) queued.push(e.code as string)
    if (e.type.startsWith('xstate.after.queueNext')) choice = { barcode: queued.shift()!, status: null, sector: null }
    else if (e.type === 'SCANNED' && accepting) choice = { barcode: e.code as string, status: null, sector: null }
    else if (e.type === 'RESET' && step.transitions.length) choice = { barcode: null, status: null, sector: null }
    // 202 shows the sector and asks for a status afresh; any other answer finishes the parcel.
    else if (e.type === 'xstate.done.actor.resolve') choice = (e.output as ResolveAnswer).status === 202 ? { ...choice, status: null, sector: null } : { barcode: null, status: null, sector: null }
    else if (e.type === 'CHOOSE_STATUS' && before?.matches('choosing')) choice = { ...choice, status: e.id as number | null, sector: null }
    else if (e.type === 'CHOOSE_SECTOR' && before?.matches('choosing')) choice = { ...choice, sector: e.id as number | null }
  })
  return choice
}
/** Every barcode typed is sent once, refused naming it, or waits in the queue the screen shows. */
const accounting = scanAccounting({ scanSrc: 'resolve', barcodeOf: (i) => (i as { barcode: string }).barcode, resends: ['SET'], afterSending: [FLOOR_MSG.serverUnreachable] })

const connect = (s: AnyMachineSnapshot) => connectResolve(s as unknown as SnapshotFrom<typeof resolveProblematicMachine>, () => {})

describeModel(resolveProblematicMachine, resolveSamples, {
  fakes: { bigIndicator: indicatorRecorder },
  check: ({ path, index, event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // A silent answer (no messages) shows the big tick naming its barcode; nothing else does.
    const toIndicator = shown.splice(0)
    const bigNow = prev !== undefined && c.feedback !== before!.feedback && c.feedback?.big === true
    expect(toIndicator).toEqual(bigNow ? [{ type: 'SHOW', barcode: c.feedback!.barcode ?? null }] : [])
    // Whatever the screen says is announced (toast + tone), and only then.
    if (prev && c.feedback !== before!.feedback && c.feedback !== null) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    accounting(event as AnyEventObject, invoked, c, before)
    expect(connect(snapshot).queued).toBe(c.queue.length)
    // "Ustaw" needs the status, and for a known problem the sector to move the parcel to — as the path chose them.
    const chosen = declaredChoice(path, index)
    const view = connect(snapshot)
    expect(view.canSet).toBe(view.choosing && chosen.status !== null && (chosen.status !== KNOWN_PROBLEM.id || chosen.sector !== null))
    // What the panel shows is what the path chose.
    if (view.choosing) expect([view.barcode, view.statusTypeId, view.sectorId]).toEqual([chosen.barcode, chosen.status, chosen.sector])
    // The status dropdown exists only while a sector is shown (202).
    if (snapshot.matches('choosing')) expect(c.sector).toEqual(BLOCKED_SECTOR)

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('loading')
        expect(invoked).toEqual([
          { id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.intake } },
          { id: 'loadWorkflow', src: 'loadWorkflow', input: undefined },
        ])
        break
      case 'xstate.done.actor.loadWorkflow': {
        const w = (event as unknown as { output: FloorWorkflow | null }).output
        if (w) {
          // The counter is the server's (never counted in the browser).
          expect(snapshot.value).toBe('ready')
          expect(c.acceptedScans).toBe(w.accepted_scans)
          expect(c.workstation).toEqual(w.workstation)
          expect(effects).toEqual(['workstationChanged'])
        } else {
          // No workstation: the gate sends the person to /set-workstation.
          expect(snapshot.status).toBe('done')
          expect(effects).toEqual(['workstationLost'])
        }
        break
      }
      case 'xstate.error.actor.loadWorkflow':
        expect(snapshot.value).toBe('ready')
        expect(c.feedback).toEqual(one('error', FLOOR_MSG.loadFailed, WAREHOUSE.toastMs.scanError))
        break
      case 'SCANNED': {
        const code = (event as Extract<ResolveEvent, { type: 'SCANNED' }>).code
        if (prev!.matches('ready') || prev!.matches('choosing')) {
          // A new scan starts over: only the barcode is sent (202 tells the sector).
          expect(snapshot.value).toBe('resolving')
          expect(c).toMatchObject({ ...EMPTY, barcode: code })
          expect(invoked).toEqual([{ id: 'resolve', src: 'resolve', input: { barcode: code } }])
          // The previous answer is withdrawn (its toasts go).
          expect(c.feedback).toBeNull()
          expect(effects).toContain('withdraw')
        } else if (prev!.matches('resolving') && before!.queue.length >= SCANNER.queueMax) {
          // The queue is full: refused, naming the barcode, and listed.
          expect(c.queue).toEqual(before!.queue)
          expect(c.feedback).toEqual({ ...one('warning', FLOOR_MSG.queueFull, WAREHOUSE.toastMs.scanError), barcode: code })
          expect(c.unprocessed.at(-1)).toEqual({ barcode: code, reason: FLOOR_MSG.queueFull })
        } else if (prev!.matches('resolving')) {
          // A burst while one is in flight: the scan waits its turn in the queue, nothing is sent yet.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.queue).toEqual([...before!.queue, event])
          expect(c.feedback).toBe(before!.feedback)
        } else {
          // The workstation loads: refused, naming the barcode, and listed.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.feedback).toEqual({ ...one('error', FLOOR_MSG.busy, WAREHOUSE.toastMs.scanError), barcode: code })
          expect(c.unprocessed.at(-1)).toEqual({ barcode: code, reason: FLOOR_MSG.busy })
        }
        break
      }
      case 'ALARM': {
        const e = event as Extract<ResolveEvent, { type: 'ALARM' }>
        expect(snapshot.value).toEqual(prev!.value)
        const text = e.alarm === 'tooFast' ? 'Zbyt szybko skanujesz przesyłki' : `Zeskanowano nieprawidłowy kod - wykryto EAN${e.length}`
        expect(c.feedback).toEqual(one('warning', text, SCANNER.alarmToastMs))
        expect(invoked).toEqual([])
        break
      }
      case 'xstate.done.actor.resolve': {
        const a = (event as unknown as { output: ResolveAnswer }).output
        if (a.status === 202) {
          // The sector is shown, the status dropdown appears.
          expect(snapshot.value).toBe('choosing')
          expect(c.sector).toEqual(BLOCKED_SECTOR)
          expect(c.statusTypes).toEqual([PROBLEM_RESOLVED, KNOWN_PROBLEM])
          expect(c.statusTypeId).toBeNull()
          // Every answer names its barcode.
          expect(c.feedback).toEqual({ ...one('success', 'Pomyślnie ustawiono sektor!', WAREHOUSE.toastMs.confirmation), barcode: before!.barcode })
          expect(c.acceptedScans).toBe(a.data!.data.accepted_scans)
        } else if (a.status === 205) {
          expect(snapshot.value).toBe('loading')
          expect(c.feedback).toEqual(one('success', WAREHOUSE_MSG.workstationSet, WAREHOUSE.toastMs.confirmation))
          expect(invoked).toEqual([{ id: 'loadWorkflow', src: 'loadWorkflow', input: undefined }])
        } else if (a.status === 204) {
          expect(snapshot.value).toBe('ready')
          expect(c).toMatchObject(EMPTY)
        } else {
          // 200: "Pomyślnie nadano status!", the form resets, the counter is the server's.
          expect(a.status).toBe(200)
          expect(snapshot.value).toBe('ready')
          expect(c).toMatchObject(EMPTY)
          // Without messages, the big success indicator instead.
          if (a.data!.messages.length) expect(c.feedback).toEqual({ tone: 'success', messages: [say('success', 'Pomyślnie nadano status!', 3000)], big: false, barcode: before!.barcode })
          else expect(c.feedback).toEqual({ tone: 'success', messages: [], big: true, barcode: before!.barcode })
          expect(c.acceptedScans).toBe(4)
        }
        break
      }
      case 'xstate.error.actor.resolve': {
        const err = (event as unknown as { error: { status?: number; data: { message: string; data: { workstation: unknown } } } }).error
        if (!err.status || err.status >= 500) {
          // The server cannot be reached: listed to be put aside, earlier failures kept; back to scanning.
          expect(c.feedback).toEqual({ ...one('error', FLOOR_MSG.serverUnreachable, WAREHOUSE.toastMs.scanError), barcode: before!.barcode })
          expect(c.unprocessed.at(-1)).toEqual({ barcode: before!.barcode, reason: FLOOR_MSG.serverUnreachable })
          for (const u of before!.unprocessed) if (u.barcode !== before!.barcode) expect(c.unprocessed).toContainEqual(u)
          expect(snapshot.value).toBe('ready')
          break
        }
        expect(c.feedback).toEqual({ ...one('error', err.data.message, WAREHOUSE.toastMs.scanError), barcode: before!.barcode })
        if (err.status === 403 && err.data.data.workstation === null) {
          expect(snapshot.status).toBe('done')
          expect(effects).toEqual(['announce', 'workstationLost'])
        } else {
          // A failed "Ustaw" keeps the choice to correct; a failed first scan goes back to scanning.
          expect(snapshot.value).toBe(before!.sector ? 'choosing' : 'ready')
          expect(c.statusTypeId).toBe(before!.statusTypeId)
          expect(effects).toEqual(['announce'])
        }
        break
      }
      case 'CHOOSE_STATUS': {
        const e = event as Extract<ResolveEvent, { type: 'CHOOSE_STATUS' }>
        expect(snapshot.value).toBe('choosing')
        expect(c.statusTypeId).toBe(e.id)
        expect(c.sectorId).toBeNull()
        break
      }
      case 'CHOOSE_SECTOR':
        expect(c.sectorId).toBe(VERIFICATION_SECTOR_ID)
        break
      case 'SET':
        expect(snapshot.value).toBe('resolving')
        // The barcode scanned and the status and sector the path picked for it go out — nothing else.
        expect(invoked).toEqual([
          { id: 'resolve', src: 'resolve', input: { barcode: chosen.barcode, status_type_id: chosen.status, problematic_sector_id: chosen.sector } },
        ])
        expect(view.processing).toBe(true)
        break
      case 'RESET':
        expect(snapshot.value).toBe('ready')
        expect(c).toMatchObject(EMPTY)
        break
      case 'xstate.done.actor.loadSectors':
        // The sector window's list is the server's; the choice so far stays.
        expect(snapshot.value).toBe('choosing')
        expect(c.sectors).toEqual((event as unknown as { output: unknown }).output)
        expect([c.statusTypeId, c.sectorId]).toEqual([before!.statusTypeId, before!.sectorId])
        break
      case 'xstate.error.actor.loadSectors':
        // Without the list, no sector to offer; the other statuses can still be given.
        expect(snapshot.value).toBe('choosing')
        expect(c.sectors).toEqual([])
        break
      case 'xstate.after.queueNext.resolveProblematic.ready': {
        // The next queued scan goes as if scanned now.
        const next = before!.queue[0]!
        expect(c.queue).toEqual(before!.queue.slice(1))
        expect(snapshot.value).toBe('resolving')
        expect(invoked).toEqual([{ id: 'resolve', src: 'resolve', input: { barcode: next.code } }])
        break
      }
      case 'CLEAR_UNPROCESSED':
        expect(c.unprocessed).toEqual([])
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})
