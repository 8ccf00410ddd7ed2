import { MSG } from '../src/contract/messages.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type ParcelIdentityT, scanSearchMachine } from './floorScanSearch.ts'

/** Demo parcels: RE100000002 carries an outbound number (our label and the courier's label are one parcel). */
export const PARCEL_2: ParcelIdentityT = { id: 2, internal_number: 'RE100000002', out_number: '1234567890', in_number: null, client: { id: 1, name: 'Demo Shop SRL' }, last_status: 'Przesyłka zarejestrowana' }
export const PARCEL_1: ParcelIdentityT = { id: 1, internal_number: 'RE100000001', out_number: '-', in_number: null, client: { id: 1, name: 'Demo Shop SRL' }, last_status: 'Przesyłka zarejestrowana' }

export const scanSearchSamples = defineSamples(scanSearchMachine, {
  inputs: { '/parcel-search': undefined },
  events: [
    named('RE100000002', { type: 'SCANNED', code: 'RE100000002', instruction: false }),
    named('1234567890', { type: 'SCANNED', code: '1234567890', instruction: false }),
    doneActor('lookup', PARCEL_2, 'RE100000002'),
    doneActor('lookup', PARCEL_1, 'RE100000001'),
    errorActor('lookup', httpError(404, { message: 'Nie znaleziono przesyłki' }), '404'),
    errorActor('lookup', httpError(500, { message: MSG.serverError }), '500'),
    { type: 'RESET' },
  ],
  key: (c) => ({
    first: c.first && { code: c.first.code, parcel: c.first.parcel?.id ?? null },
    second: c.second && { code: c.second.code, parcel: c.second.parcel?.id ?? null },
    code: c.code,
  }),
})
