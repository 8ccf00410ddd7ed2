import { MSG } from '../src/contract/messages.ts'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../src/contract/messages/warehouseAnswers.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { dimensionsMachine, dimensionsValid } from './floorDimensions.ts'

const limit = WAREHOUSE.dimensions.confirmWeightKg

export const dimensionsSamples = defineSamples(dimensionsMachine, {
  inputs: {
    'RE100000001 as measured': { parcelId: 1, values: { weight: '1.2', length: '30', height: '20', width: '10' } },
    'nothing measured yet': { parcelId: 1, values: { weight: '', length: '', height: '', width: '' } },
  },
  events: [
    named('weight 40,5', { type: 'SET', field: 'weight', value: '40,5' }),
    named('weight abc', { type: 'SET', field: 'weight', value: 'abc' }),
    { type: 'CLEAR' },
    { type: 'SAVE' },
    { type: 'CONFIRM' },
    { type: 'DECLINE' },
    { type: 'CANCEL' },
    doneActor('checkDimensions', { message: WAREHOUSE_ANSWER.dimensionsOk, messages: [] }, '200'),
    errorActor('checkDimensions', httpError(406, { message: WAREHOUSE_ANSWER.confirmHeavy(40.5, limit), messages: [WAREHOUSE_ANSWER.confirmHeavy(40.5, limit)] }), '406 heavy'),
    errorActor('checkDimensions', httpError(422, { message: WAREHOUSE_MSG.dimensionsInvalid, errors: { weight: ['Za duża waga'] } }), '422'),
    errorActor('checkDimensions', httpError(500, { message: MSG.serverError }), '500'),
    doneActor('saveDimensions', { id: 1, weight: 40.5, weight_value: 40.5, volumetric_weight: 1.2, height: 20, width: 10, length: 30 }, 'saved'),
    errorActor('saveDimensions', httpError(422, { message: WAREHOUSE_MSG.dimensionsInvalid }), '422'),
    errorActor('saveDimensions', httpError(0, { message: 'Brak połączenia z serwerem' }), 'offline'),
  ],
  key: (c) => ({ valid: dimensionsValid(c.values), confirm: c.confirmText, saved: c.saved !== null }),
})
