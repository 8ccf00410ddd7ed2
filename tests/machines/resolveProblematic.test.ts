import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { SCANNER, WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import type { FloorWorkflow } from '../../machines/floorKit.ts'
import { type ResolveAnswer, type ResolveContext, type ResolveEvent, resolveProblematicMachine } from '../../machines/resolveProblematic.ts'
import { BLOCKED_SECTOR, KNOWN_PROBLEM, PROBLEM_RESOLVED, VERIFICATION_SECTOR_ID, resolveSamples } from '../../machines/resolveProblematic.samples.ts'
import { SCANNER_POLICIES } from '../../machines/scannerInput.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ResolveContext | undefined
const say = (type: string, text: string, duration: number) => ({ text, type, duration })
const tone = { success: 'success', info: 'success', warning: 'warning', error: 'error' } as const
const one = (type: 'success' | 'info' | 'warning' | 'error', text: string, duration: number) => ({ tone: tone[type], messages: [say(type, text, duration)], big: false })
const EMPTY = { barcode: null, sector: null, statusTypes: [], statusTypeId: null, sectorId: null }

describeModel(resolveProblematicMachine, resolveSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // Whatever the screen says is announced (toast + tone), and only then.
    if (prev && c.feedback !== before!.feedback && c.feedback !== null) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    // "Ustaw" needs the status, and for a known problem the sector to move the parcel to.
    expect(snapshot.can({ type: 'SET' })).toBe(
      snapshot.matches('choosing') && c.statusTypeId !== null && (c.statusTypeId !== KNOWN_PROBLEM.id || c.sectorId !== null),
    )
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
        } else {
          // Still processing: nobody scans twice.
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.feedback).toEqual(one('error', FLOOR_MSG.busy, WAREHOUSE.toastMs.scanError))
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
          expect(c.feedback).toEqual({ tone: 'success', messages: [say('success', 'Pomyślnie nadano status!', 3000)], big: false, barcode: before!.barcode })
          expect(c.acceptedScans).toBe(4)
        }
        break
      }
      case 'xstate.error.actor.resolve': {
        const err = (event as unknown as { error: { status: number; data: { message: string; data: { workstation: unknown } } } }).error
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
        expect(invoked).toEqual([
          { id: 'resolve', src: 'resolve', input: { barcode: 'RE100000010', status_type_id: c.statusTypeId, problematic_sector_id: c.sectorId } },
        ])
        break
      case 'RESET':
        expect(snapshot.value).toBe('ready')
        expect(c).toMatchObject(EMPTY)
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})
