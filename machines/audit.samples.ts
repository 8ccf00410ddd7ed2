import { defineSamples, named } from './graph/samples.ts'
import { auditMachine } from './audit.ts'

export const auditSamples = defineSamples(auditMachine, {
  inputs: {
    '/audit': {},
    "a client's history": { record: { entity: 'client', entity_id: '7' } },
  },
  events: [
    named('who "admin"', { type: 'SET', field: 'user_email', value: 'admin' }),
    named('from 2026-02-30', { type: 'SET', field: 'from', value: '2026-02-30' }),
    named('from 2026-11-01', { type: 'SET', field: 'from', value: '2026-11-01' }),
    named('to 2026-10-01', { type: 'SET', field: 'to', value: '2026-10-01' }),
    { type: 'APPLY' },
    { type: 'RESET' },
    { type: 'EXPORT' },
  ],
})
