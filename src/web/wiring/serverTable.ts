import type * as Schema from 'effect/Schema'
import { useActorRef, useSelector } from '@xstate/react'
import { Actor, type AnyStateMachine, type InputFrom, createActor, fromPromise } from 'xstate'
import { SEARCH_DELAY_MS } from '../../contract/constants/ui.ts'
import type { Endpoint } from '../../contract/endpoint.ts'
import { MSG } from '../../contract/messages.ts'
import { decode } from '../../contract/validation.ts'
import { type ServerTableInput, type ServerTablePage, type ServerTableRequest, connectTable, serverTableMachine } from '../../../machines/serverTable.ts'
import { ApiError, askAhead, call } from '../api/client.ts'
import { inspect } from '../inspector/index.ts'

/**
 * The generic server table wired to the contract's paged endpoints: the paging payload, a
 * `fetchPage` per endpoint and the machine provided with it. Each area's wiring exports its
 * tables' logic from these; a view starts one with `useActorRef(logic, { input: tableInput(...) })`
 * and hands the actor to `<ServerTable actor>`.
 */

/**
 * The paging payload of the contract's `PagingRequest` (DataTables shape) with the table's
 * filters spread beside it, as the list endpoints take them ("paging plus criteria").
 */
export function pagingBody(req: ServerTableRequest): Record<string, unknown> {
  return {
    ...req.filters,
    draw: req.draw,
    start: req.start,
    length: req.length,
    search: { value: req.search },
    order: req.order.map((o) => ({ column: o.column, dir: o.dir })),
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
/** A paged reply (`data`, `recordsTotal`, `recordsFiltered`), checked rather than cast. */
export function pageOf<Row = unknown>(reply: unknown): ServerTablePage<Row> {
  if (!isRecord(reply) || !Array.isArray(reply.data) || typeof reply.recordsTotal !== 'number' || typeof reply.recordsFiltered !== 'number') {
    throw new ApiError(0, { message: 'Nieprawidłowa odpowiedź serwera (tabela)' })
  }
  return { data: reply.data, recordsTotal: reply.recordsTotal, recordsFiltered: reply.recordsFiltered }
}

/** The paging payload checked with a list endpoint's request schema (a bad criterion fails like a 422, nothing is sent). */
export function pagingRequest<S extends Schema.Decoder<unknown>>(schema: S, req: ServerTableRequest): S['Type'] {
  const d = decode(schema, pagingBody(req))
  if (!d.ok) throw new ApiError(422, { message: MSG.invalidData, errors: d.errors })
  return d.value
}

/** A page as the table takes it, from a typed paged reply. */
export const pageFrom = <Row,>(reply: { data: readonly Row[]; recordsTotal: number; recordsFiltered: number }): ServerTablePage<Row> => ({
  data: reply.data,
  recordsTotal: reply.recordsTotal,
  recordsFiltered: reply.recordsFiltered,
})

/** The serverTable machine fetching each page with `fetch`; the area's wiring exports one per table. */
export const tableLogic = (fetch: (req: ServerTableRequest) => Promise<ServerTablePage>) =>
  serverTableMachine.provide({ actors: { fetchPage: fromPromise(({ input }: { input: ServerTableRequest }) => fetch(input)) } })

/**
 * The table of a paged endpoint of the contract table. The filter keys in `pathKeys` fill the
 * endpoint's path parameters (`{type}`, `{clientId}`) and are not sent in the body.
 */
export const endpointTable = (endpoint: Endpoint, pathKeys: readonly string[] = []) =>
  tableLogic(async (req) => {
    const params = Object.fromEntries(pathKeys.map((k) => [k, String(req.filters[k])]))
    const filters = Object.fromEntries(Object.entries(req.filters).filter(([k]) => !pathKeys.includes(k)))
    return pageOf(await call(endpoint, pagingBody({ ...req, filters }), params))
  })

/** A table's input: the house search delay unless one is given. */
export const tableInput = (input: Omit<ServerTableInput, 'searchDelay'> & { searchDelay?: number }): ServerTableInput => ({ searchDelay: SEARCH_DELAY_MS, ...input })

/** The `criteria` object of a table's filters (the list endpoints take their filters under it). */
export const criteriaOf = (filters: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  const c = filters.criteria
  return typeof c === 'object' && c !== null ? { ...c } : {}
}

/**
 * Sends the first page of a workflow's `table` child ahead of its screen (a link's click, while the
 * screen's code loads). The workflow's initial state is computed, not started (no action runs):
 * it holds the table's first request and the table's `fetchPage`, which runs here under `askAhead`;
 * the screen's table, asking the same request a moment later, takes that reply.
 */
export function askFirstPageAhead<L extends AnyStateMachine>(logic: L, input: InputFrom<L>) {
  const workflow: AnyStateMachine = logic
  const table = createActor(workflow, { input }).getSnapshot().children.table
  if (!(table instanceof Actor)) return
  const fetchPage = table.getSnapshot().children.fetchPage
  if (!(fetchPage instanceof Actor)) return
  askAhead(() => {
    const run = createActor(fetchPage.logic, { input: fetchPage.options.input })
    run.subscribe({ error: () => undefined }) // its failure is shown by the screen's own request
    run.start()
  })
}
