import { BILLING_MSG } from '../src/contract/messages/billing.ts'

import { type StatementState, billingExportMachine } from './billingExport.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'

const uuid = '5e0f78ab-8505-46c3-b20b-80ccc4c88175'
const state = (status: StatementState['status'], performed: number, total: number, errors = 0, error: string | null = null): StatementState => ({
  uuid, status, performed_count: performed, total_count: total, errors_count: errors, error_message: error,
})

export const billingExportSamples = defineSamples(billingExportMachine, {
  inputs: { 'Demo Shop SRL': undefined },
  events: [
    named('Demo Shop, November', { type: 'ORDER', order: { client_id: 1, start: '2026-11-01', end: '2026-11-30', re_account: false } }),
    { type: 'DOWNLOAD' },
    { type: 'CLOSE' },
    doneActor('order', uuid, 'uuid'),
    errorActor('order', httpError(409, { message: BILLING_MSG.bufferParcelsWaiting }), '409 buffer'),
    doneActor('find', state('order_accepted', 0, 0), 'order_accepted'),
    doneActor('find', state('accounting', 1234, 5000), 'accounting 24.68%'),
    doneActor('find', state('validated', 5000, 5000), 'validated'),
    doneActor('find', state('validation_error', 5000, 5000, 3), 'validation_error'),
    doneActor('find', state('internal_error', 1234, 5000, 0, 'boom'), 'internal_error'),
    doneActor('find', state('file_deleted', 5000, 5000), 'file_deleted'),
    errorActor('find', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
  ],
  key: ({ statement, failure: _f, order, uuid: u }) => ({ status: statement?.status ?? null, order: order !== null, uuid: u !== null }),
})
