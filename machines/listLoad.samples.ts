import type { UnknownAlias } from '../src/contract/schemas/admin.ts'
import { httpError } from './calendar.samples.ts'
import { defineSamples, doneActor, errorActor } from './graph/samples.ts'
import { aliasListMachine } from './listLoad.ts'

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
    errorActor('loadRows', httpError(500, 'Wystąpił nieznany błąd'), '500'),
    { type: 'RELOAD' },
    { type: 'RETRY' },
  ],
})
