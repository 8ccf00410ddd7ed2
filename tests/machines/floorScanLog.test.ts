import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, fromPromise } from 'xstate'
import { EMPTY_SCAN_LOG_CRITERIA, type ScanLogContext, connectScanLog, scanLogMachine, scanLogQuery } from '../../machines/floorScanLog.ts'
import { scanLogSamples } from '../../machines/floorScanLog.samples.ts'
import { type ServerTablePage, type ServerTableRequest, serverTableMachine } from '../../machines/serverTable.ts'
import { describeModel } from './model.ts'

/** The real server table under the bar (its page never answers): its filters and search are checked. */
const realTable = serverTableMachine.provide({ actors: { fetchPage: fromPromise<ServerTablePage, ServerTableRequest>(() => new Promise(() => {})) } })

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ScanLogContext | undefined

/** The scan log starts from its URL query; "Szukaj" applies the fields, "Wyczyść" empties them; each applied change is kept in the URL. */
describeModel(scanLogMachine, scanLogSamples, {
  fakes: { table: realTable },
  check: ({ event, snapshot, prev, effects }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const api = connectScanLog(snapshot as Parameters<typeof connectScanLog>[0], () => {})
    expect(api.isEditable).toBe(true)
    expect(api.showsParcel).toBe(c.draft.parcel !== '')
    // The view renders the running `table` child, handed over by the connect function.
    expect(api.table).toBeDefined()
    expect(api.table).toBe(snapshot.children.table)
    const table = api.table!.getSnapshot().context
    expect(table.filters).toEqual(c.criteria)
    switch (event.type) {
      case 'xstate.init':
        expect(c.criteria).toEqual({ ...EMPTY_SCAN_LOG_CRITERIA, ...c.input.query })
        break
      case 'SET':
        expect(c.criteria).toEqual(before!.criteria)
        expect(effects).not.toContain('persist')
        break
      case 'APPLY':
        expect(c.criteria).toEqual(before!.draft)
        expect(effects).toContain('persist')
        break
      case 'RESET':
        expect(c.criteria).toEqual(EMPTY_SCAN_LOG_CRITERIA)
        expect(c.draft).toEqual(EMPTY_SCAN_LOG_CRITERIA)
        expect(effects).toContain('persist')
        break
    }
  },
})

describe('scanLogQuery', () => {
  it('keeps the fields that are not blank', () => {
    expect(scanLogQuery({ barcode: ' ', workstation: 'PRZJ_01', parcel: '' })).toEqual({ workstation: 'PRZJ_01' })
  })
})
