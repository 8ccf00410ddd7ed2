/**
 * Behind a reverse proxy the per-address limits of login and password recovery count the address
 * the trusted proxy saw, not what the client wrote into X-Forwarded-For. Real HTTP requests to a
 * listening server, each with a different forged left-most entry.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { LOGIN_MAX_ATTEMPTS_PER_ADDRESS } from '../../src/contract/constants/session.ts'
import { limitersFor } from '../../src/server/domain/throttle.ts'
import { configFromEnv } from '../../src/server/config.ts'
import { type TestApp, listenApp } from './support.ts'

/**
 * Calls per check. The address's counter is first brought to its limit as if by earlier attempts
 * (checking a password costs a scrypt hash: a hundred logins would take a minute).
 */
const ATTEMPTS = 20

/** A server listening on a free port of 127.0.0.1 with TRUST_PROXY set to `trust`. */
async function listening(trust: string) {
  const saved = process.env.TRUST_PROXY
  process.env.TRUST_PROXY = trust
  const open = await listenApp({ trustProxy: configFromEnv({ TRUST_PROXY: trust }).trustProxy })
  const close = async () => {
    await open.close()
    if (saved === undefined) delete process.env.TRUST_PROXY
    else process.env.TRUST_PROXY = saved
  }
  return { t: open.t, base: open.base, close }
}

/** Statuses of `ATTEMPTS` calls, the i-th with X-Forwarded-For `forwarded(i)` and a new e-mail. */
async function statuses(base: string, path: string, forwarded: (i: number) => string, body: (i: number) => object, count = ATTEMPTS) {
  const out: number[] = []
  for (let i = 0; i < count; i++) {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded(i) },
      body: JSON.stringify(body(i)),
    })
    await res.arrayBuffer()
    out.push(res.status)
  }
  return out
}

/** Uses up the login and recovery attempts of `address`, as LOGIN_MAX_ATTEMPTS_PER_ADDRESS earlier calls would. */
const exhaust = async (t: TestApp, address: string) => {
  const l = limitersFor(t.db)
  await l.loginAddress.penalty(address, LOGIN_MAX_ATTEMPTS_PER_ADDRESS)
  await l.recoverAddress.penalty(address, LOGIN_MAX_ATTEMPTS_PER_ADDRESS)
}

const forged = (i: number) => `10.0.${Math.floor(i / 250)}.${i % 250}`
const login = (i: number) => ({ email: `nobody.${i}@example.com`, password: 'wrong-password' })
const recover = (i: number) => ({ email: `nobody.${i}@example.com` })

describe('client address behind a trusted proxy', () => {
  let open: Awaited<ReturnType<typeof listening>> | null = null
  afterAll(() => open?.close())

  it('TRUST_PROXY=1: forged left-most X-Forwarded-For entries do not escape the per-address login and recovery limits', async () => {
    open = await listening('1')
    // The one proxy appended the address it saw (127.0.0.1 here); what the client sent is ignored.
    await exhaust(open.t, '127.0.0.1')
    expect(await statuses(open.base, 'user/login', (i) => `${forged(i)}, 127.0.0.1`, login)).toEqual(Array(ATTEMPTS).fill(429))
    expect(await statuses(open.base, 'user/recover', (i) => `${forged(i)}, 127.0.0.1`, recover)).toEqual(Array(ATTEMPTS).fill(429))
    // Another address seen by the proxy still gets its own attempts.
    expect(await statuses(open.base, 'user/login', () => '10.9.9.9, 198.51.100.4', login, 1)).toEqual([401])
    await open.close()
    open = null
  }, 120_000)

  it('TRUST_PROXY=<proxy address>: the right-most entry that is not the proxy is the client', async () => {
    open = await listening('127.0.0.1')
    // The proxy at 127.0.0.1 appended 203.0.113.9, the address it was reached from.
    await exhaust(open.t, '203.0.113.9')
    expect(await statuses(open.base, 'user/login', (i) => `${forged(i)}, 203.0.113.9`, login)).toEqual(Array(ATTEMPTS).fill(429))
    expect(await statuses(open.base, 'user/recover', (i) => `${forged(i)}, 203.0.113.9`, recover)).toEqual(Array(ATTEMPTS).fill(429))
    // Another client behind the same proxy is not held back by the first one's attempts.
    expect(await statuses(open.base, 'user/login', () => '198.51.100.4', login, 1)).toEqual([401])
    await open.close()
    open = null
  }, 120_000)
})
