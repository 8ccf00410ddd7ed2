import { defineSamples, named } from './graph/samples.ts'
import { clientListMachine } from './clientsList.ts'

export const clientListSamples = defineSamples(clientListMachine, {
  inputs: {
    'saved criteria': { saved: { list: 'deleted', text: 'Demo', volume: 'A', lastMonthClass: '' } },
  },
  events: [
    named('shrinking', { type: 'SET_LIST', list: 'volume_shrinking' }),
    named('"Sofia"', { type: 'SET_TEXT', text: 'Sofia' }),
    named('volume A', { type: 'SET_VOLUME', volume: 'A' }),
    named('last month B', { type: 'SET_LAST_MONTH_CLASS', volume: 'B' }),
    { type: 'APPLY' },
    { type: 'RESET' },
  ],
})
