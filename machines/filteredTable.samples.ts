import { defineSamples, named } from './graph/samples.ts'
import { anyFilteredTableMachine } from './filteredTable.ts'

export const filteredTableSamples = defineSamples(anyFilteredTableMachine, {
  inputs: {
    'a first visit': {},
    'saved criteria': { saved: { list: 'deleted', name: 'Demo', text: 'x', unknown: 1 } },
  },
  events: [
    named('list active', { type: 'SET', field: 'list', value: 'active' }),
    named('list nonsense', { type: 'SET', field: 'list', value: 'nonsense' }),
    named('name "Sofia"', { type: 'SET', field: 'name', value: 'Sofia' }),
    named('from 2026-11-02', { type: 'SET', field: 'from', value: '2026-11-02' }),
    named('to 2026-11-01', { type: 'SET', field: 'to', value: '2026-11-01' }),
    { type: 'APPLY' },
    { type: 'RESET' },
    { type: 'EXPORT' },
  ],
})
