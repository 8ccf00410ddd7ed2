import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { INVOICING } from '../../src/contract/constants/invoicing.ts'
import { INVOICING_MSG } from '../../src/contract/messages/invoicing.ts'
import { type InvoiceListContext, connectInvoiceList, invoiceListMachine, isDay } from '../../machines/invoicingList.ts'
import { invoiceListSamples } from '../../machines/invoicingList.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as InvoiceListContext | undefined

/** The status filter goes to the table at once; the trigger runs only with a real date; 409 stays 10 s. */
describeModel(invoiceListMachine, invoiceListSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const props = connectInvoiceList(snapshot as Parameters<typeof connectInvoiceList>[0], () => {})
    expect(props.busy).toBe(snapshot.matches('previewing') || snapshot.matches('triggering'))
    expect(props.confirming).toBe(snapshot.matches('confirming'))
    // The view renders the running `table` child, handed over by the connect function.
    expect(props.table).toBeDefined()
    expect(props.table).toBe(snapshot.children.table)
    // The trigger is offered only with a real date not after today, and never twice at once.
    expect(props.canTrigger).toBe(snapshot.matches('ready') && isDay(c.triggerDate) && c.triggerDate <= c.today)
    if (isDay(c.triggerDate) && c.triggerDate > c.today) expect(props.dateError).toBe(INVOICING_MSG.triggerInFuture)
    for (const call of invoked.filter((i) => i.src === 'trigger' || i.src === 'preview')) expect((call.input as { date: string }).date <= c.today).toBe(true)
    // The trigger runs only after the confirmation naming how many clients it invoices.
    if (invoked.some((i) => i.src === 'trigger')) expect(event.type).toBe('CONFIRM')
    switch (event.type) {
      case 'xstate.init':
        expect(c).toMatchObject({ status: null, triggerDate: '2026-11-25' })
        break
      case 'SET_STATUS':
        expect(c.status).toBe((event as unknown as { status: string | null }).status)
        break
      case 'TRIGGER':
        expect(invoked.map((i) => i.src)).toEqual(['preview'])
        expect(invoked[0]!.input).toEqual({ date: ctx(prev)!.triggerDate })
        break
      case 'xstate.done.actor.preview':
        expect(snapshot.matches('confirming')).toBe(true)
        expect(props.question).toBe(INVOICING_MSG.triggerConfirm(3))
        break
      case 'CONFIRM':
        expect(invoked.map((i) => i.src)).toEqual(['trigger'])
        break
      case 'xstate.done.actor.trigger':
        expect(effects).toEqual(['triggered'])
        expect(c.result).toBe(INVOICING_MSG.triggered(3))
        break
      case 'xstate.error.actor.preview':
      case 'xstate.error.actor.trigger': {
        expect(effects).toEqual(['failed'])
        const is409 = c.failure!.message === INVOICING_MSG.bufferParcelsWaiting
        expect(c.failure!.durationMs).toBe(is409 ? INVOICING.bufferToastMs : INVOICING.toastMs)
        break
      }
    }
  },
})
