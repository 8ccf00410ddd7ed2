import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { PublicHistoryReply } from '../../src/contract/schemas/tracking.ts'
import { TRACKING_MSG, type TrackingContext, type TrackingEvent, connectTracking, normalizeNumber, trackingMachine } from '../../machines/tracking.ts'
import { emptyHistory, trackedHistory, trackingSamples } from '../../machines/tracking.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: { context: unknown } | undefined) => s?.context as TrackingContext | undefined

describeModel(trackingMachine, trackingSamples, {
  check: ({ path, event, snapshot, prev, invoked }) => {
    // The connect function shows by tags: searching, the history when found, the message otherwise.
    const api = connectTracking(snapshot as Parameters<typeof connectTracking>[0], () => {})
    expect(api.isSearching).toBe(snapshot.matches('searching') || snapshot.matches('starting'))
    expect(api.history !== null).toBe(snapshot.matches('found'))
    expect(api.message !== null).toBe(snapshot.matches('notFound') || snapshot.matches('empty'))
    expect(api.isEmpty).toBe(snapshot.matches('empty'))
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // What each result state shows.
    if (snapshot.matches('found')) expect(c.history!.parcels.some((p) => p.history.length > 0)).toBe(true)
    if (snapshot.matches('empty')) expect(c.error).toBe(TRACKING_MSG.empty)
    if (snapshot.matches('notFound')) expect(c.history).toBeNull()
    if (snapshot.matches('searching')) expect(c.searched).not.toBe('')

    switch (event.type) {
      case 'xstate.init': {
        const number = (path.input as { number?: string }).number
        if (number) {
          expect(snapshot.value).toBe('searching')
          expect(invoked).toEqual([{ id: 'fetchHistory', src: 'fetchHistory', input: { internalNumber: number } }])
        } else {
          expect(snapshot.value).toBe('idle')
          expect(invoked).toEqual([])
        }
        break
      }
      case 'TYPE': {
        const e = event as Extract<TrackingEvent, { type: 'TYPE' }>
        // Typing changes only the field: the answer on screen stays.
        expect(snapshot.value).toEqual(prev!.value)
        expect(c.number).toBe(e.number)
        expect(c.required).toBe(false)
        expect(c.history).toEqual(before!.history)
        break
      }
      case 'SEARCH': {
        const e = event as Extract<TrackingEvent, { type: 'SEARCH' }>
        const number = normalizeNumber(e.number ?? before!.number)
        if (number === '') {
          // The number is required: nothing is searched.
          expect(snapshot.value).toEqual(prev!.value)
          expect(c.required).toBe(true)
          expect(invoked).toEqual([])
        } else {
          expect(snapshot.value).toBe('searching')
          expect(c).toMatchObject({ number, searched: number, history: null, error: null, required: false })
          expect(invoked).toEqual([{ id: 'fetchHistory', src: 'fetchHistory', input: { internalNumber: number } }])
        }
        break
      }
      case 'xstate.done.actor.fetchHistory': {
        const out = (event as unknown as { output: PublicHistoryReply }).output
        const statuses = out.history.parcels.reduce((n, p) => n + p.history.length, 0)
        expect(snapshot.value).toBe(statuses > 0 ? 'found' : 'empty')
        expect(c.history).toEqual(out.history)
        expect(c.error).toBe(statuses > 0 ? null : TRACKING_MSG.empty)
        break
      }
      case 'xstate.error.actor.fetchHistory': {
        const err = (event as unknown as { error: { status: number; message: string } }).error
        expect(snapshot.value).toBe('notFound')
        expect(c.error).toBe(err.status === 404 ? TRACKING_MSG.notFound : err.message)
        break
      }
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

describe('tracking machine, by hand', () => {
  it('a new search drops the answer of the previous one', async () => {
    const answers: Record<string, (h: PublicHistoryReply) => void> = {}
    const actor = createActor(
      trackingMachine.provide({
        actors: { fetchHistory: fromPromise<PublicHistoryReply, { internalNumber: string }>(({ input }) => new Promise((r) => (answers[input.internalNumber] = r))) },
      }),
      { input: {} },
    ).start()
    actor.send({ type: 'SEARCH', number: 'RE100000009' })
    actor.send({ type: 'SEARCH', number: 'RE100000007' })
    expect(Object.keys(answers).sort()).toEqual(['RE100000007', 'RE100000009'])
    answers.RE100000009!(emptyHistory)
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().value).toBe('searching')
    answers.RE100000007!(trackedHistory)
    await waitFor(actor, (s) => s.matches('found'))
    expect(actor.getSnapshot().context.searched).toBe('RE100000007')
    expect(actor.getSnapshot().context.history).toEqual(trackedHistory.history)
  })
})
