import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  type ServerTableEvent,
  type ServerTableInput,
  type ServerTablePage,
  type ServerTableRequest,
  connectTable,
  pagerItems,
  serverTableMachine,
  serverTableSamples,
} from '../../machines/serverTable.ts'

/** A fake server of `total` rows {id} that answers when the test says so. */
function fakeServer(total = 60) {
  const calls: Array<{ req: ServerTableRequest; resolve: (p?: ServerTablePage) => void; reject: (e: unknown) => void }> = []
  const pageFor = (req: ServerTableRequest): ServerTablePage => {
    let ids = Array.from({ length: total }, (_, i) => i + 1)
    if (req.search) ids = ids.filter((id) => String(id).includes(req.search))
    if (req.filters.even) ids = ids.filter((id) => id % 2 === 0)
    if (req.order[0]?.dir === 'desc') ids.reverse()
    return { data: ids.slice(req.start, req.start + req.length).map((id) => ({ id })), recordsTotal: total, recordsFiltered: ids.length }
  }
  const fetchPage = fromPromise<ServerTablePage, ServerTableRequest>(
    ({ input }) =>
      new Promise<ServerTablePage>((resolve, reject) => {
        calls.push({ req: input, resolve: (p) => resolve(p ?? pageFor(input)), reject })
      }),
  )
  return { calls, fetchPage, pageFor, last: () => calls[calls.length - 1]! }
}

function start(input: Partial<ServerTableInput> = {}, total = 60) {
  const server = fakeServer(total)
  const actor = createActor(serverTableMachine.provide({ actors: { fetchPage: server.fetchPage } }), {
    input: { pageLength: 25, searchDelay: 250, ...input },
  })
  actor.start()
  return { actor, server, snap: () => actor.getSnapshot() }
}

