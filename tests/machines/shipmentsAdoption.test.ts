import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SHIPMENT } from '../../src/contract/constants/shipments.ts'
import { SHIPMENT_MSG } from '../../src/contract/messages/shipments.ts'
import { type AdoptionContext, type AdoptionEvent, type AdoptionInput, adoptionMachine, adoptionRequest, connectAdoption } from '../../machines/shipmentsAdoption.ts'
import { adoptionSamples } from '../../machines/shipmentsAdoption.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: { context: unknown } | undefined) => s?.context as AdoptionContext | undefined

describeModel(adoptionMachine, adoptionSamples, {
  check: ({ path, event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const input = path.input as AdoptionInput
    // Only an unprocessable parcel has the return flag.
    if (input.kind === 'buffer') expect(c.isReturn).toBe(false)
    // The connect function's flags follow the tags.
    const api = connectAdoption(snapshot as Parameters<typeof connectAdoption>[0], () => {})
    expect(api.isEditable).toBe(snapshot.matches('editing'))
    expect(api.isBusy).toBe(snapshot.matches('submitting'))
    expect(api.isAdopted).toBe(snapshot.matches('redirecting') || snapshot.matches('done'))
    expect(api.canSubmit).toBe(snapshot.matches('editing') && c.client !== null)
    expect(api.asksReturn).toBe(input.kind === 'unprocessable')
    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('editing')
        expect(c).toMatchObject({ parcelId: input.parcelId, kind: input.kind, client: null, isEmag: false, isReturn: false })
        break
      case 'CHOOSE_CLIENT':
        expect(c.client).toEqual((event as Extract<AdoptionEvent, { type: 'CHOOSE_CLIENT' }>).client)
        break
      case 'SET_EMAG':
        expect(c.isEmag).toBe(true)
        break
      case 'SET_RETURN':
        expect(c.isReturn).toBe(input.kind === 'unprocessable')
        break
      case 'SUBMIT':
        if (before!.client) {
          expect(snapshot.value).toBe('submitting')
          expect(invoked).toEqual([{ id: 'adopt', src: 'adopt', input: adoptionRequest(before!) }])
          expect(invoked[0]!.input).toMatchObject({ id_parcel: input.parcelId, id_client: before!.client.id, return: input.kind === 'buffer' ? null : before!.isReturn })
        } else {
          expect(snapshot.value).toBe('editing')
          expect(invoked).toEqual([])
        }
        break
      case 'xstate.done.actor.adopt':
        expect(snapshot.value).toBe('redirecting')
        expect(effects).toEqual(['notifyAdopted'])
        expect(c.internalWaybill).toBe('RE100000201')
        break
      case 'xstate.error.actor.adopt':
        expect(snapshot.value).toBe('editing')
        expect(c.error).toBe(SHIPMENT_MSG.adoptFailed)
        expect(effects).toEqual(['notifyFailed'])
        break
      case 'xstate.after.redirect.adoption.redirecting':
        // The shipment page opens after the delay.
        expect(snapshot.value).toBe('done')
        expect(effects).toEqual(['openShipment'])
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

describe('adoption, by the clock', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('opens the shipment page exactly 7 s after the success', async () => {
    const opened: string[] = []
    const actor = createActor(
      adoptionMachine.provide({
        actors: { adopt: fromPromise(async () => ({ message: SHIPMENT_MSG.adoptedUnprocessable as string, internal_waybill: 'RE100000300' })) },
        actions: { openShipment: ({ context }) => void opened.push(context.internalWaybill!) },
      }),
      { input: { parcelId: 5, kind: 'unprocessable' } },
    ).start()
    actor.send({ type: 'CHOOSE_CLIENT', client: { id: 1, name: 'Demo Shop SRL' } })
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('redirecting')
    await vi.advanceTimersByTimeAsync(SHIPMENT.adoptionRedirectMs - 1)
    expect(opened).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(opened).toEqual(['RE100000300'])
    expect(actor.getSnapshot().status).toBe('done')
  })
})
