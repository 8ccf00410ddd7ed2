import { expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { BILLING } from '../../src/contract/constants/billing.ts'
import { type BillingExportContext, billingExportMachine, connectBillingExport, progressText } from '../../machines/billingExport.ts'
import { billingExportSamples } from '../../machines/billingExport.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as BillingExportContext | undefined
const props = (s: AnyMachineSnapshot) => connectBillingExport(s as Parameters<typeof connectBillingExport>[0], () => {})

/**
 * The billing flow: ordered → polled by uuid every BILLING.pollMs → progress with two decimals
 * while accounting → ready toast (validated) / warning toast (validation_error, still
 * downloadable) / error toast and no more polling (internal_error); DOWNLOAD only when a file is there.
 */
describeModel(billingExportMachine, billingExportSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const p = props(snapshot)
    // the progress is shown only while accounting, with two decimals
    if (p.progress !== null) {
      expect(snapshot.hasTag('accounting')).toBe(true)
      expect(p.progress).toMatch(/^\d+,\d{2}$/)
    }
    if (event.type.startsWith('xstate.after.')) {
      // the 5 s timer ran out: the status is asked for by uuid
      expect(invoked.map((i) => i.src)).toEqual(['find'])
      expect(invoked[0]!.input).toEqual({ uuid: ctx(prev)!.uuid })
    }
    switch (event.type) {
      case 'ORDER':
        if (snapshot.hasTag('busy')) {
          expect(invoked.map((i) => i.src)).toEqual(['order'])
          expect(c.order).toEqual(event.order)
          expect(c.statement).toBeNull()
        }
        break
      case 'xstate.done.actor.order':
        // the poll waits 5 s before asking
        expect(snapshot.value).toBe('waiting')
        expect(c.uuid).toBe(event.output)
        expect(effects).toEqual(['ordered'])
        break
      case 'xstate.error.actor.order':
        expect(snapshot.value).toBe('idle')
        expect(effects).toEqual(['orderFailed'])
        expect(c.failure).toMatch(/przesyłki buforowe/)
        break
      case 'xstate.done.actor.find': {
        const status = (event.output as { status: string }).status
        if (status === 'order_accepted' || status === 'accounting') {
          expect(snapshot.value).toBe('waiting')
          expect(effects).toEqual([])
        } else if (status === 'validated') {
          expect(effects).toEqual(['readyToast'])
          expect(p.downloadable).toBe(true)
        } else if (status === 'validation_error') {
          expect(effects).toEqual(['warningToast'])
          expect(p.downloadable && p.warning).toBe(true)
        } else {
          // internal_error (and anything without a file): error toast, polling stops
          expect(effects).toEqual(['errorToast'])
          expect(p.failed).toBe(true)
          expect(p.downloadable).toBe(false)
        }
        if (status === 'accounting') expect(p.progress).toBe('24,68')
        break
      }
      case 'xstate.error.actor.find':
        expect(effects).toEqual(['errorToast'])
        expect(p.failed).toBe(true)
        break
      case 'DOWNLOAD':
        expect(effects).toEqual([ctx(prev) && prev!.hasTag('downloadable') ? 'download' : 'downloadBlocked'])
        break
    }
  },
})

it('the poll interval is the named 5 s and progress needs a total', () => {
  expect(BILLING.pollMs).toBe(5000)
  expect(progressText({ performed_count: 1, total_count: 0 })).toBeNull()
  expect(progressText({ performed_count: 1, total_count: 3 })).toBe('33,33')
})
