import type * as Schema from 'effect/Schema'
import * as SchemaAST from 'effect/SchemaAST'
import type { Endpoint } from './endpoint.ts'
import { type EndpointName, endpoints } from './endpoints.ts'

/**
 * Find → update pairs, generated from the endpoint table: what a find answers for one record can be
 * sent back unchanged to its update (tests/server/roundTrip.test.ts proves it for every pair).
 *
 * - Path rule: a PUT or PATCH at `P` and a GET at `P/{param}` whose 200 reply is one object.
 * - Link: an update whose find lives at another path names it, `updates: { find }`; `part` names
 *   the member of the find's reply that is the update's body (`shipment` of `{ context, shipment }`).
 * - A PUT/PATCH that is a path twin of a find but does not update that record is listed in
 *   NOT_UPDATES with the reason.
 */

export interface RoundTripPair {
  readonly update: EndpointName
  readonly find: EndpointName
  /** Member of the find's reply sent as the update's body; null: the whole reply. */
  readonly part: string | null
  readonly by: 'path' | 'link'
}

/** Path twins of a find that are actions on the record, not updates of what the find answers. */
export const NOT_UPDATES: Partial<Record<EndpointName, string>> = {
  shipmentRegister: 'registers the shipment with its courier; the body is the id alone',
  unknownAliasResolve: 'assigns the alias to a client; the body is the decision, not the alias record',
}

/**
 * Updates that look like a find (their body is made of the find's reply keys) and are not its
 * update: without a link or an entry here, the round-trip test fails.
 */
export const NOT_TWINS: Partial<Record<EndpointName, string>> = {
  parcelDimensions: 'records a measurement at a workstation (scan path), not an edit of what parcelFind answers',
  parcelDimensionsSelective: 'records a measurement at a workstation (scan path), not an edit of what parcelFind answers',
}

const entries = Object.entries(endpoints) as Array<[EndpointName, Endpoint]>
const trimSlash = (p: string) => p.replace(/\/+$/, '')
const isUpdate = (e: Endpoint) => e.method === 'PUT' || e.method === 'PATCH'

/** The 200 reply schema of an endpoint, if it answers 200. */
export const okReply = (e: Endpoint): Schema.Top | undefined => e.replies[200]

/** The keys of an object schema (encoded side), null for anything else. */
export function objectKeys(ast: SchemaAST.AST): { all: string[]; required: string[] } | null {
  const a = SchemaAST.toEncoded(ast)
  if (a._tag !== 'Objects') return null
  return {
    all: a.propertySignatures.map((p) => String(p.name)),
    required: a.propertySignatures.filter((p) => !SchemaAST.isOptional(p.type)).map((p) => String(p.name)),
  }
}

/** A GET that answers one record: no file, an object reply. */
const isFind = (e: Endpoint) => {
  const reply = okReply(e)
  return e.method === 'GET' && !e.file && reply !== undefined && objectKeys(reply.ast) !== null
}

/** The `{name}` parameters of a path. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)

function pathTwin(update: Endpoint): EndpointName | undefined {
  const base = trimSlash(update.path)
  return entries.find(([, f]) => isFind(f) && new RegExp(`^${base.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&')}/\\{\\w+\\}$`).test(trimSlash(f.path)))?.[0]
}

function generate(): RoundTripPair[] {
  const out: RoundTripPair[] = []
  for (const [name, e] of entries) {
    if (!isUpdate(e) || NOT_UPDATES[name]) continue
    if (e.updates) out.push({ update: name, find: e.updates.find as EndpointName, part: e.updates.part ?? null, by: 'link' })
    else {
      const find = pathTwin(e)
      if (find) out.push({ update: name, find, part: null, by: 'path' })
    }
  }
  return out
}

/** Every find → update pair of the table. */
export const ROUND_TRIP_PAIRS: readonly RoundTripPair[] = generate()

/** The path twins of NOT_UPDATES, to check that every entry there still names one. */
export const pathTwinOf = (name: EndpointName) => pathTwin(endpoints[name])

/**
 * Finds that look like the record an update without a pair takes: every key of the update's
 * body (at least three) is a key of the find's reply.
 */
export function lookalikeFinds(update: EndpointName): EndpointName[] {
  const body = objectKeys(endpoints[update].body.ast)
  if (!body || body.all.length < 3) return []
  return entries
    .filter(([, f]) => isFind(f))
    .filter(([, f]) => body.all.every((k) => objectKeys(okReply(f)!.ast)!.all.includes(k)))
    .map(([n]) => n)
}

/** Updates of the table with no pair, no NOT_UPDATES entry and no NOT_TWINS entry. */
export const unpairedUpdates = (): EndpointName[] =>
  entries.filter(([n, e]) => isUpdate(e) && !NOT_UPDATES[n] && !NOT_TWINS[n] && !ROUND_TRIP_PAIRS.some((p) => p.update === n)).map(([n]) => n)
