import { defineSamples, named } from './graph/samples.ts'
import { clientListMachine } from './clientList.ts'

export const clientListSamples = defineSamples(clientListMachine, {
  inputs: {
    'no cookie': { saved: null },
    'saved criteria': { saved: { list: 'deleted', text: 'Demo', volume: 'A', lastMonthClass: '' } },
  },
  events: [
    named('deleted', { type: 'SET_LIST', list: 'deleted' }),
    named('shrinking', { type: 'SET_LIST', list: 'volume_shrinking' }),
    named('"Demo"', { type: 'SET_TEXT', text: 'Demo' }),
    named('volume A', { type: 'SET_VOLUME', volume: 'A' }),
    named('last month B', { type: 'SET_LAST_MONTH_CLASS', volume: 'B' }),
    { type: 'APPLY' },
    { type: 'RESET' },
  ],
})
