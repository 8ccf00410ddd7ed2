import { describe, expect, it } from 'vitest'
import { PRICES_MSG } from '../../src/contract/messages/prices.ts'
import { addThreshold, clonedValues, listRequest, newListValues, priceListFormMachine, removeThreshold, validateList } from '../../machines/pricesListForm.ts'
import { defaultRomania, priceListFormSamples } from '../../machines/pricesListForm.samples.ts'
import { describeModel } from './model.ts'

/** The workflow around the record form: clone only for a client list, deactivation confirmed first, then left. */
describeModel(priceListFormMachine, priceListFormSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const client = snapshot.context.idClient !== null
    if (event.type === 'xstate.init') expect(invoked.map((i) => i.src)).toContain('form')
    if (event.type === 'CLONE' && prev?.matches('idle')) expect(snapshot.matches('cloning')).toBe(client)
    if (event.type === 'DEACTIVATE' && prev?.matches('idle')) expect(snapshot.matches('confirmingDeactivate')).toBe(client && snapshot.context.id !== null)
    if (event.type === 'xstate.done.actor.loadDefault') {
      const found = 'output' in event && event.output !== null
      expect(effects).toContain(found ? 'cloned' : 'noDefault')
    }
    if (event.type === 'xstate.done.actor.deactivate') {
      expect(effects).toContain('left')
      expect(snapshot.hasTag('done')).toBe(true)
    }
    if (event.type === 'xstate.error.actor.deactivate') {
      expect(effects).toContain('failed')
      expect(snapshot.context.failure).toBe(PRICES_MSG.notActive)
    }
  },
})

describe('price-list form values', () => {
  it('a new list: country 1, PLN, RON, thresholds 3/5/15/20/30 at 0.00', () => {
    const v = newListValues('income', null)
    expect(v).toMatchObject({ id_country: 1, currency: 'PLN', specific_factors_currency: 'RON' })
    expect(v.weight_thresholds).toEqual([3, 5, 15, 20, 30].map((kg) => ({ limiting_threshold: String(kg), base_amount: '0.00' })))
  })
  it('thresholds are added after the last and removed by index', () => {
    const rows = newListValues('income', null).weight_thresholds as { limiting_threshold: string; base_amount: string }[]
    expect(addThreshold(rows).at(-1)).toEqual({ limiting_threshold: '35', base_amount: '0.00' })
    expect(removeThreshold(rows, 0).map((r) => r.limiting_threshold)).toEqual(['5', '15', '20', '30'])
  })
  it('validation names the field: name required, falling thresholds, percent minimum above maximum, amounts out of range', () => {
    const v = { ...newListValues('income', null), begin_date: '2026-12-01' }
    expect(Object.keys(validateList(v))).toContain('name')
    const bad = {
      ...v,
      name: 'X',
      cod_account_factor_type: 'percent',
      cod_account_factor: '1.5',
      cod_account_factor_minimal: '10',
      cod_account_factor_maximal: '5',
      insurance_account_factor: '100000.01',
      weight_thresholds: [{ limiting_threshold: '5', base_amount: '1' }, { limiting_threshold: '5', base_amount: '2' }],
    }
    // Field checks first; the checks across fields once every field decodes.
    expect(validateList(bad).insurance_account_factor).toEqual([PRICES_MSG.amountRange])
    const e = validateList({ ...bad, insurance_account_factor: '100000' })
    expect(e.cod_account_factor_maximal).toEqual([PRICES_MSG.minAboveMax])
    expect(e['weight_thresholds.1.limiting_threshold']).toEqual([PRICES_MSG.thresholdsRising])
    expect(listRequest(bad).cod_account_factor).toBe(1.5)
  })
  it('a clone keeps the name, start date, client and association; takes the rest from the default', () => {
    const cur = { ...newListValues('income', 1), name: 'Mój', begin_date: '2026-12-01' }
    const c = clonedValues(defaultRomania, cur)
    expect(c).toMatchObject({ name: 'Mój', begin_date: '2026-12-01', id_client: 1, cod_account_factor_type: 'percent', cod_account_factor: '1.50' })
  })
})
