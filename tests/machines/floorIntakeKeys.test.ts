import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { FloorData } from '../../machines/floorKit.ts'
import { type ParcelData, parcelPanelMachine } from '../../machines/floorParcelPanel.ts'
import { clearSection, editShownDimensions, intakeScanMachine } from '../../machines/floorIntakeScan.ts'
import { DEMO_WORKSTATIONS } from '../../machines/floorWorkstation.samples.ts'

/** What the intake page's Delete and Page Down ask of the machine (src/web/wiring/floorIntake.ts sends it). */

const PARCEL = { id: 41, weight: 1.5, length: 30, height: 20, internal_number: 'RE100000001' }

/** An intake screen whose panel loads PARCEL; the workstation never loads (nothing else is needed). */
function intake() {
  const machine = intakeScanMachine.provide({
    actors: {
      loadFloor: fromPromise<FloorData>(() => new Promise(() => {})),
      parcelPanel: parcelPanelMachine.provide({
        actors: { loadParcel: fromPromise<ParcelData, { parcelId: number }>(async () => ({ parcel: PARCEL, history: [] })) },
        delays: { historyRefresh: 0 },
      }),
    },
  })
  return createActor(machine, { input: { workstation: DEMO_WORKSTATIONS.PRZJ_01 } }).start()
}

describe('intake page keys', () => {
  it('Page Down asks for the dimensions of the parcel the panel shows now, as the form edits them', async () => {
    const actor = intake()
    expect(editShownDimensions(actor.getSnapshot())).toEqual({ type: 'EDIT_DIMENSIONS', parcelId: null, values: { weight: '', length: '', height: '', width: '' } })
    actor.getSnapshot().children.panel!.send({ type: 'SHOW', parcelId: PARCEL.id, barcode: 'RE100000001' })
    await new Promise((r) => setTimeout(r, 10))
    expect(editShownDimensions(actor.getSnapshot())).toEqual({ type: 'EDIT_DIMENSIONS', parcelId: 41, values: { weight: '1.5', length: '30', height: '20', width: '' } })
    actor.stop()
  })

  it('Delete clears the section it is typed in: the place field is emptied, the others cleared by name; outside the form nothing', () => {
    expect(clearSection('where')).toEqual({ type: 'SET_WHERE', where: '' })
    for (const section of ['barcode', 'client', 'status', 'dimensions'] as const) expect(clearSection(section)).toEqual({ type: 'CLEAR_SECTION', section })
    expect(clearSection('sector')).toBeNull()
    expect(clearSection(null)).toBeNull()
  })
})
