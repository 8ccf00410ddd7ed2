import { WAREHOUSE_ANSWER } from '../src/contract/messages/warehouseAnswers.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type Reference, type TagOption, tagFormMachine } from './floorTagForm.ts'

/** Sample data after the demo data: warehouse TYCHY, its workstation types, sectors and clients. */
export const tagReference: Reference = {
  warehouses: [{ id: 1, name: 'TYCHY' }],
  workstationTypes: [
    { id: 1, name: 'Przyjęcie', code: 'PRZJ' },
    { id: 3, name: 'Problemy', code: 'PRBL' },
  ],
}
export const demoShop: TagOption = { value: 1, label: 'Demo Shop SRL' }
export const prbl01: TagOption = { value: 'PRBL_01', label: 'PRBL_01' }
export const sector3: TagOption = { value: 5, label: '3 – Duplikat przesyłki' }

export const tagFormSamples = defineSamples(tagFormMachine, {
  inputs: { '/tags': undefined },
  events: [
    doneActor('loadReference', tagReference, 'TYCHY'),
    errorActor('loadReference', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
    { type: 'RETRY' },
    named('client', { type: 'CHOOSE_TYPE', tagType: 'client' }),
    named('workstation', { type: 'CHOOSE_TYPE', tagType: 'workstation' }),
    named('problematic_sector', { type: 'CHOOSE_TYPE', tagType: 'problematic_sector' }),
    named('TYCHY', { type: 'CHOOSE_WAREHOUSE', id: 1 }),
    named('PRBL', { type: 'CHOOSE_WORKSTATION_TYPE', id: 3 }),
    named('"De"', { type: 'SEARCH_CLIENT', text: 'De' }),
    named('"Demo"', { type: 'SEARCH_CLIENT', text: 'Demo' }),
    doneActor('searchClients', [demoShop], 'Demo Shop SRL'),
    doneActor('searchClients', [], 'none'),
    errorActor('searchClients', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    doneActor('loadWorkstations', [prbl01], 'PRBL_01'),
    errorActor('loadWorkstations', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    doneActor('loadSectors', [sector3], 'sector 3'),
    errorActor('loadSectors', httpError(500, { message: 'Wystąpił nieznany błąd' }), '500'),
    named('Demo Shop SRL', { type: 'CHOOSE_VALUE', option: demoShop }),
    named('PRBL_01', { type: 'CHOOSE_VALUE', option: prbl01 }),
    named('sector 3', { type: 'CHOOSE_VALUE', option: sector3 }),
    { type: 'GENERATE' },
    doneActor('generateTag', { size: 1234, type: 'application/pdf' }, 'PDF'),
    errorActor('generateTag', httpError(404, { message: WAREHOUSE_ANSWER.tagTargetNotFound }), '404'),
  ],
  // The last file name does not change what the form can do next.
  key: ({ lastFile: _lastFile, ...rest }) => rest,
})
