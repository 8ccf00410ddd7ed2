import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type InvoiceDetailContext, connectInvoiceDetail, invoiceDetailMachine } from '../../machines/invoicingDetail.ts'
import { invoiceDetailSamples } from '../../machines/invoicingDetail.samples.ts'
import { INVOICING_MSG } from '../../src/contract/messages/invoicing.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as InvoiceDetailContext | undefined

/**
 * Re-issue only after a confirmation, then back to the list; errors of the two unreviewable
 * types are never sent; files open only when the invoice has them; empty fields show "-".
 */
describeModel(invoiceDetailMachine, invoiceDetailSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const props = connectInvoiceDetail(snapshot as Parameters<typeof connectInvoiceDetail>[0], () => {})
    expect(props.busy).toBe(['loading', { ready: 'reviewing' }, { ready: 'opening' }, 'reissuing'].some((s) => snapshot.matches(s)))
    for (const call of invoked.filter((i) => i.src === 'review')) {
      const e = ctx(prev)!.errors.find((x) => x.id === (call.input as { errorId: number }).errorId)!
      expect(e.type).not.toMatch(/^(no_operational_price_list_match|missing_amount)$/)
    }
    if (c.detail) {
      for (const f of props.fields) expect(f.value).not.toBe('')
      if (!c.detail.invoice.invoice_number) expect(props.fields.find((f) => f.id === 'number')!.value).toBe('-')
      expect(props.canPdf).toBe(snapshot.matches({ ready: 'idle' }) && c.detail.invoice.has_pdf)
    }
    switch (event.type) {
      case 'REISSUE':
        expect(props.confirming).toBe(true)
        expect(invoked).toEqual([])
        // The question names what will happen: a correction of an issued invoice, else a recomputation.
        expect(props.confirmMessage).toBe(c.detail!.reissueEffect === 'correction' ? INVOICING_MSG.reissueCorrection(c.detail!.invoice.invoice_number!) : INVOICING_MSG.reissueRecompute)
        break
      case 'CONFIRM':
        expect(invoked.map((i) => i.src)).toEqual(['reissue'])
        expect(ctx(prev)!.detail!.reissuable).toBe(true)
        break
      case 'xstate.done.actor.reissue':
        expect(snapshot.status).toBe('done')
        expect(effects).toEqual(['left'])
        expect(c.result).toBe((event as unknown as { output: { message: string } }).output.message)
        break
      case 'xstate.error.actor.reissue':
        expect(effects).toContain('failed')
        expect(snapshot.matches({ ready: 'idle' })).toBe(true)
        break
      case 'xstate.done.actor.locate':
        expect(effects).toEqual(['open'])
        break
      case 'xstate.done.actor.review':
        expect(c.errors.find((e) => e.id === 5)!.reviewed).toBe(true)
        // Reloaded: the last review may have sent the invoice on.
        expect(snapshot.matches('loading')).toBe(true)
        break
      case 'xstate.done.actor.load':
        expect(props.title).toBe('Faktura dla klienta Demo Shop SRL za okres 01.10.2026 – 31.10.2026')
        expect(props.showErrors).toBe(c.detail!.invoice.status === 'report_validation_error')
        if (props.showErrors) expect(props.errors.find((e) => e.id === 5)!.dimensions).toBe('2,5 kg, 30 × 20 × - cm')
        break
    }
  },
})
