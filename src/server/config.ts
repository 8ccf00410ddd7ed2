import { resolve } from 'node:path'
import { DEFAULT_DATA_DIR, DEFAULT_PORT } from '../contract/constants/platform.ts'
import { type TrustProxy, parseTrustProxy } from './http/clientAddress.ts'

/** The server's settings (docs/architecture.md, "Configuration"). */
export interface Config {
  port: number
  /** Interface the server listens on (HOST; configFromEnv defaults to every IPv4 interface). */
  host?: string
  dataDir: string
  databaseUrl?: string
  publicUrl: string
  staticDir: string
  /** SERVER_TIMING=1: every API reply says the server's own time (Server-Timing; the scan benchmark reads it). */
  serverTiming?: boolean
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For entries are believed (http/clientAddress.ts). */
  trustProxy?: TrustProxy
  /** CREDENTIALS_KEY and CREDENTIALS_KEY_FILE: where the key of stored passwords comes from (domain/secrets.ts). */
  credentialsKey?: string
  credentialsKeyFile?: string
}

export function configFromEnv(env = process.env): Config {
  const port = Number(env.PORT ?? DEFAULT_PORT)
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    serverTiming: env.SERVER_TIMING === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    credentialsKey: env.CREDENTIALS_KEY || undefined,
    credentialsKeyFile: env.CREDENTIALS_KEY_FILE || undefined,
  }
}
