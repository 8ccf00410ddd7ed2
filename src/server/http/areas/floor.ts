import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../../contract/messages/warehouseAnswers.ts'
import { classify } from '../../domain/floorClassify.ts'
import { decodeInstruction, searchClients, verifyChoice } from '../../domain/floorClientChoice.ts'
import { inboundCouriers, scanInbound } from '../../domain/floorExternalInbound.ts'
import { intakeScan } from '../../domain/floorIntake.ts'
import { repasteLabel } from '../../domain/floorLabels.ts'
import { checkDimensions, findParcelId, identifyParcel, parcelFields, parcelHistory, updateDimensions } from '../../domain/floorParcels.ts'
import { issuePublicToken } from '../../domain/publicTokens.ts'
import { resolveProblematic } from '../../domain/floorResolve.ts'
import type { Context } from 'hono'
import type { Endpoint } from '../../../contract/endpoint.ts'
import type { Deps } from '../../domain/context.ts'
import { logScan, scanLogEntry } from '../../domain/floorScanLog.ts'
import type { NoBodyOutcome, ScanOutcome } from '../../domain/floorScanReply.ts'
import { FileReply, type Handlers, type Seen, reply } from '../handler.ts'
import { pathId } from '../params.ts'

/** Scan outcome → HTTP: each code with its body (204 and 205 without one); the table of the endpoint checks both. */
const answer = <B extends object, S extends number>(out: ScanOutcome<B, S>) => (isNoBody(out) ? reply(out.status, null) : reply(out.status, out.body))
const isNoBody = <T extends { body: object }>(out: T | NoBodyOutcome): out is NoBodyOutcome => out.body === null

/**
 * Endpoints whose scan checks the caller's cached session itself (openScan's `session`: the
 * workstation's session epoch), so the HTTP layer may take their user from the per-process
 * session cache: the floor's scans.
 */
export const SESSION_CHECKED_IN_TX: ReadonlySet<string> = new Set(['parcelScan', 'parcelScanAssign', 'parcelClassify', 'problematicSectorResolve'])

export const scanHandlers: Handlers<
  | 'parcelScan' | 'parcelScanAssign' | 'parcelClassify' | 'problematicSectorResolve' | 'internalInstructionCode'
  | 'clientSearch' | 'clientVerifyChoose' | 'parcelFind' | 'parcelHistory' | 'parcelCheckDimensions' | 'parcelDimensions'
  | 'parcelDimensionsSelective' | 'parcelRepasteLabel' | 'parcelSearchScan' | 'externalInboundCouriers' | 'externalInboundScan'
  | 'publicToken'
> = {
  parcelScan: async ({ deps, user, body, session }) => answer(await intakeScan(deps.db, user, body, session)),
  parcelScanAssign: async ({ deps, user, body, session }) => answer(await intakeScan(deps.db, user, body, session)),
  parcelClassify: async ({ deps, user, body, session }) => answer(await classify(deps.db, user, body, session)),
  problematicSectorResolve: async ({ deps, user, body, session }) => answer(await resolveProblematic(deps.db, user, body, session)),
  internalInstructionCode: async ({ deps, body }) => {
    const data = await decodeInstruction(deps.db, body.code)
    return { message: data.client ? WAREHOUSE_MSG.clientChosen : WAREHOUSE_MSG.sectorSet, data }
  },

  clientSearch: ({ deps, params }) => searchClients(deps.db, params.text ?? ''),
  clientVerifyChoose: async ({ deps, body }) => ({ message: WAREHOUSE_MSG.clientChosen, client: await verifyChoice(deps.db, body) }),

  parcelFind: async ({ deps, params, queryData }) => {
    const id = await findParcelId(deps.db, params.idType ?? '', params.value ?? '')
    return parcelFields(deps.db, id, queryData.fields)
  },
  parcelHistory: async ({ deps, params }) => parcelHistory(deps.db, await findParcelId(deps.db, params.idType ?? '', params.value ?? '')),
  parcelCheckDimensions: async ({ deps, body }) => {
    const out = await checkDimensions(deps.db, body)
    if (out.status === 406) return reply(406, { message: out.messages[0]!, messages: out.messages })
    return { message: WAREHOUSE_ANSWER.dimensionsOk, messages: [] }
  },
  parcelDimensions: async ({ deps, body }) => ({ message: WAREHOUSE_MSG.dimensionsUpdated, data: await deps.db.tx((q) => updateDimensions(q, body)) }),
  parcelDimensionsSelective: async ({ deps, body }) => ({
    message: WAREHOUSE_MSG.dimensionsUpdated,
    data: await deps.db.tx((q) =>
      updateDimensions(q, {
        id: body.id,
        weight: body.weight ?? undefined,
        length: body.length ?? undefined,
        height: body.height ?? undefined,
        width: body.width ?? undefined,
      }),
    ),
  }),
  // Rendered outside a transaction: a PDF takes longer than a scan, and PGlite runs one transaction at a time.
  parcelRepasteLabel: async ({ deps, params }) => {
    const { pdf, filename } = await repasteLabel(deps.db, params.internalNumber ?? '')
    return new FileReply(pdf, filename, 'application/pdf', true)
  },
  parcelSearchScan: ({ deps, user, params }) => identifyParcel(deps.db, user, params.barcode ?? ''),

  externalInboundCouriers: ({ deps }) => inboundCouriers(deps.db),
  externalInboundScan: async ({ deps, body, user }) => {
    const out = await deps.db.tx((q) => scanInbound(q, body.barcode, user.id))
    const replyBody = { message: out.message, data: out.data }
    return out.status === 201 ? reply(201, replyBody) : replyBody
  },

  publicToken: ({ deps, user, token }) => deps.db.tx((q) => issuePublicToken(q, user.id, token)),
}

/**
 * The route of a floor request its contract flags `scanLog`: served as any other, then its answer
 * (or refusal) goes to the scan log after it is made, outside the request's transaction
 * (domain/floorScanLog.ts). Null for every other endpoint.
 */
export function scanLogRoute(deps: Deps, ep: Endpoint, serve: (c: Context, seen: Seen) => Promise<Response>): ((c: Context) => Promise<Response>) | null {
  const kind = ep.scanLog
  if (!kind) return null
  return async (c) => {
    const at = new Date()
    const seen: Seen = { user: null, body: undefined, status: 500, reply: null }
    const res = await serve(c, seen)
    logScan(deps.db, scanLogEntry(kind, at, new Date(), seen.user?.id ?? null, seen.body, seen.status, seen.reply))
    return res
  }
}
