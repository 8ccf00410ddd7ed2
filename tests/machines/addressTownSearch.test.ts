import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SEARCH_DELAY_MS } from '../../src/contract/constants/ui.ts'
import type { Town } from '../../src/contract/schemas/address.ts'
import { type TownSearchInput, connectTownSearch, townSearchMachine } from '../../machines/addressTownSearch.ts'

const IASI: Town = { name: 'Iași', voivodeship: 'Iași', municipality: 'Iași', postal_code: '700001' }
const BRASOV: Town = { name: 'Brașov', voivodeship: 'Brașov', municipality: 'Brașov', postal_code: '500001' }
const DELAY = SEARCH_DELAY_MS

/** A fake search: every call is recorded and answered by the test. */
function fakeSearch() {
  const calls: Array<{ input: TownSearchInput; resolve: (t: readonly Town[]) => void; reject: (e: unknown) => void }> = []
  const actor = fromPromise<readonly Town[], TownSearchInput>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
  )
  return { calls, actor }
}

function start() {
  const search = fakeSearch()
  const actor = createActor(townSearchMachine.provide({ actors: { searchTowns: search.actor } }))
  actor.start()
  const state = () => actor.getSnapshot()
  return { actor, search, state }
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms)

describe('townSearch machine', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('stays idle below 3 characters and never searches', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: 'Ia' })
    await tick(DELAY * 4)
    expect(state().value).toBe('idle')
    expect(state().context.text).toBe('Ia')
    actor.send({ type: 'TYPE', text: '  Ia  ' })
    await tick(DELAY * 4)
    expect(state().value).toBe('idle')
    expect(search.calls).toHaveLength(0)
  })

  it('searches the trimmed text after the delay and shows the towns', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: ' Iasi ' })
    expect(state().value).toBe('debouncing')
    await tick(DELAY - 1)
    expect(search.calls).toHaveLength(0)
    await tick(1)
    expect(state().value).toBe('searching')
    expect(search.calls.map((c) => c.input)).toEqual([{ searchText: 'Iasi' }])
    search.calls[0]!.resolve([IASI])
    await tick()
    expect(state().value).toBe('results')
    expect(state().context.towns).toEqual([IASI])
    expect(state().context.searched).toBe('Iasi')
  })

  it('restarts the delay on every keystroke: one search for the last text', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: 'Ias' })
    await tick(DELAY - 50)
    actor.send({ type: 'TYPE', text: 'Iasi' })
    await tick(DELAY - 50)
    expect(state().value).toBe('debouncing')
    expect(search.calls).toHaveLength(0)
    await tick(50)
    expect(search.calls.map((c) => c.input.searchText)).toEqual(['Iasi'])
  })

  it('an empty answer is the town-not-found state', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: 'Xyzzy' })
    await tick(DELAY)
    search.calls[0]!.resolve([])
    await tick()
    expect(state().value).toBe('empty')
    expect(state().context.towns).toEqual([])
  })

  it('ignores a stale answer to an older text', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: 'Iasi' })
    await tick(DELAY)
    expect(state().value).toBe('searching')
    actor.send({ type: 'TYPE', text: 'Brasov' })
    expect(state().value).toBe('debouncing')
    search.calls[0]!.resolve([IASI]) // the old answer arrives late
    await tick()
    expect(state().value).toBe('debouncing')
    expect(state().context.towns).toEqual([])
    await tick(DELAY)
    expect(search.calls.map((c) => c.input.searchText)).toEqual(['Iasi', 'Brasov'])
    search.calls[1]!.resolve([BRASOV])
    await tick()
    expect(state().value).toBe('results')
    expect(state().context.towns).toEqual([BRASOV])
  })

  it('shows an error and retries the same text', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: 'Iasi' })
    await tick(DELAY)
    search.calls[0]!.reject(new Error('Brak połączenia z serwerem'))
    await tick()
    expect(state().value).toBe('error')
    expect(state().context.error).toBe('Brak połączenia z serwerem')
    actor.send({ type: 'RETRY' })
    expect(state().value).toBe('searching')
    expect(search.calls[1]!.input).toEqual({ searchText: 'Iasi' })
    search.calls[1]!.resolve([IASI])
    await tick()
    expect(state().value).toBe('results')
    expect(state().context.error).toBeNull()
  })

  it('going below 3 characters clears the list; the same text again does not search again', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: 'Iasi' })
    await tick(DELAY)
    search.calls[0]!.resolve([IASI])
    await tick()
    actor.send({ type: 'TYPE', text: 'Iasi ' })
    await tick(DELAY * 2)
    expect(state().value).toBe('results')
    expect(search.calls).toHaveLength(1)
    actor.send({ type: 'TYPE', text: 'Ia' })
    expect(state().value).toBe('idle')
    expect(state().context.towns).toEqual([])
    actor.send({ type: 'TYPE', text: 'Iasi' })
    await tick(DELAY)
    expect(search.calls).toHaveLength(2)
  })

  it('CLEAR empties the field and the list from any state', async () => {
    const { actor, search, state } = start()
    actor.send({ type: 'TYPE', text: 'Iasi' })
    await tick(DELAY)
    search.calls[0]!.resolve([IASI])
    await tick()
    actor.send({ type: 'CLEAR' })
    expect(state().value).toBe('idle')
    expect(state().context).toMatchObject({ text: '', towns: [], searched: '', error: null })
  })

  it('without a provided search the machine reports an error rather than hanging', async () => {
    const actor = createActor(townSearchMachine).start()
    actor.send({ type: 'TYPE', text: 'Iasi' })
    await tick(DELAY)
    await tick()
    expect(actor.getSnapshot().value).toBe('error')
  })
})

describe('connectTownSearch', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('says what to show by tags: searching, towns, not found, a failure with retry', async () => {
    const { actor, search, state } = start()
    const api = () => connectTownSearch(state(), actor.send)
    api().type('Ia')
    expect(api()).toMatchObject({ text: 'Ia', tooShort: true, isSearching: false, notFound: false, error: null })
    api().type('Iaș')
    expect(api()).toMatchObject({ tooShort: false, isSearching: true })
    await tick(DELAY)
    search.calls[0]!.resolve([IASI])
    await tick()
    expect(api()).toMatchObject({ isSearching: false, towns: [IASI], notFound: false })
    api().type('Braș')
    await tick(DELAY)
    search.calls[1]!.resolve([])
    await tick()
    expect(api()).toMatchObject({ notFound: true, towns: [] })
    api().type('Brașo')
    await tick(DELAY)
    search.calls[2]!.reject(new Error('Brak połączenia z serwerem'))
    await tick()
    expect(api().error).toBe('Brak połączenia z serwerem')
    api().retry()
    expect(api()).toMatchObject({ isSearching: true, error: null })
    search.calls[3]!.resolve([BRASOV])
    await tick()
    expect(api().towns).toEqual([BRASOV])
    api().clear()
    expect(api()).toMatchObject({ text: '', towns: [], isSearching: false })
  })
})
