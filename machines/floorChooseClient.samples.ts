import { MSG } from '../src/contract/messages.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import type { ClientRef } from '../src/contract/schemas/common.ts'
import { chooseClientMachine, isSearchable } from './floorChooseClient.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'

/** docs/demo-data.md clients: Demo Shop SRL, postal code 010011, phone 721000111. */
const DEMO_SHOP: ClientRef = { id: 1, name: 'Demo Shop SRL' }

export const chooseClientSamples = defineSamples(chooseClientMachine, {
  inputs: { 'for UNKNOWN0001': { barcode: 'UNKNOWN0001' } },
  events: [
    named('Dem', { type: 'TYPE', text: 'Dem' }),
    named('De', { type: 'TYPE', text: 'De' }),
    doneActor('searchClients', [DEMO_SHOP], 'Demo Shop SRL'),
    doneActor('searchClients', [], 'none'),
    errorActor('searchClients', httpError(500, { message: MSG.serverError }), '500'),
    named('Demo Shop SRL', { type: 'PICK', client: DEMO_SHOP }),
    named('010011', { type: 'SET_POSTAL_CODE', value: '010011' }),
    named('721000111', { type: 'SET_PHONE', value: '721000111' }),
    named('empty', { type: 'SET_PHONE', value: '' }),
    { type: 'VERIFY' },
    { type: 'BACK' },
    { type: 'CANCEL' },
    doneActor('verifyChoice', DEMO_SHOP, 'Demo Shop SRL'),
    errorActor('verifyChoice', httpError(422, { message: WAREHOUSE_MSG.clientVerifyFailed }), '422'),
    errorActor('verifyChoice', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
  ],
  key: (c) => ({
    searchable: isSearchable(c.text),
    clients: c.clients.length > 0,
    picked: c.picked !== null,
    postal: c.postalCode !== '',
    phone: c.phone !== '',
    chosen: c.chosen !== null,
  }),
})
