import { ROLE } from '../src/contract/constants/access.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type ParcelListingContext, parcelListingMachine, validateStatusForm } from './parcelsListing.ts'

/** Sample data after the demo data: admin 1, worker 2, client 4 of Demo Shop SRL. */
export const LISTING_TODAY = '2024-05-10'

export const savedByWorker = {
  userId: 2,
  criteria: { type: 'shipments', internal_number: 'RE1000', processable: 1, problem_rule_code: 'SHIPMENT_NOT_ACCOUNTED', start: '2024-05-01', clients: [{ id: 3, name: 'Budapest Kft' }] },
}

export const parcelListingSamples = defineSamples(parcelListingMachine, {
  inputs: {
    'admin, nothing saved': { role: ROLE.admin, userId: 1, today: LISTING_TODAY, saved: null },
    'worker with saved criteria': { role: ROLE.warehouse_worker, userId: 2, today: LISTING_TODAY, saved: savedByWorker },
    "client, another user's criteria stored": { role: ROLE.client, userId: 4, today: LISTING_TODAY, saved: savedByWorker },
  },
  events: [
    named('internal number', { type: 'SET', field: 'internal_number', value: 'RE10000000' }),
    named('shipments', { type: 'SET', field: 'type', value: 'shipments' }),
    named('parcels', { type: 'SET', field: 'type', value: 'parcels' }),
    named('bogus type', { type: 'SET', field: 'type', value: 'bogus' }),
    named('processable', { type: 'SET', field: 'processable', value: 1 }),
    named('problem rule', { type: 'SET', field: 'problem_rule_code', value: 'SHIPMENT_REGISTRATION_FAILED' }),
    named('cod', { type: 'SET', field: 'cod', value: 1 }),
    named('Budapest Kft', { type: 'ADD_CLIENT', client: { id: 3, name: 'Budapest Kft' } }),
    named('Budapest Kft', { type: 'REMOVE_CLIENT', id: 3 }),
    { type: 'RESET' },
    { type: 'TOGGLE_EXTRA' },
    named('2 parcels', { type: 'OPEN_STATUS_CHANGE', ids: [11, 12], now: '2024-05-10T12:00' }),
    named('nothing selected', { type: 'OPEN_STATUS_CHANGE', ids: [], now: '2024-05-10T12:00' }),
    named('status 57', { type: 'SET_STATUS_FIELD', field: 'id_status_type', value: 57 }),
    named('where blank', { type: 'SET_STATUS_FIELD', field: 'where', value: '' }),
    { type: 'SUBMIT_STATUS' },
    doneActor('changeStatuses', { message: 'ok', updated: 2, skipped: [] }),
    errorActor('changeStatuses', httpError(420, { message: 'Część przesyłek miała już ten status', skipped: ['RE100000011'] }), '420'),
    errorActor('changeStatuses', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    { type: 'OPEN_REPORT' },
    named('list', { type: 'CHOOSE_REPORT', reportType: 'list' }),
    { type: 'ORDER_REPORT' },
    doneActor('orderReport', { uuid: 'b3c1' }),
    errorActor('orderReport', httpError(406, { message: 'Wygenerowanie pliku według zadanych kryteriów (filtr „Procesowalna”) nie jest możliwe!' }), '406'),
    { type: 'DOWNLOAD_REPORT' },
    doneActor('downloadReport', null),
    errorActor('downloadReport', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    { type: 'CLOSE' },
  ],
  // States are told apart by what the rules look at: the list type and whether the dialogs can go on.
  key: (c: ParcelListingContext) => ({
    type: c.criteria.type,
    statusValid: validateStatusForm(c.status).ok,
    statusErrors: Object.keys(c.statusErrors).length > 0,
    dialogError: c.dialogError !== null,
    reportType: c.reportType !== null,
  }),
})
