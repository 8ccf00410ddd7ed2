import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { myReportsMachine } from './billingMyReports.ts'
import type { ExportInfo, ValidationError } from '../src/contract/schemas/billing.ts'

const statement = (over: Partial<ExportInfo>): ExportInfo => ({
  id: 7, uuid: '5e0f78ab-8505-46c3-b20b-80ccc4c88175', identifier: '5e0f78ab-8505-46c3-b20b-80ccc4c88175', type: 'billing',
  name: 'Raport do rozliczeń Sofia EOOD', status: 'validation_error', file_name: 'raport.xlsx', rows: 12, created_at: '2026-11-25T10:00:00.000Z',
  error_message: null, client_id: 4, client_name: 'Sofia EOOD', period_start: '2026-10-01', period_end: '2026-10-31',
  total_count: 12, performed_count: 12, errors_count: 2, used_for_invoice: false, re_account: true, kept_count: 0, price_lists: [], ...over,
})
export const withErrors = statement({})
export const clean = statement({ id: 8, status: 'validated', errors_count: 0, client_name: 'Demo Shop SRL', client_id: 1 })
export const running = statement({ id: 9, status: 'accounting', performed_count: 3, errors_count: 0 })
const missingParcel: ValidationError = {
  validationErrorId: 31, type: 'uncompleted_shipment_missing_parcel', internalWaybill: 'RE100000300', parcelInternalNumbers: ['RE100000301'],
  reviewed: false, reviewable: true, additionalData: { dimensions: { RE100000301: { weight: '2.000', width: '20.0', height: '10.0', length: '30.0' } } },
}

export const myReportsSamples = defineSamples(myReportsMachine, {
  inputs: { admin: { role: 0 }, worker: { role: 1 }, client: { role: 3 } },
  events: [
    named('Sofia (errors)', { type: 'ROW', row: withErrors }),
    named('Demo Shop (clean)', { type: 'ROW', row: clean }),
    named('accounting', { type: 'ROW', row: running }),
    { type: 'CLOSE_ROW' },
    { type: 'DOWNLOAD' },
    named('used', { type: 'TOGGLE_USED', value: true }),
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    named('reviewed', { type: 'REVIEW', id: 31, reviewed: true }),
    { type: 'REFRESH' },
    doneActor('loadErrors', [missingParcel], '1 error'),
    errorActor('loadErrors', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    doneActor('setUsed', { ...withErrors, used_for_invoice: true }, 'saved'),
    errorActor('setUsed', httpError(409, { message: 'Tylko raport do rozliczeń można oznaczyć jako użyty do faktury.' }), '409'),
    doneActor('review', { ...missingParcel, reviewed: true }, 'reviewed'),
    errorActor('review', httpError(409, { message: 'Tego błędu nie można oznaczyć' }), '409'),
  ],
  key: ({ row, errors, pendingUsed, failure }) => ({ row: row?.id ?? null, errors: errors.map((e) => e.reviewed), pendingUsed, failure: failure !== null }),
})
