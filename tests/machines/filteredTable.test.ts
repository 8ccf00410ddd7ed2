import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate'
import { type FilteredTableContext, type SampleCriteria, anyFilteredTableMachine, connectFilteredTable, filteredTableMachine } from '../../machines/filteredTable.ts'
import { filteredTableSamples } from '../../machines/filteredTable.samples.ts'
import { type ServerTablePage, type ServerTableRequest, serverTableMachine } from '../../machines/serverTable.ts'
import { describeModel } from './model.ts'

/** The real server table under the bar (its page never answers): its filters and search are checked. */
const realTable = serverTableMachine.provide({ actors: { fetchPage: fromPromise<ServerTablePage, ServerTableRequest>(() => new Promise(() => {})) } })

type Context = FilteredTableContext<SampleCriteria, { saved?: unknown }>
const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as Context | undefined
const DEFAULTS: SampleCriteria = { list: '', name: '', from: '', to: '', text: '' }
const invalid = (d: SampleCriteria) => d.from !== '' && d.to !== '' && d.from > d.to

/**
 * The filter bar: an instant field applies at once, the others wait for APPLY, which a refused
 * draft does not pass; RESET goes back to the defaults; every applied change is persisted and
 * reaches the `table` child.
 */
describeModel(anyFilteredTableMachine, filteredTableSamples, {
  fakes: { table: realTable },
  check: ({ event, snapshot, prev, effects }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const api = connectFilteredTable(snapshot as Parameters<typeof connectFilteredTable<SampleCriteria, { saved?: unknown }>>[0], () => {})
    expect(api.isEditable).toBe(true)
    expect(api.canApply).toBe(snapshot.can({ type: 'APPLY' }))
    expect(api.canReset).toBe(snapshot.can({ type: 'RESET' }))
    expect(api.draft).toBe(c.draft)
    // The view renders the running `table` child, handed over by the connect function.
    expect(api.table).toBeDefined()
    expect(api.table).toBe(snapshot.children.table)
    // The table's filters and search are always the applied criteria's.
    const table = api.table!.getSnapshot().context
    expect(table.filters).toMatchObject({ list: c.criteria.list || undefined, name: c.criteria.name.trim() || undefined })
    expect(table.filters).not.toHaveProperty('text')
    expect(table.searchInput).toBe(c.criteria.text)
    const applied = before !== undefined && JSON.stringify(before.criteria) !== JSON.stringify(c.criteria)
    if (applied) expect(effects).toContain('persist')
    else if (event.type !== 'RESET') expect(effects).not.toContain('persist')
    switch (event.type) {
      case 'xstate.init':
        // Restored criteria are cleaned: unknown keys dropped, impossible values back to the default.
        expect(Object.keys(c.criteria).sort()).toEqual(Object.keys(DEFAULTS).sort())
        expect(c.draft).toEqual(c.criteria)
        break
      case 'SET': {
        const { field, value } = event as unknown as { field: keyof SampleCriteria; value: string }
        if (field === 'list') {
          expect(c.criteria.list).toBe(value === 'nonsense' ? '' : value)
          expect(c.draft.list).toBe(c.criteria.list)
        } else {
          expect(c.criteria).toEqual(before!.criteria)
          expect(c.draft[field]).toBe(value)
          expect(c.errors[field]).toBeUndefined()
        }
        break
      }
      case 'APPLY':
        if (invalid(before!.draft)) {
          expect(c.criteria).toEqual(before!.criteria)
          expect(api.errorOf('to')).toBe('"Od" po "do"')
        } else {
          expect(c.criteria).toEqual(before!.draft)
          expect(c.errors).toEqual({})
        }
        break
      case 'RESET':
        expect(c.criteria).toEqual(DEFAULTS)
        expect(c.draft).toEqual(DEFAULTS)
        break
      case 'EXPORT':
        expect(effects).toContain('exportFile')
        expect(c).toEqual(before)
        break
    }
  },
})

describe('filteredTableMachine', () => {
  it('a screen without instant fields, validation or export has none of their transitions', () => {
    const plain = filteredTableMachine<{ q: string }, object>({
      id: 'plain',
      defaults: { q: '' },
      clean: (raw) => ({ q: typeof (raw as { q?: unknown }).q === 'string' ? (raw as { q: string }).q : '' }),
      filters: (c) => c,
      table: () => ({ pageLength: 10, order: [] }),
    })
    const actor = createActor(plain, { input: {} }).start()
    expect(actor.getSnapshot().can({ type: 'EXPORT' })).toBe(false)
    actor.send({ type: 'SET', field: 'q', value: 'x' })
    expect(actor.getSnapshot().context.criteria).toEqual({ q: '' })
    actor.send({ type: 'APPLY' })
    expect(actor.getSnapshot().context.criteria).toEqual({ q: 'x' })
    actor.stop()
  })
  it('connect sends the bar\'s events', () => {
    const sent: unknown[] = []
    const context: Context = { input: {}, criteria: DEFAULTS, draft: DEFAULTS, errors: { to: ['a', 'b'] } }
    const p = connectFilteredTable<SampleCriteria, { saved?: unknown }>({ context, children: {}, can: () => true, hasTag: () => true }, (e) => sent.push(e))
    expect(p.errorOf('to')).toBe('a')
    expect(p.errorOf('from')).toBeNull()
    p.set('name', 'x')
    p.apply()
    p.reset()
    p.exportFile()
    expect(sent).toEqual([{ type: 'SET', field: 'name', value: 'x' }, { type: 'APPLY' }, { type: 'RESET' }, { type: 'EXPORT' }])
  })
})
