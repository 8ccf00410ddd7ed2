import { MSG } from '../src/contract/messages.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../src/contract/messages/warehouseAnswers.ts'
import type { ExternalInbound } from '../src/contract/schemas/floor.ts'
import { type AcceptAnswer, externalInboundMachine } from './floorExternalInbound.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'

/** A DPD Romania hand-over (14 digits) accepted by the demo worker. */
export const INBOUND: ExternalInbound = {
  id: 7,
  scanned_at: '2025-01-01T08:00:00.000Z',
  barcode: '12345678901234',
  waybill: '12345678901234',
  inbound_courier_id: 2,
  inbound_courier: { id: 2, name: 'DPD Romania' },
  scanned_by_user: { id: 2, email: 'worker@example.com' },
  parcels: [],
  comment: '',
}
export const ACCEPTED: AcceptAnswer = { status: 201, data: { message: WAREHOUSE_MSG.inboundAccepted, data: INBOUND }, acceptedScans: 5 }
export const EXISTS: AcceptAnswer = { status: 200, data: { message: WAREHOUSE_MSG.alreadyInSystem, data: INBOUND }, acceptedScans: 5 }

export const externalInboundSamples = defineSamples(externalInboundMachine, {
  inputs: { '/external_inbound/scan': undefined },
  events: [
    doneActor('loadCount', 4, '4 today'),
    errorActor('loadCount', httpError(500, { message: MSG.serverError }), '500'),
    named('12345678901234', { type: 'SCANNED', code: '12345678901234', instruction: false }),
    named('EAN8', { type: 'ALARM', alarm: 'ean', length: 8 }),
    named('"2SDY12340001"', { type: 'MANUAL', text: ' 2SDY12340001 ' }),
    named('""', { type: 'MANUAL', text: '' }),
    { type: 'ACCEPT' },
    named('R', { type: 'PAGE_KEY', key: 'R' }),
    { type: 'PAGE_ENTER' },
    doneActor('accept', ACCEPTED, '201'),
    doneActor('accept', EXISTS, '200'),
    errorActor('accept', httpError(422, { message: WAREHOUSE_ANSWER.inboundUnknownCourier, errors: { barcode: [WAREHOUSE_ANSWER.inboundUnknownCourier] } }), '422'),
  ],
  key: (c) => ({ manual: c.manual, code: c.code, acceptedScans: c.acceptedScans, lastNew: c.lastNew }),
})
