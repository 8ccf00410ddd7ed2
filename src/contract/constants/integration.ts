/** The integration API for clients' shop systems (docs/integration.md). */
export const INTEGRATION = {
  /** Base of every integration path, relative to the API's `/api/`. */
  base: 'integration/v1/',
  /** A token from the token exchange lives this long. */
  tokenTtlSeconds: 3600,
  /** Calls one credential may make per window before 429 (Retry-After says when to come back). */
  rateLimitPoints: 120,
  rateLimitWindowSeconds: 60,
  /** Idempotency keys are kept per client at least this long; older ones are forgotten. */
  idempotencyKeepHours: 24,
  /** The record of every call (integration_calls) is kept this long, then deleted. */
  callsKeepDays: 90,
  /**
   * How often each server orders the clean-up of old calls, idempotency keys past
   * idempotencyKeepHours and expired tokens (a job on the queue).
   */
  retentionEverySeconds: 3600,
  /** A key still pending after this long belongs to a request that died: the next one takes it over. */
  idempotencyPendingTimeoutSeconds: 120,
  /** The header that carries the key (IETF httpapi idempotency draft). */
  idempotencyHeader: 'Idempotency-Key',
  /** Longest key accepted. */
  idempotencyKeyMaxLength: 255,
  /** Shipments changed since a cursor: at most this many per page. */
  changesPageMax: 500,
  changesPageDefault: 100,
  /** The label formats the product prints: A4 landscape (dl) and 100 × 150 mm. */
  labelFormats: ['dl', '100150'] as const,
} as const
