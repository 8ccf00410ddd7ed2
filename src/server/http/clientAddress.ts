import { isIP } from 'node:net'

/**
 * Which reverse proxies in front of the server are trusted to append the client's address to
 * X-Forwarded-For (TRUST_PROXY): a number of hops, or the proxies' own addresses. null: none,
 * the header is ignored and the connection's peer is the client.
 */
export type TrustProxy = { hops: number } | { addresses: ReadonlySet<string> } | null

/** "::ffff:127.0.0.1" and "127.0.0.1" are one address. */
const normal = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase()

/**
 * TRUST_PROXY: empty → null; a whole number → that many proxy hops (1: one proxy in front);
 * otherwise a comma-separated list of the proxies' IP addresses. Anything else stops the start
 * with a message naming the value.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ''
  if (text === '') return null
  if (/^\d+$/.test(text)) return Number(text) > 0 ? { hops: Number(text) } : null
  const addresses = text.split(',').map(normal)
  const wrong = addresses.filter((a) => isIP(a) === 0)
  if (wrong.length) throw new Error(`TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy IP addresses; not an address: ${wrong.join(', ')}`)
  return { addresses: new Set(addresses) }
}

/**
 * The client's address for per-address limits. Each proxy appends the address it was reached
 * from to X-Forwarded-For, so only the right-most entries are proxies' words; everything to their
 * left is whatever the client sent. The chain is the header's entries followed by the peer: with
 * `hops` the address `hops` entries left of the peer is the client; with `addresses` the right-most
 * entry that is not a trusted proxy is. A header shorter than the trusted hops gives its left-most
 * entry.
 */
export function clientAddress(forwardedFor: string | undefined, peer: string, trust: TrustProxy): string {
  if (!trust || !forwardedFor) return peer
  const chain = [...forwardedFor.split(',').map(normal).filter((a) => a !== ''), normal(peer)]
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!
  for (let i = chain.length - 1; i >= 0; i--) if (!trust.addresses.has(chain[i]!)) return chain[i]!
  return chain[0]!
}
