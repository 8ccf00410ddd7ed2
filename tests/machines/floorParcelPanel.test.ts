import { expect } from 'vitest'
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { type ParcelData, type ParcelPanelContext, type ParcelPanelEvent, connectParcelPanel, parcelPanelMachine } from '../../machines/floorParcelPanel.ts'
import { parcelPanelSamples } from '../../machines/floorParcelPanel.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ParcelPanelContext | undefined
/** Replay-clock time of the last SHOW of the current path. */
let shownAt = 0

describeModel(parcelPanelMachine, parcelPanelSamples, {
  check: ({ event, snapshot, prev, invoked, replay }) => {
    const c = ctx(snapshot)!
    // The panel's props come from tags: empty, waiting (also while loading), the error only after a failed load.
    const out: ParcelPanelEvent[] = []
    const v = connectParcelPanel(snapshot as unknown as SnapshotFrom<typeof parcelPanelMachine>, (e) => void out.push(e))
    expect(v.empty).toBe(snapshot.matches('empty'))
    expect(v.waiting).toBe(snapshot.matches('waiting') || snapshot.matches('loading'))
    expect(v.error).toBe(snapshot.matches('failed') ? c.error : null)
    expect([v.parcel, v.history, v.barcode]).toEqual([c.parcel, c.history, c.barcode])
    v.reload()
    expect(out).toEqual([{ type: 'RELOAD' }])
    const before = ctx(prev)
    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('empty')
        expect(c).toEqual({ parcelId: null, barcode: null, parcel: null, history: [], error: null })
        break
      case 'SHOW': {
        const id = (event as unknown as { parcelId: number }).parcelId
        shownAt = replay.clock.now()
        // A new scan answer restarts the wait; the load comes 2.5 s later.
        expect(snapshot.value).toBe('waiting')
        expect(c.parcelId).toBe(id)
        // The panel names the barcode its parcel was scanned as.
        expect(c.barcode).toBe((event as unknown as { barcode: string }).barcode)
        expect(c.error).toBeNull()
        if (id !== before!.parcelId) expect([c.parcel, c.history]).toEqual([null, []])
        else expect(c.parcel).toEqual(before!.parcel)
        expect(invoked).toEqual([])
        break
      }
      case 'xstate.after.historyRefresh.parcelPanel.waiting':
        // The history is fetched again 2.5 s after the answer.
        expect(replay.clock.now() - shownAt).toBe(WAREHOUSE.historyRefreshMs)
        expect(snapshot.value).toBe('loading')
        expect(invoked).toEqual([{ id: 'loadParcel', src: 'loadParcel', input: { parcelId: c.parcelId } }])
        break
      case 'RELOAD':
        expect(snapshot.value).toBe('loading')
        expect(c.parcelId).not.toBeNull()
        expect(invoked).toEqual([{ id: 'loadParcel', src: 'loadParcel', input: { parcelId: c.parcelId } }])
        break
      case 'xstate.done.actor.loadParcel': {
        const out = (event as unknown as { output: ParcelData }).output
        expect(snapshot.value).toBe('shown')
        expect(c.parcel).toEqual(out.parcel)
        expect(c.history).toEqual(out.history)
        break
      }
      case 'xstate.error.actor.loadParcel': {
        const err = (event as unknown as { error: { status: number; data: { message: string } } }).error
        expect(snapshot.value).toBe('failed')
        expect(c.error).toBe(err.status === 0 ? FLOOR_MSG.parcelLoadFailed : err.data.message)
        break
      }
      case 'CLEAR':
        expect(snapshot.value).toBe('empty')
        expect(c).toEqual({ parcelId: null, barcode: null, parcel: null, history: [], error: null })
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})
