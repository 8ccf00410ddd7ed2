import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type MyReportsContext, canDownload, connectMyReports, myReportsMachine } from '../../machines/billingMyReports.ts'
import { myReportsSamples } from '../../machines/billingMyReports.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as MyReportsContext | undefined

/**
 * "My reports": clients download on a row click (only when there is a file), staff open the row
 * with its validation errors; only admins flag used-for-invoice (after a confirmation) and review.
 */
describeModel(myReportsMachine, myReportsSamples, {
  fakes: {},
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const p = connectMyReports(snapshot as Parameters<typeof connectMyReports>[0], () => {})
    expect(p.showClient).toBe(c.staff)
    // The view renders the running `table` child, handed over by the connect function.
    expect(p.table).toBeDefined()
    expect(p.table).toBe(snapshot.children.table)
    switch (event.type) {
      case 'ROW':
        if (!c.staff) {
          expect(snapshot.hasTag('rowOpen')).toBe(false)
          expect(effects).toEqual([canDownload(event.row) ? 'download' : 'downloadBlocked'])
        } else {
          expect(p.row?.id).toBe(event.row.id)
          // errors are loaded only when the row has some
          expect(invoked.map((i) => i.src)).toEqual(event.row.errors_count > 0 ? ['loadErrors'] : [])
        }
        break
      case 'DOWNLOAD':
        expect(effects).toEqual([canDownload(before!.row) && prev!.hasTag('rowOpen') ? 'download' : 'downloadBlocked'])
        break
      case 'TOGGLE_USED':
      case 'REVIEW':
        // only admins change flags; a toggle asks for confirmation first
        if (!before!.admin) expect(snapshot.hasTag('confirming') || snapshot.hasTag('busy')).toBe(false)
        if (event.type === 'TOGGLE_USED' && before!.admin) {
          expect(p.confirming).toBe(true)
          expect(invoked).toEqual([])
        }
        break
      case 'CONFIRM':
        expect(invoked.map((i) => i.src)).toEqual(['setUsed'])
        break
      case 'xstate.done.actor.setUsed':
        expect(effects).toContain('usedSaved')
        expect(c.row?.used_for_invoice).toBe(true)
        break
      case 'xstate.done.actor.review':
        expect(c.errors.find((e) => e.validationErrorId === 31)?.reviewed).toBe(true)
        break
      case 'xstate.error.actor.setUsed':
      case 'xstate.error.actor.review':
      case 'xstate.error.actor.loadErrors':
        expect(effects).toEqual(['failed'])
        expect(c.failure).not.toBeNull()
        break
    }
  },
})
