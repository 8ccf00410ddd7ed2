import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as Schema from 'effect/Schema'
import type { Context, Hono } from 'hono'
import { INTEGRATION } from '../../../contract/constants/integration.ts'
import {
  INTEGRATION_DOCS_PATH, type IntegrationEndpoint, type IntegrationEndpointName, type IntegrationEndpoints, integrationEndpoints,
} from '../../../contract/endpoints/integration.ts'
import { MSG } from '../../../contract/messages.ts'
import type { LabelParams } from '../../../contract/schemas/integration.ts'
import { ParamText, decode } from '../../../contract/validation.ts'
import {
  type IntegrationCaller, authenticate, callerAsUser, changesSince, countCall, createIntegrationShipment, exchangeToken, logCall, quote,
} from '../../domain/integration.ts'
import { shipmentLabels } from '../../domain/shipmentsLabels.ts'
import { findRecord } from '../../domain/shipments.ts'
import { publicHistory } from '../../domain/tracking.ts'
import { DomainError, invalid } from '../../domain/errors.ts'
import type { Deps } from '../../domain/context.ts'
import { FileReply, type HandlerResult, Reply, reply } from '../handler.ts'
import { integrationOpenApi } from '../openapi.ts'

/**
 * The integration API (contract endpoints/integration.ts) registered on the app: a bearer token of
 * the caller's credential (domain/integration.ts) instead of a session, the same decoding and
 * Polish 422s as the back office, a rate limit per credential and a log row per call. Also the
 * OpenAPI document and its reference page (swagger-ui's own files, served from here).
 */

interface IntegrationCtx<E extends IntegrationEndpoint> {
  body: E['body']['Type']
  params: E extends { params: infer P extends Schema.Top } ? P['Type'] : Record<string, string>
  queryData: E extends { query: infer Q extends Schema.Top } ? Q['Type'] : undefined
  /** The credential's caller: set on every `credential` endpoint; the token exchange sets it when it finds one. */
  caller: E['auth'] extends 'credential' ? IntegrationCaller : IntegrationCaller | null
  identify(caller: IntegrationCaller): void
  header(name: string): string | undefined
  ip: string
  deps: Deps
}
type IntegrationHandlers = {
  [N in IntegrationEndpointName]: (ctx: IntegrationCtx<IntegrationEndpoints[N]>) => Promise<HandlerResult<IntegrationEndpoints[N]>>
}

/** A reply carrying extra headers (Idempotent-Replayed). */
class HeaderedReply<S extends number, B> extends Reply<S, B> {
  constructor(status: S, body: B, readonly headers: Record<string, string>) {
    super(status, body)
  }
}

let openApiCache: Record<string, unknown> | null = null

export const integrationHandlers: IntegrationHandlers = {
  integrationToken: async ({ deps, body, ip, identify }) => {
    const out = await exchangeToken(deps.db, deps.vault, body, ip)
    identify(out.caller)
    return out.reply
  },
  integrationShipmentCreate: async ({ deps, body, caller, header }) => {
    const answer = await createIntegrationShipment(deps.db, caller, header(INTEGRATION.idempotencyHeader), body)
    const created = answer.body as { message: string; internal_waybill: string; id: number }
    return answer.replayed ? new HeaderedReply(201 as const, created, { 'Idempotent-Replayed': 'true' }) : reply(201, created)
  },
  integrationLabel: async ({ deps, params, caller }) => {
    const { internalNumber, format } = params as typeof LabelParams.Type
    const rec = await findRecord(deps.db, callerAsUser(caller), internalNumber)
    const { pdf, filename } = await shipmentLabels(deps.db, rec, format)
    return new FileReply(pdf, filename, 'application/pdf')
  },
  integrationTracking: async ({ deps, params, caller }) => publicHistory(deps.db, await findRecord(deps.db, callerAsUser(caller), params.internalNumber ?? '')),
  integrationChanges: async ({ deps, queryData, caller }) => changesSince(deps.db, caller, queryData),
  integrationQuote: async ({ deps, body, caller }) => quote(deps.db, caller, body),
  integrationOpenApi: async () => (openApiCache ??= integrationOpenApi()),
}

const honoPath = (path: string) => '/api/' + path.replace(/\{(\w+)\}/g, ':$1')

/** Query parameters, the last value of a repeated key. */
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams)
/** Every query value is bounded text, whether or not the endpoint reads it. */
const QuerySchema = Schema.Record(Schema.String, ParamText)

