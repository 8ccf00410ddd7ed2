import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import type { ParcelFields } from '../../src/contract/schemas/floor.ts'
import { type DimensionsContext, type DimensionsEvent, connectDimensions, dimensionsBody, dimensionsMachine, numberOf } from '../../machines/floorDimensions.ts'
import { dimensionsSamples } from '../../machines/floorDimensions.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as DimensionsContext | undefined
const fb = (type: string, text: string, duration: number) => ({ tone: type === 'success' ? 'success' : type, messages: [{ text, type, duration }], big: false })
type Failure = { status: number; data: { message: string; messages?: string[] } }

describeModel(dimensionsMachine, dimensionsSamples, {
  check: ({ path, event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    // The form's props come from tags: editable while editing, busy during the check and the save, open until final.
    const out: DimensionsEvent[] = []
    const v = connectDimensions(snapshot as unknown as SnapshotFrom<typeof dimensionsMachine>, (e) => void out.push(e))
    expect(v.open).toBe(snapshot.status === 'active')
    expect(v.editable).toBe(snapshot.matches('editing'))
    expect(v.busy).toBe(snapshot.matches('checking') || snapshot.matches('saving'))
    expect(v.confirming).toBe(snapshot.matches('confirming'))
    expect(v.values).toBe(c.values)
    v.set('weight', '1,5')
    v.save()
    v.decline()
    expect(out).toEqual([{ type: 'SET', field: 'weight', value: '1,5' }, { type: 'SAVE' }, { type: 'DECLINE' }])
    const before = ctx(prev)
    if (prev && c.feedback !== before!.feedback) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('editing')
        expect(c.values).toEqual((path.input as { values: unknown }).values)
        break
      case 'SET': {
        const e = event as unknown as Extract<DimensionsEvent, { type: 'SET' }>
        expect(c.values).toEqual({ ...before!.values, [e.field]: e.value })
        break
      }
      case 'CLEAR':
        expect(c.values).toEqual({ weight: '', length: '', height: '', width: '' })
        break
      case 'SAVE':
        if (prev!.matches('editing') && Object.values(before!.values).every((v) => numberOf(v) !== null)) {
          // The check call comes first, with numbers (a decimal comma read as a point).
          expect(snapshot.value).toBe('checking')
          expect(invoked).toEqual([{ id: 'checkDimensions', src: 'checkDimensions', input: dimensionsBody(c) }])
          if (c.values.weight === '40,5') expect((invoked[0]!.input as { weight: number }).weight).toBe(40.5)
        } else {
          expect(snapshot.value).toBe('editing')
          expect(c.feedback).toEqual(fb('error', WAREHOUSE_MSG.dimensionsInvalid, WAREHOUSE.toastMs.scanError))
        }
        break
      case 'xstate.done.actor.checkDimensions':
        expect(snapshot.value).toBe('saving')
        expect(invoked).toEqual([{ id: 'saveDimensions', src: 'saveDimensions', input: dimensionsBody(c) }])
        break
      case 'xstate.error.actor.checkDimensions': {
        const err = (event as unknown as { error: Failure }).error
        if (err.status === 406) {
          // A confirmation with the server's first message.
          expect(snapshot.value).toBe('confirming')
          expect(c.confirmText).toBe(err.data.messages![0])
        } else {
          expect(snapshot.value).toBe('editing')
          expect(c.feedback).toEqual(fb('error', err.status === 422 ? err.data.message : 'Wystąpił błąd podczas aktualizacji wymiarów', WAREHOUSE.toastMs.scanError))
        }
        break
      }
      case 'CONFIRM':
        expect(snapshot.value).toBe('saving')
        expect(invoked).toEqual([{ id: 'saveDimensions', src: 'saveDimensions', input: dimensionsBody(c) }])
        break
      case 'DECLINE':
        // "Zmiany nie zostały zapisane" for 3 s, nothing saved.
        expect(snapshot.status).toBe('done')
        expect(snapshot.output).toEqual({ saved: null })
        expect(c.feedback).toEqual(fb('warning', 'Zmiany nie zostały zapisane', 3_000))
        break
      case 'xstate.done.actor.saveDimensions': {
        const out = (event as unknown as { output: ParcelFields }).output
        expect(snapshot.status).toBe('done')
        expect(snapshot.output).toEqual({ saved: out })
        expect(c.feedback).toEqual(fb('success', 'Wymiary przesyłki zostały zaktualizowane!', WAREHOUSE.toastMs.confirmation))
        break
      }
      case 'xstate.error.actor.saveDimensions': {
        const err = (event as unknown as { error: Failure }).error
        expect(snapshot.value).toBe('editing')
        expect(c.feedback).toEqual(fb('error', err.status === 422 ? err.data.message : 'Wystąpił błąd podczas aktualizacji wymiarów', WAREHOUSE.toastMs.scanError))
        break
      }
      case 'CANCEL':
        expect(snapshot.status).toBe('done')
        expect(snapshot.output).toEqual({ saved: null })
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

describe('dimension values typed as text', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['12,5', 12.5],
    [' 3 ', 3],
    ['0', null],
    ['', null],
    ['-2', null],
    ['1e3', null],
    ['abc', null],
  ])('%j → %j', (text, n) => expect(numberOf(text)).toBe(n))
})
