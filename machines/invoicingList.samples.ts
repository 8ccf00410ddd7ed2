import { INVOICING_MSG } from '../src/contract/messages/invoicing.ts'

import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { invoiceListMachine } from './invoicingList.ts'

export const invoiceListSamples = defineSamples(invoiceListMachine, {
  inputs: { '/invoices on 2026-11-25': { today: '2026-11-25' } },
  events: [
    named('status send', { type: 'SET_STATUS', status: 'send' }),
    named('all statuses', { type: 'SET_STATUS', status: null }),
    named('date 2026-11-02', { type: 'SET_DATE', date: '2026-11-02' }),
    named('date 2026-12-01 (future)', { type: 'SET_DATE', date: '2026-12-01' }),
    named('date "2026-13-40"', { type: 'SET_DATE', date: '2026-13-40' }),
    { type: 'TRIGGER' },
    doneActor('preview', { clients: 3, message: INVOICING_MSG.triggerConfirm(3) }, '3 clients'),
    errorActor('preview', httpError(422, { message: INVOICING_MSG.triggerInFuture }), '422 future'),
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'POLL' },
    doneActor('trigger', { message: INVOICING_MSG.triggered(3), created: [1, 2, 3] }, '3 made'),
    errorActor('trigger', httpError(409, { message: INVOICING_MSG.bufferParcelsWaiting }), '409 buffer parcels'),
    errorActor('trigger', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
  ],
  key: ({ result: _r, failure: _f, ...rest }) => rest,
})
