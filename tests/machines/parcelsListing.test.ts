import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ROLE } from '../../src/contract/constants/access.ts'
import { LISTING } from '../../src/contract/constants/shipments.ts'
import { SEARCH_DELAY_MS } from '../../src/contract/constants/ui.ts'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { toJson } from '../../machines/graph/describe.ts'
import {
  type ListingForm,
  type ParcelListingContext,
  type ParcelListingEvent,
  type ParcelListingInput,
  TEXT_FIELDS,
  defaultCriteria,
  filterAllowed,
  parcelListingMachine,
  restoreCriteria,
  sanitize,
  tableFilters,
  toCriteria,
  validateStatusForm,
  connectParcelListing,
} from '../../machines/parcelsListing.ts'
import { LISTING_TODAY, parcelListingSamples, savedByWorker } from '../../machines/parcelsListing.samples.ts'

/** The first day of the default range before LISTING_TODAY (2024-05-10): 90 days, today included. */
const LISTING_FIRST_DAY = '2024-02-11'
import { type ServerTablePage, type ServerTableRequest, serverTableMachine } from '../../machines/serverTable.ts'
import { describeModel } from './model.ts'

const ctx = (s: { context: unknown } | undefined) => s?.context as ParcelListingContext | undefined
const dialogOf = (s: { value: unknown }) => (s.value as { dialog: unknown }).dialog
const filtersOf = (s: { value: unknown }) => (s.value as { filters: unknown }).filters

