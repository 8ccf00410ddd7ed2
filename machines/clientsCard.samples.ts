import { CLIENT_MSG } from '../src/contract/messages/clients.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type Header, clientCardMachine } from './clientsCard.ts'

const withPeriod: Header = { name: 'Demo Shop SRL', navigation: { previous: null, next: 2 }, count: { count: 12, start: '2026-11-01', end: '2026-11-30' } }
const noPeriod: Header = { name: 'Sofia EOOD', navigation: { previous: 3, next: 5 }, count: null }

export const clientCardSamples = defineSamples(clientCardMachine, {
  inputs: { 'Demo Shop SRL': { clientId: 1 } },
  events: [
    doneActor('loadHeader', withPeriod, 'period'),
    doneActor('loadHeader', noPeriod, CLIENT_MSG.noBillingPeriod),
    errorActor('loadHeader', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
    { type: 'RETRY' },
    { type: 'OPEN_BILLING' },
    { type: 'CLOSE_BILLING' },
    named('start 1.11', { type: 'SET_BILLING', name: 'start', value: '2026-11-01' }),
    named('end 30.11', { type: 'SET_BILLING', name: 'end', value: '2026-11-30' }),
    named('end 1.10', { type: 'SET_BILLING', name: 'end', value: '2026-10-01' }),
    named('re_account off', { type: 'SET_RE_ACCOUNT', value: false }),
    named('last month of 26.11', { type: 'PRESET_LAST_MONTH', today: '2026-11-26' }),
    { type: 'ORDER_BILLING' },
  ],
  // What the card can do next depends on whether the dates are there and in order, not on re_account.
  key: ({ header, billing, billingSubmitted, error }) => ({
    header: header !== null,
    error: error !== null,
    start: billing.start,
    end: billing.end,
    billingSubmitted,
  }),
})
