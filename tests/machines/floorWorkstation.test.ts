import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { SCANNER_POLICIES } from '../../machines/floorScannerInput.ts'
import { type SetWorkstationResult, type WorkstationContext, workstationMachine } from '../../machines/floorWorkstation.ts'
import { workstationSamples } from '../../machines/floorWorkstation.samples.ts'
import { describeModel } from './model.ts'

/** Screen per workstation type code. */
const SCREEN: Record<string, string> = { PRZJ: 'parcelFromNumber', ZWRT: 'parcelFromNumber', PRBL: 'resolveProblematic', SRTW: 'parcelClassification' }

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as WorkstationContext | undefined
/** An error answer, naming the code it answers. */
const error = (text: string, barcode: string) => ({ tone: 'error', messages: [{ text, type: 'error', duration: WAREHOUSE.toastMs.scanError }], big: false, barcode })

describeModel(workstationMachine, workstationSamples, {
  check: ({ path, event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // Something said is always announced, and only then.
    if (prev && c.feedback !== before!.feedback) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('ready')
        expect(c.workstation).toEqual((path.input as { workstation: unknown }).workstation)
        // The shared scanner, as an invoked child with the workstation policy (no alarms).
        expect(invoked).toEqual([{ id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.workstation } }])
        break
      case 'SCANNED': {
        const code = (event as unknown as { code: string }).code
        if (prev!.matches('ready')) {
          expect(snapshot.value).toBe('setting')
          expect(invoked).toEqual([{ id: 'setWorkstation', src: 'setWorkstation', input: { code } }])
        } else {
          // A second scan while the first is on its way: refused audibly, naming it; nothing sent.
          expect(snapshot.value).toBe('setting')
          expect(invoked).toEqual([])
          expect(c.feedback).toEqual(error(FLOOR_MSG.busy, code))
        }
        break
      }
      case 'xstate.done.actor.setWorkstation': {
        const out = (event as unknown as { output: SetWorkstationResult }).output
        expect(snapshot.status).toBe('done')
        expect(c.workstation).toEqual(out.workstation)
        expect(c.target).toBe(SCREEN[out.workstation.type.code])
        expect(c.feedback).toEqual({
          tone: 'success',
          messages: [{ text: 'Pomyślnie ustawiono stanowisko!', type: 'success', duration: WAREHOUSE.toastMs.confirmation }],
          big: false,
          barcode: before!.code,
        })
        // The session learns the new workstation, then the person is sent on.
        // "Pomyślnie ustawiono stanowisko" replaces what was said before (no "musisz zeskanować stanowisko" beside it).
        expect(effects).toEqual(['withdraw', 'announce', 'workstationChanged', 'redirect'])
        break
      }
      case 'xstate.error.actor.setWorkstation': {
        const err = (event as unknown as { error: { status: number; data: { message: string } } }).error
        expect(snapshot.value).toBe('ready')
        expect(c.workstation).toEqual(before!.workstation)
        const expected =
          err.status === 404 ? 'Stanowisko nie istnieje!' : err.status === 423 ? 'Stanowisko jest już zajęte!' : err.data.message // 406 and others: the server's message
        // Named: the worker sees which code was refused (a misread or a code cut short shows as what it was).
        expect(c.feedback).toEqual(error(expected, before!.code!))
        if (err.status === 406) expect(c.feedback!.messages[0]!.text).toBe(WAREHOUSE_ANSWER.workstationRoleNotAllowed)
        expect(effects).toEqual(['announce'])
        break
      }
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})
