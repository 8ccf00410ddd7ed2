import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type ClientCardContext, billingErrors, clientCardMachine } from '../../machines/clientCard.ts'
import { clientCardSamples } from '../../machines/clientCard.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ClientCardContext | undefined

/** The billing modal orders only with both dates, the end not before the start. */
describeModel(clientCardMachine, clientCardSamples, {
  check: ({ event, snapshot, prev, effects }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    switch (event.type) {
      case 'ORDER_BILLING': {
        const valid = Object.keys(billingErrors(before!)).length === 0
        expect(snapshot.hasTag('billingOpen')).toBe(!valid)
        if (valid) expect(effects).toEqual(['ordered'])
        else {
          expect(effects).toEqual([])
          expect(c.billingSubmitted).toBe(true)
        }
        break
      }
      case 'OPEN_BILLING':
        expect(c.billing).toEqual({ start: '', end: '', re_account: false })
        expect(Object.keys(billingErrors(c)).sort()).toEqual(['end', 'start'])
        break
      case 'xstate.error.actor.loadHeader':
        expect(snapshot.hasTag('problem')).toBe(true)
        break
      case 'xstate.done.actor.loadHeader':
        expect(c.header).not.toBeNull()
        break
    }
  },
})
