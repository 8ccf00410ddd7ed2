import { defineSamples, named } from './graph/samples.ts'
import { clientListMachine } from './clientsList.ts'

export const clientListSamples = defineSamples(clientListMachine, {
  inputs: {
    'saved criteria': { saved: { list: 'deleted', text: 'Demo', volume: 'A', lastMonthClass: '' } },
  },
  events: [
    named('shrinking', { type: 'SET', field: 'list', value: 'volume_shrinking' }),
    named('"Sofia"', { type: 'SET', field: 'text', value: 'Sofia' }),
    named('volume A', { type: 'SET', field: 'volume', value: 'A' }),
    named('last month B', { type: 'SET', field: 'lastMonthClass', value: 'B' }),
    { type: 'APPLY' },
    { type: 'RESET' },
  ],
})
