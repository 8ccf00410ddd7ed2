import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type ClientListContext, DEFAULT_CRITERIA, clientListMachine, listFilters, restoreCriteria, connectClientList } from '../../machines/clientsList.ts'
import { clientListSamples } from '../../machines/clientsList.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ClientListContext | undefined

/** The list selector applies at once; the rest waits for "Filtruj"; every applied change is saved and sent to the table. */
describeModel(clientListMachine, clientListSamples, {
  check: ({ event, snapshot, prev, effects, calls }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // The connect function: always editable, and Filtruj / Resetuj exactly when the machine takes them.
    const api = connectClientList(snapshot as Parameters<typeof connectClientList>[0], () => {})
    expect(api.isEditable).toBe(true)
    expect(api.canApply).toBe(snapshot.can({ type: 'APPLY' }))
    expect(api.draft).toBe(c.draft)
    // The view renders the running `table` child, handed over by the connect function.
    expect(api.table).toBeDefined()
    expect(api.table).toBe(snapshot.children.table)
    const applied = before && JSON.stringify(before.criteria) !== JSON.stringify(c.criteria)
    if (applied) {
      expect(effects).toContain('persist')
      const table = snapshot.children.table
      expect(table).toBeDefined()
    } else if (event.type !== 'xstate.init' && event.type !== 'RESET') {
      expect(effects).not.toContain('persist')
    }
    switch (event.type) {
      case 'xstate.init': {
        const saved = (snapshot.context as ClientListContext).criteria
        expect(c.draft).toEqual(saved)
        expect(Object.keys(listFilters(saved)).sort()).toEqual(
          ['client_alias_or_emag_name', 'deleted', 'last_mont_shipment_count_by_volume', 'last_month', 'missing_price_list', 'shipment_count_volume', 'volume_growing'],
        )
        break
      }
      case 'SET': {
        const { field, value } = event as unknown as { field: string; value: string }
        // The list applies at once; the other fields wait for "Filtruj".
        if (field === 'list') expect(c.criteria.list).toBe(value)
        else expect(c.criteria).toEqual(before!.criteria)
        break
      }
      case 'APPLY':
        expect(c.criteria).toEqual(before!.draft)
        break
      case 'RESET':
        expect(c.criteria).toEqual(DEFAULT_CRITERIA)
        expect(c.draft).toEqual(DEFAULT_CRITERIA)
        break
    }
    void calls
  },
})

describe('restoreCriteria', () => {
  it('keeps only what criteria can be', () => {
    expect(restoreCriteria({ list: 'nonsense', text: 42, volume: 'Z', lastMonthClass: 'B' })).toEqual({ ...DEFAULT_CRITERIA, lastMonthClass: 'B' })
    expect(restoreCriteria('x')).toEqual(DEFAULT_CRITERIA)
    expect(listFilters({ list: 'volume_shrinking', text: ' Demo ', volume: 'A', lastMonthClass: '' })).toMatchObject({ volume_growing: false, client_alias_or_emag_name: 'Demo', shipment_count_volume: 'A' })
  })
})
