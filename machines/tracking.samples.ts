import type { PublicHistoryReply } from '../src/contract/schemas/tracking.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { trackingMachine } from './tracking.ts'

/** A two-parcel shipment after the demo data: registered, then received in TYCHY (names in pl and ro). */
export const trackedHistory: PublicHistoryReply = {
  internal_waybill: 'RE100000007',
  history: {
    shipment: [
      { when: '2024-05-02T08:00:00.000Z', name: 'Przesyłka przyjęta w magazynie', name_ro: 'Colet recepționat în depozit' },
      { when: '2024-05-01T10:00:00.000Z', name: 'Przesyłka zarejestrowana', name_ro: 'Expediere înregistrată' },
    ],
    parcels: [
      {
        waybill: 'RE100000007',
        history: [
          { when: '2024-05-02T08:00:00.000Z', name: 'Przesyłka przyjęta w magazynie', name_ro: 'Colet recepționat în depozit' },
          { when: '2024-05-01T10:00:00.000Z', name: 'Przesyłka zarejestrowana', name_ro: 'Expediere înregistrată' },
        ],
      },
      {
        waybill: 'RE100000008',
        history: [{ when: '2024-05-01T10:00:00.000Z', name: 'Przesyłka zarejestrowana', name_ro: 'Expediere înregistrată' }],
      },
    ],
  },
}

/** A parcel known to the system with no public status yet. */
export const emptyHistory: PublicHistoryReply = { internal_waybill: 'RE100000009', history: { shipment: [], parcels: [{ waybill: 'RE100000009', history: [] }] } }

export const trackingSamples = defineSamples(trackingMachine, {
  inputs: {
    '/tracking': {},
    '/tracking/RE100000007': { number: 'RE100000007' },
  },
  events: [
    named('re100000007', { type: 'TYPE', number: 're100000007' }),
    named('blank', { type: 'TYPE', number: '  ' }),
    named('field', { type: 'SEARCH' }),
    named('empty number', { type: 'SEARCH', number: '' }),
    named(' re100000009 ', { type: 'SEARCH', number: ' re100000009 ' }),
    doneActor('fetchHistory', trackedHistory, 'two parcels'),
    doneActor('fetchHistory', emptyHistory, 'no statuses'),
    errorActor('fetchHistory', httpError(404, { message: 'Nie znaleziono' }), '404'),
    errorActor('fetchHistory', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
  ],
})
