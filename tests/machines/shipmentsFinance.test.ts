import { expect } from 'vitest'
import { connectShipmentFinance, shipmentFinanceMachine } from '../../machines/shipmentsFinance.ts'
import { chargedFinance, shipmentFinanceSamples } from '../../machines/shipmentsFinance.samples.ts'
import { describeModel } from './model.ts'

/** The finance tab: 'Brak naliczeń!' exactly when no charge came back; the charge with its breakdown otherwise. */
describeModel(shipmentFinanceMachine, shipmentFinanceSamples, {
  check: ({ event, snapshot, invoked }) => {
    const p = connectShipmentFinance(snapshot as Parameters<typeof connectShipmentFinance>[0], () => {})
    expect(p.loading).toBe(snapshot.matches('loading'))
    expect(p.problem !== null).toBe(snapshot.matches('failed'))
    if (event.type === 'RELOAD' || event.type === 'RETRY' || event.type === 'xstate.init') expect(invoked.map((i) => i.src)).toEqual(['loadFinance'])
    if (event.type === 'xstate.done.actor.loadFinance') {
      if (p.main) {
        expect(p.empty).toBe(false)
        expect(p.main).toEqual(chargedFinance.amounts.main)
        expect(p.main.lines.map((l) => l.kind)).toEqual(['base', 'multi_pack', 'cod'])
      } else expect(p.empty).toBe(true)
    }
    if (event.type === 'xstate.error.actor.loadFinance') expect(p.problem).toBe('Taka przesylka nie istnieje')
  },
})
