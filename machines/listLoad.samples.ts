import type { UnknownAlias } from '../src/contract/schemas/aliases.ts'

import { defineSamples, doneActor, errorActor, httpError } from './graph/samples.ts'
import { aliasListMachine, anyDataLoadMachine } from './listLoad.ts'

export const emagAlias: UnknownAlias = {
  id: 1,
  alias: 'EMAGMARKETPLACE',
  proposed_client_id: 1,
  client_name: 'Demo Shop SRL',
  is_emag: 1,
  waybill: 'RE100000101',
  created_at: '2026-11-25T08:00:00.000Z',
}

export const listLoadSamples = defineSamples(aliasListMachine, {
  inputs: { '/unknown-client-aliases': undefined },
  events: [
    doneActor('loadRows', [emagAlias], 'one alias'),
    doneActor('loadRows', [], 'none'),
    errorActor('loadRows', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    { type: 'RELOAD' },
    { type: 'RETRY' },
  ],
})

export const dataLoadSamples = defineSamples(anyDataLoadMachine, {
  inputs: { 'a record': { key: 1 }, 'suggestions while typing': { key: 'Lip', delay: 250 } },
  events: [
    doneActor('load', { id: 1, name: 'Sektor A' }, 'a record'),
    errorActor('load', httpError(404, { message: 'Nie znaleziono' }), '404'),
    { type: 'RELOAD' },
    { type: 'RETRY' },
    { type: 'LOAD', key: 2 },
    { type: 'REPLACE', data: { id: 1, name: 'Sektor B' } },
    { type: 'ASK', item: { id: 7 } },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    doneActor('act', { message: 'Usunięto' }, 'deleted'),
    errorActor('act', httpError(422, { message: 'Nie można usunąć' }), '422'),
  ],
  key: (c) => [c.key, c.data !== null, c.failure, c.pending !== null, c.answers > 0],
})
