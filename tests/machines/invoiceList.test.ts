import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { INVOICING } from '../../src/contract/constants/invoicing.ts'
import { IMSG } from '../../src/contract/messages/invoicing.ts'
import { type InvoiceListContext, connectInvoiceList, invoiceListMachine, isDay } from '../../machines/invoiceList.ts'
import { invoiceListSamples } from '../../machines/invoiceList.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as InvoiceListContext | undefined

/** The status filter goes to the table at once; the trigger runs only with a real date; 409 stays 10 s. */
describeModel(invoiceListMachine, invoiceListSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const props = connectInvoiceList(snapshot as Parameters<typeof connectInvoiceList>[0], () => {})
    expect(props.busy).toBe(snapshot.matches('triggering'))
    expect(snapshot.children.table).toBeDefined()
    // The trigger is offered only with a valid date, and never twice at once.
    expect(props.canTrigger).toBe(snapshot.matches('ready') && isDay(c.triggerDate))
    for (const call of invoked.filter((i) => i.src === 'trigger')) expect(isDay((call.input as { date: string }).date)).toBe(true)
    switch (event.type) {
      case 'xstate.init':
        expect(c).toMatchObject({ status: null, triggerDate: '2026-11-25' })
        break
      case 'SET_STATUS':
        expect(c.status).toBe((event as unknown as { status: string | null }).status)
        break
      case 'TRIGGER':
        expect(invoked.map((i) => i.src)).toEqual(['trigger'])
        expect(invoked[0]!.input).toEqual({ date: ctx(prev)!.triggerDate })
        break
      case 'xstate.done.actor.trigger':
        expect(effects).toEqual(['triggered'])
        expect(c.result).toBe(IMSG.triggered(3))
        break
      case 'xstate.error.actor.trigger': {
        expect(effects).toEqual(['failed'])
        const is409 = c.failure!.message === IMSG.bufferParcelsWaiting
        expect(c.failure!.durationMs).toBe(is409 ? INVOICING.bufferToastMs : INVOICING.toastMs)
        break
      }
    }
  },
})
