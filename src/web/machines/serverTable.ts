import { fromPromise } from 'xstate'
import type { Endpoint } from '../../contract/endpoints.ts'
import { type ServerTablePage, type ServerTableRequest, serverTableMachine } from '../../../machines/serverTable.ts'
import { ApiError, call } from '../api/client.ts'

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

/** A `fetchPage` for a paged endpoint of the contract table. */
export const fetchFrom =
  <Row,>(endpoint: Endpoint, params?: Record<string, string | number>) =>
  async (req: ServerTableRequest): Promise<ServerTablePage<Row>> =>
    pageOf<Row>(await call(endpoint, pagingBody(req), params))

/** The serverTable machine fetching with `fetch` (read at each request, so the latest one counts). */
export const serverTableWith = (fetch: () => (req: ServerTableRequest) => Promise<ServerTablePage>) =>
  serverTableMachine.provide({ actors: { fetchPage: fromPromise(({ input }: { input: ServerTableRequest }) => fetch()(input)) } })
