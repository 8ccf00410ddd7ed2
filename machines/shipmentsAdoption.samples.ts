import { SHIPMENT_MSG } from '../src/contract/messages/shipments.ts'
import { adoptionMachine } from './shipmentsAdoption.ts'
import { defineSamples, doneActor, errorActor, named } from './graph/samples.ts'

/** BUF00000001 of the demo data: a buffer parcel with no client; Demo Shop SRL is client 1. */
export const adoptionSamples = defineSamples(adoptionMachine, {
  inputs: {
    'buffer parcel': { parcelId: 9001, kind: 'buffer' },
    'unprocessable parcel': { parcelId: 9002, kind: 'unprocessable' },
  },
  events: [
    named('Demo Shop SRL', { type: 'CHOOSE_CLIENT', client: { id: 1, name: 'Demo Shop SRL' } }),
    named('none', { type: 'CHOOSE_CLIENT', client: null }),
    named('on', { type: 'SET_EMAG', on: true }),
    named('on', { type: 'SET_RETURN', on: true }),
    { type: 'SUBMIT' },
    doneActor('adopt', { message: SHIPMENT_MSG.adoptedBuffer, internal_waybill: 'RE100000201' }),
    errorActor('adopt', Object.assign(new Error('409'), { status: 409, data: { message: 'Przesyłka ma już klienta' } }), '409'),
  ],
})