describeModel(parcelListingMachine, parcelListingSamples, {
  check: ({ path, event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const input = path.input as ParcelListingInput
    // The connect function's flags follow the tags.
    const api = connectParcelListing(snapshot as Parameters<typeof connectParcelListing>[0], () => {})
    // The view renders the running `table` child, handed over by the connect function.
    expect(api.table).toBeDefined()
    expect(api.table).toBe(snapshot.children.table)
    expect(api.isStatusChangeOpen).toBe(snapshot.matches({ dialog: 'statusChange' }))
    expect(api.isSubmittingStatus).toBe(snapshot.matches({ dialog: { statusChange: 'submitting' } }))
    expect(api.isReportOpen).toBe(snapshot.matches({ dialog: 'report' }))
    expect(api.isOrdering).toBe(snapshot.matches({ dialog: { report: 'ordering' } }))
    expect(api.isDownloading).toBe(snapshot.matches({ dialog: 'downloading' }))
    expect(api.criteria).toBe(c.criteria)
    // Never a filter the role may not use, whatever was stored or sent.
    expect(sanitize(c.criteria, c.role)).toEqual(c.criteria)
    // The criteria are saved for the user whenever they change.
    if (before && toJson(before.criteria) !== toJson(c.criteria)) expect(effects).toContain('persist')
    const dialogWasClosed = prev ? dialogOf(prev) === 'closed' : true

    switch (event.type) {
      case 'xstate.init': {
        expect(c.criteria).toEqual(restoreCriteria(input.saved, input.userId, input.role, input.today))
        if (input.role === ROLE.client) expect(c.criteria).toEqual(defaultCriteria(LISTING_TODAY)) // another user's criteria are not restored
        if (input.role === ROLE.warehouse_worker) {
          expect(c.criteria).toMatchObject({ type: 'shipments', internal_number: 'RE1000', start: '2024-05-01', end: LISTING_TODAY, processable: null, problem_rule_code: null })
          expect(c.criteria.clients).toEqual([{ id: 3, name: 'Budapest Kft' }])
        }
        expect(snapshot.value).toEqual({ filters: 'settled', dialog: 'closed' })
        // The generic table is started with the criteria as its filters, 25 rows, newest first.
        expect(invoked).toHaveLength(1)
        expect(invoked[0]).toMatchObject({ id: 'table', src: 'table', input: { pageLength: 25, filters: tableFilters(c.criteria, c.role), searchDelay: SEARCH_DELAY_MS } })
        break
      }
      case 'SET': {
        const e = event as Extract<ParcelListingEvent, { type: 'SET' }>
        const accepted = dialogWasClosed && (e.field === 'type' ? e.value === 'parcels' || e.value === 'shipments' : filterAllowed(e.field, c.role, before!.criteria.type))
        if (!accepted) {
          expect(c.criteria).toEqual(before!.criteria)
          expect(effects).toEqual([])
          break
        }
        expect(c.criteria[e.field]).toEqual(e.value)
        expect(effects).toEqual(['persist'])
        // Typed text waits for the search delay; any other choice reaches the table at once.
        expect(filtersOf(snapshot)).toBe(TEXT_FIELDS.includes(e.field) ? 'pending' : 'settled')
        if (e.field === 'type' && e.value === 'shipments') expect(c.criteria).toMatchObject({ processable: null, problematic_sector_id: null })
        break
      }
      case 'xstate.after.searchDelay.parcelListing.filters.pending':
        expect(filtersOf(snapshot)).toBe('settled')
        expect(c.criteria).toEqual(before!.criteria)
        break
      case 'ADD_CLIENT':
      case 'REMOVE_CLIENT': {
        const staff = c.role === ROLE.admin || c.role === ROLE.warehouse_worker
        if (!staff) expect(c.criteria.clients).toEqual([])
        if (event.type === 'ADD_CLIENT' && staff && dialogWasClosed) expect(c.criteria.clients.map((x) => x.id)).toContain(3)
        if (event.type === 'REMOVE_CLIENT') expect(c.criteria.clients.map((x) => x.id)).not.toContain(3)
        break
      }
      case 'RESET':
        expect(c.criteria).toEqual(defaultCriteria(LISTING_TODAY))
        expect(effects).toEqual(['persist'])
        expect(filtersOf(snapshot)).toBe('settled')
        break
      case 'TOGGLE_EXTRA':
        expect(c.extraOpen).toBe(!before!.extraOpen)
        break
      case 'OPEN_STATUS_CHANGE': {
        const e = event as Extract<ParcelListingEvent, { type: 'OPEN_STATUS_CHANGE' }>
        // Admin, parcels list, something selected.
        if (c.role === ROLE.admin && c.criteria.type === 'parcels' && e.ids.length > 0 && dialogWasClosed) {
          expect(dialogOf(snapshot)).toEqual({ statusChange: 'editing' })
          expect(c.status).toEqual({ ids: e.ids, id_status_type: null, when: e.now, where: WAREHOUSE.defaultWhere })
        } else expect(dialogOf(snapshot)).toEqual(dialogOf(prev!))
        break
      }
      case 'SET_STATUS_FIELD': {
        const e = event as Extract<ParcelListingEvent, { type: 'SET_STATUS_FIELD' }>
        expect(c.status[e.field]).toEqual(e.value)
        expect(c.statusErrors[e.field]).toBeUndefined()
        break
      }
      case 'SUBMIT_STATUS': {
        // Status, when and where are required.
        const valid = validateStatusForm(before!.status)
        if (valid.ok) {
          expect(dialogOf(snapshot)).toEqual({ statusChange: 'submitting' })
          expect(invoked).toEqual([{ id: 'changeStatuses', src: 'changeStatuses', input: before!.status }])
        } else {
          expect(dialogOf(snapshot)).toEqual({ statusChange: 'editing' })
          expect(c.statusErrors).toEqual(valid.errors)
          expect(invoked).toEqual([])
        }
        break
      }
      case 'xstate.done.actor.changeStatuses':
        expect(dialogOf(snapshot)).toBe('closed')
        expect(effects).toEqual(['notifyStatusesChanged'])
        break
      case 'xstate.error.actor.changeStatuses': {
        const err = (event as unknown as { error: { status: number; message: string } }).error
        if (err.status === 420) {
          // All but the skipped ones were updated: warning with their numbers, the list reloads.
          expect(dialogOf(snapshot)).toBe('closed')
          expect(effects).toEqual(['notifySkipped'])
        } else {
          expect(dialogOf(snapshot)).toEqual({ statusChange: 'editing' })
          expect(c.dialogError).toBe(err.message)
        }
        break
      }
      case 'OPEN_REPORT':
        if (c.role === ROLE.admin && dialogWasClosed) expect(dialogOf(snapshot)).toEqual({ report: 'choosing' })
        else expect(dialogOf(snapshot)).toEqual(dialogOf(prev!))
        break
      case 'CHOOSE_REPORT':
        expect(c.reportType).toBe('list')
        break
      case 'ORDER_REPORT':
        if (before!.reportType) {
          expect(dialogOf(snapshot)).toEqual({ report: 'ordering' })
          expect(invoked).toEqual([{ id: 'orderReport', src: 'orderReport', input: { reportType: before!.reportType, criteria: toCriteria(c.criteria, c.role) } }])
        } else expect(invoked).toEqual([])
        break
      case 'xstate.done.actor.orderReport':
        expect(dialogOf(snapshot)).toBe('closed')
        expect(effects).toEqual(['notifyReportOrdered'])
        break
      case 'xstate.error.actor.orderReport': {
        // 406: the message stays in the dialog.
        const err = (event as unknown as { error: { message: string } }).error
        expect(dialogOf(snapshot)).toEqual({ report: 'choosing' })
        expect(c.dialogError).toBe(err.message)
        break
      }
      case 'DOWNLOAD_REPORT':
        // Clients download directly; staff never.
        if (c.role >= 2 && dialogWasClosed) {
          expect(dialogOf(snapshot)).toBe('downloading')
          expect(invoked).toEqual([{ id: 'downloadReport', src: 'downloadReport', input: { criteria: toCriteria(c.criteria, c.role) } }])
        } else expect(invoked).toEqual([])
        break
      case 'xstate.done.actor.downloadReport':
        expect(dialogOf(snapshot)).toBe('closed')
        break
      case 'xstate.error.actor.downloadReport':
        expect(dialogOf(snapshot)).toBe('closed')
        expect(effects).toEqual(['notifyReportFailed'])
        break
      case 'CLOSE':
        expect(dialogOf(snapshot)).toBe('closed')
        expect(c).toMatchObject({ dialogError: null, reportType: null, statusErrors: {} })
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

// ---- by hand: the criteria rules, and the real serverTable child with a fake endpoint ----------------

describe('listing criteria', () => {
  it('opens with the last LISTING.defaultDays days; cleared dates mean no limit and stay cleared', () => {
    expect(LISTING.defaultDays).toBe(90)
    expect(defaultCriteria(LISTING_TODAY)).toMatchObject({ start: LISTING_FIRST_DAY, end: LISTING_TODAY })
    const cleared = { ...defaultCriteria(LISTING_TODAY), start: '', end: '' }
    expect(toCriteria(cleared, ROLE.admin)).toMatchObject({ start: null, end: null })
    expect(restoreCriteria({ userId: 1, criteria: cleared }, 1, ROLE.admin, LISTING_TODAY)).toMatchObject({ start: '', end: '' })
  })

  it('restores only the same user’s criteria, checked field by field', () => {
    expect(restoreCriteria(savedByWorker, 1, ROLE.admin, LISTING_TODAY)).toEqual(defaultCriteria(LISTING_TODAY))
    expect(restoreCriteria('garbage', 2, ROLE.warehouse_worker, LISTING_TODAY)).toEqual(defaultCriteria(LISTING_TODAY))
    const odd = { userId: 1, criteria: { type: 'x', start: '10.05.2024', cod: 7, clients: [{ id: 'a' }, { id: 5, name: 'Sofia EOOD' }], status_group_id: -1 } }
    expect(restoreCriteria(odd, 1, ROLE.admin, LISTING_TODAY)).toEqual({ ...defaultCriteria(LISTING_TODAY), clients: [{ id: 5, name: 'Sofia EOOD' }] })
  })

  it('sends the criteria the role may use, empty text as "any"', () => {
    const form: ListingForm = {
      ...defaultCriteria(LISTING_TODAY),
      internal_number: ' RE100000001 ',
      out_number: '  ',
      client: { id: 1, name: 'Demo Shop SRL' },
      clients: [{ id: 3, name: 'Budapest Kft' }],
      client_list_filter_mode: 'exclude',
      processable: 0,
      problem_rule_code: 'SHIPMENT_NOT_ACCOUNTED',
    }
    expect(toCriteria(form, ROLE.admin)).toMatchObject({
      type: 'parcels', internal_number: 'RE100000001', out_number: null, client_id: 1, client_ids: [3], client_list_filter_mode: 'exclude',
      processable: 0, problem_rule_code: 'SHIPMENT_NOT_ACCOUNTED', start: LISTING_FIRST_DAY, end: LISTING_TODAY, deleted: 0,
    })
    expect(toCriteria(form, ROLE.warehouse_worker)).toMatchObject({ client_id: 1, processable: 0, problem_rule_code: null })
    expect(toCriteria(form, ROLE.client)).toMatchObject({ client_id: null, client_ids: null, processable: null, problem_rule_code: null, internal_number: 'RE100000001' })
    expect(toCriteria({ ...form, type: 'shipments' }, ROLE.admin)).toMatchObject({ processable: null, problematic_sector_id: null })
  })
})

describe('parcelListing with the real serverTable child', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function start(role: number = ROLE.admin) {
    const requests: ServerTableRequest[] = []
    const page: ServerTablePage = { data: [{ id: 11 }, { id: 12 }], recordsTotal: 2, recordsFiltered: 2 }
    const status: { calls: unknown[]; answer: () => Promise<unknown> } = { calls: [], answer: async () => ({ message: 'ok', updated: 2, skipped: [] }) }
    const notes: string[] = []
    const actor = createActor(
      parcelListingMachine.provide({
        actors: {
          table: serverTableMachine.provide({ actors: { fetchPage: fromPromise(async ({ input }) => (requests.push(input), page)) } }),
          changeStatuses: fromPromise(async ({ input }) => (status.calls.push(input), status.answer())),
        },
        actions: { persist: () => void notes.push('persist'), notifySkipped: () => void notes.push('skipped'), notifyStatusesChanged: () => void notes.push('changed') },
      }),
      { input: { role, userId: 1, today: LISTING_TODAY, saved: null } },
    ).start()
    const table = () => actor.getSnapshot().children.table!.getSnapshot() as ReturnType<typeof createActor<typeof serverTableMachine>>['getSnapshot'] extends () => infer S ? S : never
    return { actor, requests, status, notes, table }
  }
  const criteriaOf = (r: ServerTableRequest) => (r.filters as { criteria: Record<string, unknown> }).criteria

  it('asks for the first page with the criteria, then for typed text only after the search delay', async () => {
    const { actor, requests } = start()
    await vi.advanceTimersByTimeAsync(0)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ start: 0, length: 25 })
    // The list opens with rows: the last LISTING.defaultDays days, today included (2024-02-11 … 2024-05-10).
    expect(criteriaOf(requests[0]!)).toMatchObject({ type: 'parcels', start: LISTING_FIRST_DAY, end: LISTING_TODAY, deleted: 0 })

    actor.send({ type: 'SET', field: 'internal_number', value: 'RE1' })
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 100)
    actor.send({ type: 'SET', field: 'internal_number', value: 'RE10' })
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1)
    expect(requests).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(requests).toHaveLength(2)
    expect(criteriaOf(requests[1]!).internal_number).toBe('RE10')

    actor.send({ type: 'SET', field: 'cod', value: 1 })
    await vi.advanceTimersByTimeAsync(0)
    expect(requests).toHaveLength(3)
    expect(criteriaOf(requests[2]!)).toMatchObject({ cod: 1, internal_number: 'RE10' })
  })

  it('420: the selection is cleared and the list reloads', async () => {
    const { actor, requests, status, notes, table } = start()
    await vi.advanceTimersByTimeAsync(0)
    actor.getSnapshot().children.table!.send({ type: 'SELECT', selection: { '11': true, '12': true } })
    status.answer = async () => Promise.reject(Object.assign(new Error('420'), { status: 420, data: { skipped: ['RE100000011'] } }))
    actor.send({ type: 'OPEN_STATUS_CHANGE', ids: [11, 12], now: '2024-05-10T12:00' })
    actor.send({ type: 'SET_STATUS_FIELD', field: 'id_status_type', value: 57 })
    actor.send({ type: 'SUBMIT_STATUS' })
    await vi.advanceTimersByTimeAsync(0)
    expect(status.calls).toEqual([{ ids: [11, 12], id_status_type: 57, when: '2024-05-10T12:00', where: 'TYCHY' }])
    expect(notes).toEqual(['skipped'])
    expect(actor.getSnapshot().value).toEqual({ filters: 'settled', dialog: 'closed' })
    expect(requests).toHaveLength(2)
    expect(table().context.selection).toEqual({})
  })
})
