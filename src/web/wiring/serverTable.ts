import { useState } from 'react'
import type { Schema } from 'effect'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { SEARCH_DELAY_MS } from '../../contract/constants/ui.ts'
import type { Endpoint } from '../../contract/endpoints.ts'
import { MSG } from '../../contract/messages.ts'
import { decode } from '../../contract/validation.ts'
import { type ServerTableInput, type ServerTablePage, type ServerTableRequest, connectTable, serverTableMachine } from '../../../machines/serverTable.ts'
import { ApiError, call } from '../api/client.ts'
import { inspect } from '../inspector/index.ts'

/**
 * The generic server table wired to the contract's paged endpoints: the paging payload, a
 * `fetchPage` per endpoint, and the machine provided with it. Views and the table component take
 * these; only this file calls the API for a table.
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

/** A `fetchPage` for a paged endpoint of the contract table (rows untyped: for tables given by `endpoint`). */
export const fetchFrom =
  <Row,>(endpoint: Endpoint, params?: Record<string, string | number>) =>
  async (req: ServerTableRequest): Promise<ServerTablePage<Row>> =>
    pageOf<Row>(await call(endpoint, pagingBody(req), params))

/** The serverTable machine fetching with `fetch` (read at each request, so the latest one counts). */
export const serverTableWith = (fetch: () => (req: ServerTableRequest) => Promise<ServerTablePage>) =>
  serverTableMachine.provide({ actors: { fetchPage: fromPromise(({ input }: { input: ServerTableRequest }) => fetch()(input)) } })

/**
 * A screen's own server table: the machine fetching with `fetch` (module-level), started with
 * `input`, and its connect props. The screen's filters live in the machine (`api.filters`,
 * `api.setFilters`, `api.resetFilters`); `<ServerTable actor={actor}>` renders it.
 */
export function useServerTable<Row>(fetch: (req: ServerTableRequest) => Promise<ServerTablePage<Row>>, input: Omit<ServerTableInput, 'searchDelay'> & { searchDelay?: number }) {
  const [logic] = useState(() => serverTableWith(() => fetch))
  const actor = useActorRef(logic, { input: { searchDelay: SEARCH_DELAY_MS, ...input }, inspect })
  const api = connectTable<Row>(useSelector(actor, (s) => s), actor.send)
  return { actor, api }
}

/** The `criteria` object of a table's filters (the list endpoints take their filters under it). */
export const criteriaOf = (filters: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  const c = filters.criteria
  return typeof c === 'object' && c !== null ? { ...c } : {}
}
