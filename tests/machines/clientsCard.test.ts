import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type ClientCardContext, billingErrors, clientCardMachine, lastMonthOf } from '../../machines/clientsCard.ts'
import { clientCardSamples } from '../../machines/clientsCard.samples.ts'
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
        // a new order charges anew by default (re_account on)
        expect(c.billing).toEqual({ start: '', end: '', re_account: true })
        expect(Object.keys(billingErrors(c)).sort()).toEqual(['end', 'start'])
        break
      case 'PRESET_LAST_MONTH':
        expect({ start: c.billing.start, end: c.billing.end }).toEqual(lastMonthOf(event.today))
        expect(Object.keys(billingErrors(c))).toEqual([])
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

describe('lastMonthOf', () => {
  it('the whole calendar month before, across a year and a leap February', () => {
    expect(lastMonthOf('2026-11-26')).toEqual({ start: '2026-10-01', end: '2026-10-31' })
    expect(lastMonthOf('2026-01-05')).toEqual({ start: '2025-12-01', end: '2025-12-31' })
    expect(lastMonthOf('2028-03-31')).toEqual({ start: '2028-02-01', end: '2028-02-29' })
  })
})
