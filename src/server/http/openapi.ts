import * as Schema from 'effect/Schema'
import { INTEGRATION } from '../../contract/constants/integration.ts'
import { type IntegrationEndpoint, integrationEndpoints } from '../../contract/endpoints/integration.ts'

/**
 * The integration API's OpenAPI 3.1 document, generated from its endpoint table: every body, reply
 * and parameter schema goes through effect's JSON Schema generator (draft 2020-12, the dialect
 * OpenAPI 3.1 uses), its definitions moved to `components.schemas` under the endpoint's name.
 */

type Json = Record<string, unknown>

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Utworzono', 401: 'Brak lub nieprawidłowe uwierzytelnienie', 403: 'Dostęp zabroniony',
  404: 'Nie znaleziono', 409: 'Konflikt', 422: 'Nieprawidłowe dane', 429: 'Zbyt wiele zapytań', 451: 'Kraj niedozwolony',
}

/** Rewrites `#/$defs/X` to the component name the definitions were stored under. */
function relink(node: unknown, prefix: string): unknown {
  if (Array.isArray(node)) return node.map((n) => relink(n, prefix))
  if (node && typeof node === 'object') {
    const out: Json = {}
    for (const [k, v] of Object.entries(node)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${prefix}${v.slice(8)}` : relink(v, prefix)
    }
    return out
  }
  return node
}

function schemaOf(schema: Schema.Top, prefix: string, components: Json): Json {
  const doc = Schema.toJsonSchemaDocument(schema as Schema.Constraint)
  for (const [name, def] of Object.entries(doc.definitions)) components[prefix + name] = relink(def, prefix)
  return relink(doc.schema, prefix) as Json
}

const openApiPath = (path: string) => '/' + path.slice(INTEGRATION.base.length)

/** Builds the document (pure; the server caches it). */
export function integrationOpenApi(): Json {
  const components: Json = {}
  const paths: Record<string, Json> = {}
  for (const [name, entry] of Object.entries(integrationEndpoints) as [string, IntegrationEndpoint][]) {
    const prefix = `${name}_`
    const parameters: Json[] = []
    const pathNames = [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
    const paramProps = entry.params ? ((schemaOf(entry.params, `${prefix}params_`, components).properties ?? {}) as Json) : {}
    for (const p of pathNames) parameters.push({ name: p, in: 'path', required: true, schema: paramProps[p] ?? { type: 'string' } })
    if (entry.query) {
      const q = schemaOf(entry.query, `${prefix}query_`, components)
      const required = new Set((q.required as string[] | undefined) ?? [])
      for (const [p, s] of Object.entries((q.properties ?? {}) as Json)) parameters.push({ name: p, in: 'query', required: required.has(p), schema: s })
    }
    if (entry.idempotent) {
      parameters.push({
        name: INTEGRATION.idempotencyHeader, in: 'header', required: true,
        description: `Unikalny klucz nowej przesyłki; ponowienie z tym samym kluczem zwraca pierwszą odpowiedź (klucze pamiętane co najmniej ${INTEGRATION.idempotencyKeepHours} h).`,
        schema: { type: 'string', minLength: 1, maxLength: INTEGRATION.idempotencyKeyMaxLength },
      })
    }
    const responses: Json = {}
    for (const [code, body] of Object.entries(entry.replies)) {
      const status = Number(code)
      const description = STATUS_TEXT[status] ?? String(status)
      if (entry.file && status < 300) responses[code] = { description, content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }
      else responses[code] = { description, content: { 'application/json': { schema: schemaOf(body, `${prefix}${code}_`, components) } } }
      if (status === 429) (responses[code] as Json).headers = { 'Retry-After': { description: 'Sekundy do następnej próby', schema: { type: 'integer' } } }
    }
    const operation: Json = {
      operationId: name,
      summary: entry.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(entry.method !== 'GET' ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(entry.body, `${prefix}body_`, components) } } } } : {}),
      responses,
      security: entry.auth === 'credential' ? [{ bearer: [] }] : [],
    }
    const key = openApiPath(entry.path)
    paths[key] = { ...(paths[key] ?? {}), [entry.method.toLowerCase()]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RE Logistics — API integracji',
      version: '1',
      description: 'API dla systemów sklepów klientów (dane dostępowe do API z karty klienta). Kwoty, wagi i wymiary jako liczby dziesiętne w tekście. Instrukcja: docs/integration.md.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: `/api/${INTEGRATION.base.replace(/\/$/, '')}` }],
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  }
}
