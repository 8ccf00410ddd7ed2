import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { SCAN_SCREEN_MSG } from '../../src/contract/messages/floorScreens.ts'
import { type ParcelIdentityT, type ScanSearchContext, sameParcel, scanSearchMachine } from '../../machines/floorScanSearch.ts'
import { PARCEL_1, PARCEL_2, scanSearchSamples } from '../../machines/floorScanSearch.samples.ts'
import { SCANNER_POLICIES } from '../../machines/floorScannerInput.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ScanSearchContext | undefined
const msg = (type: string, text: string, duration: number = WAREHOUSE.toastMs.scanError) => ({ text, type, duration })

describeModel(scanSearchMachine, scanSearchSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    if (prev && c.feedback !== before!.feedback && c.feedback !== null) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    // The verdict: same exactly when the two codes resolve to one parcel (or are one code).
    if (snapshot.matches('same') || snapshot.matches('different')) {
      const same = c.first!.code === c.second!.code || (!!c.first!.parcel && c.first!.parcel.id === c.second!.parcel?.id)
      expect(snapshot.value).toBe(same ? 'same' : 'different')
      // Shown unmistakably: a success tone and text, or an error tone and text.
      expect(c.feedback!.tone).toBe(same ? 'success' : 'error')
      expect(c.feedback!.messages[0]!.text).toBe(same ? SCAN_SCREEN_MSG.sameToast : SCAN_SCREEN_MSG.differentToast)
    }

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('first')
        // The search screen's scanner: 800 ms idle window.
        expect(invoked).toEqual([{ id: 'scanner', src: 'scannerInput', input: { policy: SCANNER_POLICIES.search } }])
        expect(SCANNER_POLICIES.search.idleMs).toBe(800)
        break
      case 'SCANNED': {
        const code = (event as unknown as { code: string }).code
        if (prev!.matches('lookingUpFirst') || prev!.matches('lookingUpSecond')) {
          expect(snapshot.value).toEqual(prev!.value)
          expect(invoked).toEqual([])
          expect(c.feedback!.messages).toEqual([msg('error', FLOOR_MSG.busy)])
        } else {
          expect(invoked).toEqual([{ id: 'lookup', src: 'lookup', input: { barcode: code } }])
          expect(c.code).toBe(code)
          if (prev!.matches('second')) {
            expect(snapshot.value).toBe('lookingUpSecond')
            expect(c.first).toEqual(before!.first)
          } else {
            // From the start, or after a verdict: a new comparison.
            expect(snapshot.value).toBe('lookingUpFirst')
            expect(c.first).toBeNull()
            expect(c.second).toBeNull()
          }
        }
        break
      }
      case 'xstate.done.actor.lookup': {
        const parcel = (event as unknown as { output: ParcelIdentityT }).output
        if (prev!.matches('lookingUpFirst')) {
          expect(snapshot.value).toBe('second')
          expect(c.first).toEqual({ code: before!.code, parcel })
        } else {
          expect(c.second).toEqual({ code: before!.code, parcel })
          expect(['same', 'different']).toContain(snapshot.value)
        }
        break
      }
      case 'xstate.error.actor.lookup': {
        const status = (event as unknown as { error: { status: number } }).error.status
        if (status === 404) {
          // Not found is an answer too: no such parcel (shown), the comparison goes on.
          if (prev!.matches('lookingUpFirst')) {
            expect(snapshot.value).toBe('second')
            expect(c.first).toEqual({ code: before!.code, parcel: null })
            expect(c.feedback!.messages).toEqual([msg('warning', SCAN_SCREEN_MSG.notFound(before!.code!))])
          } else {
            expect(c.second).toEqual({ code: before!.code, parcel: null })
            if (snapshot.matches('different')) expect(c.feedback!.messages[1]).toEqual(msg('warning', SCAN_SCREEN_MSG.notFound(before!.code!)))
          }
        } else {
          // Other failures: the same scan is asked for again.
          expect(snapshot.value).toBe(prev!.matches('lookingUpFirst') ? 'first' : 'second')
          expect(c.feedback!.tone).toBe('error')
        }
        break
      }
      case 'RESET':
        expect(snapshot.value).toBe('first')
        expect(c).toEqual({ first: null, second: null, code: null, feedback: null })
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

describe('sameParcel', () => {
  it('our label and the courier label of one parcel are the same; two parcels differ; unknown codes compare as text', () => {
    expect(sameParcel({ code: 'RE100000002', parcel: PARCEL_2 }, { code: '1234567890', parcel: PARCEL_2 })).toBe(true)
    expect(sameParcel({ code: 'RE100000002', parcel: PARCEL_2 }, { code: 'RE100000001', parcel: PARCEL_1 })).toBe(false)
    expect(sameParcel({ code: 'X1', parcel: null }, { code: 'X1', parcel: null })).toBe(true)
    expect(sameParcel({ code: 'X1', parcel: null }, { code: 'X2', parcel: null })).toBe(false)
  })
})