const settle = () => vi.advanceTimersByTimeAsync(0)
const ids = (rows: readonly unknown[]) => rows.map((r) => (r as { id: number }).id)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('serverTable machine', () => {
  it('loads the first page at once and shows it', async () => {
    const { server, snap } = start()
    expect(snap().value).toBe('loading')
    expect(server.calls).toHaveLength(1)
    expect(server.last().req).toMatchObject({ start: 0, length: 25, search: '', order: [], filters: {}, draw: 1 })
    server.last().resolve()
    await settle()
    expect(snap().value).toBe('loaded')
    expect(snap().context.rows).toHaveLength(25)
    expect(snap().context.recordsTotal).toBe(60)
    expect(snap().context.recordsFiltered).toBe(60)
  })

  it('waits in idle when autoLoad is off, until an event asks', async () => {
    const { actor, server, snap } = start({ autoLoad: false })
    expect(snap().value).toBe('idle')
    expect(server.calls).toHaveLength(0)
    actor.send({ type: 'RELOAD' })
    expect(snap().value).toBe('loading')
    expect(server.calls).toHaveLength(1)
  })

  it('pages: PAGE asks for the right offset; pages outside the range are refused', async () => {
    const { actor, server, snap } = start()
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE', page: 2 })
    expect(snap().value).toBe('loading')
    expect(server.last().req).toMatchObject({ start: 50, length: 25 })
    server.last().resolve()
    await settle()
    expect(ids(snap().context.rows)).toEqual(Array.from({ length: 10 }, (_, i) => 51 + i))
    expect(snap().context.pageIndex).toBe(2)

    const before = server.calls.length
    actor.send({ type: 'PAGE', page: 3 }) // only 3 pages of 25 in 60 rows
    actor.send({ type: 'PAGE', page: -1 })
    actor.send({ type: 'PAGE', page: 2 }) // the page shown
    expect(server.calls.length).toBe(before)
    expect(snap().value).toBe('loaded')
    expect(snap().can({ type: 'PAGE', page: 1 })).toBe(true)
    expect(snap().can({ type: 'PAGE', page: 3 })).toBe(false)
  })

  it('changing the page length goes back to the first page', async () => {
    const { actor, server, snap } = start()
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE', page: 1 })
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE_LENGTH', length: 500 })
    expect(server.last().req).toMatchObject({ start: 0, length: 500 })
    server.last().resolve()
    await settle()
    expect(snap().context.rows).toHaveLength(60)
    expect(snap().context.pageIndex).toBe(0)
  })

  it('sorts: SORT sends the order and starts again from the first page; the same order does nothing', async () => {
    const { actor, server, snap } = start({ order: [{ column: 0, dir: 'asc' }] })
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE', page: 1 })
    server.last().resolve()
    await settle()
    actor.send({ type: 'SORT', order: [{ column: 0, dir: 'desc' }] })
    expect(server.last().req).toMatchObject({ start: 0, order: [{ column: 0, dir: 'desc' }] })
    server.last().resolve()
    await settle()
    expect(ids(snap().context.rows).slice(0, 3)).toEqual([60, 59, 58])
    const before = server.calls.length
    actor.send({ type: 'SORT', order: [{ column: 0, dir: 'desc' }] })
    expect(server.calls.length).toBe(before)
  })

  it('debounces search: keystrokes within the delay make one request with the last text', async () => {
    const { actor, server, snap } = start()
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE', page: 1 })
    server.last().resolve()
    await settle()
    const before = server.calls.length
    actor.send({ type: 'SEARCH', text: '1' })
    await vi.advanceTimersByTimeAsync(200)
    actor.send({ type: 'SEARCH', text: '12' })
    await vi.advanceTimersByTimeAsync(200)
    expect(server.calls.length).toBe(before)
    expect(snap().context.searchInput).toBe('12')
    expect(snap().context.search).toBe('')
    await vi.advanceTimersByTimeAsync(60)
    expect(server.calls.length).toBe(before + 1)
    expect(server.last().req).toMatchObject({ search: '12', start: 0 })
    server.last().resolve()
    await settle()
    expect(ids(snap().context.rows)).toEqual([12])
    expect(snap().context.recordsFiltered).toBe(1)
  })

  it('search that ends where it began makes no request; Enter (immediate) skips the delay', async () => {
    const { actor, server } = start()
    server.last().resolve()
    await settle()
    const before = server.calls.length
    actor.send({ type: 'SEARCH', text: '5' })
    actor.send({ type: 'SEARCH', text: '' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(server.calls.length).toBe(before)
    actor.send({ type: 'SEARCH', text: '7', immediate: true })
    expect(server.calls.length).toBe(before + 1)
    expect(server.last().req.search).toBe('7')
    await vi.advanceTimersByTimeAsync(1000)
    expect(server.calls.length).toBe(before + 1)
  })

  it('ignores a stale answer: a slower older request cannot overwrite the newer page', async () => {
    const { actor, server, snap } = start()
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE', page: 1 })
    const older = server.last()
    actor.send({ type: 'PAGE', page: 2 })
    const newer = server.last()
    expect(newer).not.toBe(older)
    expect(snap().context.draw).toBe(3)
    newer.resolve()
    await settle()
    expect(snap().value).toBe('loaded')
    expect(ids(snap().context.rows)[0]).toBe(51)
    older.resolve()
    await settle()
    expect(ids(snap().context.rows)[0]).toBe(51)
    expect(snap().context.pageIndex).toBe(2)
  })

  it('ignores a stale answer that arrives while the newer one is still pending', async () => {
    const { actor, server, snap } = start()
    const first = server.last()
    actor.send({ type: 'SEARCH', text: '3', immediate: true })
    first.resolve() // answer for the unfiltered table arrives first
    await settle()
    expect(snap().value).toBe('loading')
    expect(snap().context.rows).toHaveLength(0)
    server.last().resolve()
    await settle()
    expect(ids(snap().context.rows)).toEqual([3, 13, 23, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 43, 53])
  })

  it('filters: FILTER sets keys and refetches from page 0; RESET_FILTERS restores the initial filters and clears search', async () => {
    const { actor, server, snap } = start({ filters: { even: false, kind: 'a' } })
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE', page: 1 })
    server.last().resolve()
    await settle()
    actor.send({ type: 'FILTER', filters: { even: true } })
    expect(server.last().req).toMatchObject({ start: 0, filters: { even: true, kind: 'a' } })
    server.last().resolve()
    await settle()
    expect(snap().context.recordsFiltered).toBe(30)
    const before = server.calls.length
    actor.send({ type: 'FILTER', filters: { even: true } })
    expect(server.calls.length).toBe(before)
    actor.send({ type: 'SEARCH', text: '2', immediate: true })
    server.last().resolve()
    await settle()
    actor.send({ type: 'RESET_FILTERS' })
    expect(server.last().req).toMatchObject({ start: 0, search: '', filters: { even: false, kind: 'a' } })
    server.last().resolve()
    await settle()
    expect(snap().context.searchInput).toBe('')
    expect(snap().context.recordsFiltered).toBe(60)
    expect(snap().can({ type: 'RESET_FILTERS' })).toBe(false)
  })

  it('RESET_FILTERS cancels a pending search', async () => {
    const { actor, server, snap } = start()
    server.last().resolve()
    await settle()
    actor.send({ type: 'FILTER', filters: { even: true } })
    server.last().resolve()
    await settle()
    actor.send({ type: 'SEARCH', text: '4' })
    actor.send({ type: 'RESET_FILTERS' })
    server.last().resolve()
    await settle()
    const before = server.calls.length
    await vi.advanceTimersByTimeAsync(1000)
    expect(server.calls.length).toBe(before)
    expect(snap().context.search).toBe('')
  })

  it('error then reload: the error is kept until RELOAD succeeds', async () => {
    const { actor, server, snap } = start()
    server.last().reject(new Error('Brak połączenia z serwerem'))
    await settle()
    expect(snap().value).toBe('error')
    expect(snap().context.error).toBe('Brak połączenia z serwerem')
    actor.send({ type: 'RELOAD' })
    expect(snap().value).toBe('loading')
    expect(snap().context.error).toBeNull()
    expect(server.last().req).toMatchObject({ start: 0, length: 25, draw: 2 })
    server.last().resolve()
    await settle()
    expect(snap().value).toBe('loaded')
    expect(snap().context.rows).toHaveLength(25)
  })

  it('RELOAD keeps the parameters; a page that no longer exists falls back to the last page', async () => {
    const { actor, server, snap } = start()
    server.last().resolve()
    await settle()
    actor.send({ type: 'PAGE', page: 2 })
    server.last().resolve()
    await settle()
    // Rows were removed meanwhile: the server now has 40 rows, page 3 (index 2) is empty.
    actor.send({ type: 'RELOAD' })
    expect(server.last().req).toMatchObject({ start: 50 })
    server.last().resolve({ data: [], recordsTotal: 40, recordsFiltered: 40 })
    await settle()
    expect(snap().value).toBe('loading')
    expect(server.last().req).toMatchObject({ start: 25 })
    server.last().resolve({ data: Array.from({ length: 15 }, (_, i) => ({ id: 26 + i })), recordsTotal: 40, recordsFiltered: 40 })
    await settle()
    expect(snap().value).toBe('loaded')
    expect(snap().context.pageIndex).toBe(1)
  })

  it('selection survives paging and is cleared by a new search', async () => {
    const { actor, server, snap } = start()
    server.last().resolve()
    await settle()
    actor.send({ type: 'SELECT', selection: { '1': true, '2': true } })
    actor.send({ type: 'PAGE', page: 1 })
    server.last().resolve()
    await settle()
    expect(snap().context.selection).toEqual({ '1': true, '2': true })
    actor.send({ type: 'SEARCH', text: '1', immediate: true })
    expect(snap().context.selection).toEqual({})
    actor.send({ type: 'SELECT', selection: { '5': true } })
    actor.send({ type: 'CLEAR_SELECTION' })
    expect(snap().context.selection).toEqual({})
  })

  it('the sample events are all events the machine knows', () => {
    const actor = createActor(serverTableMachine, { input: serverTableSamples.input })
    const known = new Set(Object.keys(serverTableMachine.config.on ?? {}))
    for (const e of serverTableSamples.events) expect(known.has(e.type)).toBe(true)
    expect(serverTableSamples.page.data).toHaveLength(25)
    expect(actor.getSnapshot().context.pageLength).toBe(25)
  })
})

describe('pagerItems', () => {
  it.each([
    [0, 1, [0]],
    [2, 5, [0, 1, 2, 3, 4]],
    [0, 7, [0, 1, 2, 3, 4, 5, 6]],
    [0, 20, [0, 1, 2, 3, 4, null, 19]],
    [3, 20, [0, 1, 2, 3, 4, null, 19]],
    [4, 20, [0, null, 3, 4, 5, null, 19]],
    [10, 20, [0, null, 9, 10, 11, null, 19]],
    [16, 20, [0, null, 15, 16, 17, 18, 19]],
    [19, 20, [0, null, 15, 16, 17, 18, 19]],
  ])('page %i of %i', (page, count, expected) => {
    expect(pagerItems(page, count)).toEqual(expected)
  })
})

describe('connectTable', () => {
  it('gives the rows, the pager and flags from tags, and sends the events of the table', async () => {
    const { actor, server, snap } = start()
    const sent: ServerTableEvent[] = []
    const send = (e: ServerTableEvent) => {
      sent.push(e)
      actor.send(e)
    }
    let api = connectTable(snap(), send)
    expect(api.isBusy).toBe(true)
    expect(api.isEmpty).toBe(false)
    server.last().resolve()
    await settle()
    api = connectTable(snap(), send)
    expect(api.isBusy).toBe(false)
    expect(ids(api.rows)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    expect(api.pageCount).toBe(3)
    expect(api.pager).toEqual([0, 1, 2])
    expect(api.info).toEqual({ from: 1, to: 25, filtered: 60, total: 60 })
    expect(api.canPrevious).toBe(false)
    expect(api.canNext).toBe(true)
    expect(api.sortProps(1)).toMatchObject({ sorted: false, ariaSort: 'none' })

    api.setPage(2)
    expect(connectTable(snap(), send).isBusy).toBe(true)
    server.last().resolve()
    await settle()
    api = connectTable(snap(), send)
    expect(api.info).toEqual({ from: 51, to: 60, filtered: 60, total: 60 })
    expect(api.canNext).toBe(false)

    api.sortProps(1).toggle()
    expect(server.last().req.order).toEqual([{ column: 1, dir: 'asc' }])
    server.last().resolve()
    await settle()
    api = connectTable(snap(), send)
    expect(api.page).toBe(0)
    expect(api.sortProps(1)).toMatchObject({ sorted: 'asc', ariaSort: 'ascending' })
    api.sortProps(1).toggle()
    expect(server.last().req.order).toEqual([{ column: 1, dir: 'desc' }])
    server.last().resolve()
    await settle()

    api = connectTable(snap(), send)
    api.select({ '3': true })
    expect(connectTable(snap(), send).selectedIds).toEqual(['3'])
    api.searchNow('1')
    expect(server.last().req.search).toBe('1')
    expect(connectTable(snap(), send).selectedIds).toEqual([])
    server.last().resolve()
    await settle()
    api = connectTable(snap(), send)
    expect(api.searchText).toBe('1')
    expect(api.info.filtered).toBeLessThan(60)
    expect(sent.map((e) => e.type)).toEqual(['PAGE', 'SORT', 'SORT', 'SELECT', 'SEARCH'])
  })

  it('shows a failure with the error tag, and RELOAD asks again', async () => {
    const { actor, server, snap } = start()
    server.last().reject(new Error('Brak połączenia z serwerem'))
    await settle()
    const api = connectTable(snap(), actor.send)
    expect(api.isError).toBe(true)
    expect(api.error).toBe('Brak połączenia z serwerem')
    expect(api.isEmpty).toBe(false)
    api.reload()
    expect(connectTable(snap(), actor.send)).toMatchObject({ isBusy: true, isError: false, error: null })
    expect(server.calls).toHaveLength(2)
  })

  it('an empty answer is empty, not busy', async () => {
    const { server, snap, actor } = start({}, 0)
    server.last().resolve()
    await settle()
    expect(connectTable(snap(), actor.send)).toMatchObject({ isEmpty: true, isBusy: false, noMatches: false, info: { from: 0, to: 0, filtered: 0, total: 0 } })
  })
})