// ---- the reference page ----------------------------------------------------------------------------

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
/** The files of swagger-ui the page loads, with their types. */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}
const docsBase = `/api/${INTEGRATION_DOCS_PATH}`
const openApiUrl = `/api/${integrationEndpoints.integrationOpenApi.path}`
const DOCS_HTML = `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<title>API integracji — dokumentacja</title>
<link rel="stylesheet" href="${docsBase}/swagger-ui.css">
<link rel="icon" href="${docsBase}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${docsBase}/swagger-ui-bundle.js"></script>
<script src="${docsBase}/init.js"></script>
</body>
</html>
`
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(openApiUrl)}, dom_id: '#swagger-ui', deepLinking: true })\n`

function registerDocs(app: Hono) {
  app.get(docsBase, (c) => c.html(DOCS_HTML))
  app.get(`${docsBase}/init.js`, (c) => c.body(DOCS_INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
  app.get(`${docsBase}/:file`, (c) => {
    const file = c.req.param('file')
    const type = SWAGGER_FILES[file]
    if (!type) return c.json({ message: MSG.notFound }, 404)
    return c.body(readFileSync(join(swaggerDir, file)), 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' })
  })
}

// ---- registration ----------------------------------------------------------------------------------

/** Registers every integration endpoint and the reference page (before the API's catch-all 404). */
export function registerIntegration(app: Hono, deps: Deps, clientAddress: (c: Context) => string) {
  registerDocs(app)
  for (const name of Object.keys(integrationEndpoints) as IntegrationEndpointName[]) {
    const ep: IntegrationEndpoint = integrationEndpoints[name]
    // The context is built from this endpoint's own schemas below, as the back office's table does (app.ts).
    const handler = integrationHandlers[name] as (ctx: unknown) => Promise<unknown>
    const pathSchema = (ep.params as Schema.Decoder<unknown> | undefined) ??
      Schema.Struct(Object.fromEntries([...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, ParamText])))
    app.on(ep.method, honoPath(ep.path), async (c) => {
      const ip = clientAddress(c)
      let caller: IntegrationCaller | null = null
      let status = 500
      try {
        const out = await (async () => {
          if (ep.auth === 'credential') {
            const auth = c.req.header('authorization')
            caller = await authenticate(deps.db, auth?.startsWith('Bearer ') ? auth.slice(7).trim() : null, ip)
            await countCall(deps.db, caller.credentialId)
          }
          // Path parameters: the endpoint's schema, or bounded text each (as the back office's).
          const p = decode(pathSchema, c.req.param())
          if (!p.ok) throw invalid(p.errors)
          const params = p.value
          const rawQuery = queryOf(c.req.url)
          const q = decode(QuerySchema, rawQuery)
          if (!q.ok) throw invalid(q.errors)
          let queryData: unknown
          if (ep.query) {
            const d = decode(ep.query as Schema.Decoder<unknown>, rawQuery)
            if (!d.ok) throw invalid(d.errors)
            queryData = d.value
          }
          let body: unknown = {}
          if (ep.method !== 'GET') {
            const raw = await c.req.json().catch(() => undefined)
            const d = decode(ep.body as Schema.Decoder<unknown>, raw ?? {})
            if (!d.ok) throw invalid(d.errors)
            body = d.value
          }
          return handler({
            body, params, queryData, caller, ip, deps,
            identify: (who: IntegrationCaller) => { caller = who },
            header: (h: string) => c.req.header(h),
          })
        })()
        if (out instanceof FileReply) {
          status = 200
          return new Response(out.data instanceof ReadableStream ? out.data : new Uint8Array(out.data), {
            headers: { 'content-type': out.contentType, 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(out.filename)}` },
          })
        }
        if (out instanceof Reply) {
          status = out.status
          return c.json(out.body as object, out.status as 200, out instanceof HeaderedReply ? out.headers : undefined)
        }
        status = 200
        return c.json(out as object, 200)
      } catch (e) {
        if (e instanceof DomainError) {
          status = e.status
          return c.json(e.body, e.status as 400, e.headers)
        }
        console.error(`[integration] ${ep.method} ${ep.path}`, e)
        return c.json({ message: MSG.serverError }, 500)
      } finally {
        if (ep.auth === 'credential' || caller) {
          await logCall(deps.db, caller, { method: ep.method, path: c.req.path, status, ip }).catch((e) => console.error('[integration] call log', e))
        }
      }
    })
  }
}
