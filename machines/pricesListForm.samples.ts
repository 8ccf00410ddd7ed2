import { PRICES_MSG } from '../src/contract/messages/prices.ts'

import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { newListValues, priceListFormMachine } from './pricesListForm.ts'

/** The active default income list for Romania, as current_active_default answers it (abridged values). */
export const defaultRomania = { ...newListValues('income', null), id: 1, name: 'Cennik domyślny – Rumunia', cod_account_factor_type: 'percent', cod_account_factor: '1.50' }

export const priceListFormSamples = defineSamples(priceListFormMachine, {
  inputs: {
    '/operational-price-list/income/form': { type: 'income', idClient: null, id: null },
    '/operational-price-list/income/client_form/1/7': { type: 'income', idClient: 1, id: 7 },
  },
  events: [
    { type: 'ADD_THRESHOLD' },
    named('remove row 2', { type: 'REMOVE_THRESHOLD', index: 1 }),
    { type: 'CLONE' },
    doneActor('loadDefault', defaultRomania, 'default RO'),
    doneActor('loadDefault', null, 'no default'),
    errorActor('loadDefault', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    { type: 'DEACTIVATE' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    doneActor('deactivate', { message: PRICES_MSG.priceListDeactivated }, 'deactivated'),
    errorActor('deactivate', httpError(409, { message: PRICES_MSG.notActive }), '409 not active'),
  ],
})
