import { CLIENTS } from '../../contract/constants/clients.ts'

/**
 * Checking a courier account calls the courier's API through an adapter per courier. The sandbox
 * adapter (the default, used by the demo) knows one account of DPD Romania; the real one calls the
 * courier. COURIER_API=real selects the real adapter.
 */
export interface AccountCheck {
  username: string
  password: string
  service: string
}
/** What the courier says about an account, or null when it refuses the data. */
export interface AccountInfo {
  client_id: string
  contract_number: string
  email: string
  phone_number: string
}
export interface CourierApi {
  check(courierId: number, account: AccountCheck): Promise<AccountInfo | null>
}

/** The one account the sandbox accepts: DPD Romania, sandbox / sandbox123. */
export const SANDBOX_ACCOUNT = {
  courierId: CLIENTS.defaultCourierId,
  username: 'sandbox',
  password: 'sandbox123',
  info: { client_id: '100200300', contract_number: 'RO-DPD-2024-0042', email: 'contracte@dpd.example.ro', phone_number: '+40 21 300 4000' },
} as const

export const sandboxCourierApi: CourierApi = {
  async check(courierId, { username, password }) {
    const ok = courierId === SANDBOX_ACCOUNT.courierId && username === SANDBOX_ACCOUNT.username && password === SANDBOX_ACCOUNT.password
    return ok ? { ...SANDBOX_ACCOUNT.info } : null
  },
}

/**
 * DPD Romania's web API (https://api.dpd.ro/v1, the Speedy platform): POST client/contract with
 * userName and password answers the contract's clients; a refusal or an error means the data do
 * not work. Other couriers have no integration yet: their accounts are refused.
 */
export function realCourierApi(env = process.env, fetchImpl: typeof fetch = fetch): CourierApi {
  const base = env.DPD_RO_API_URL ?? 'https://api.dpd.ro/v1'
  const timeoutMs = Number(env.COURIER_API_TIMEOUT_MS ?? 10_000)
  return {
    async check(courierId, { username, password }) {
      if (courierId !== CLIENTS.defaultCourierId) return null
      try {
        const res = await fetchImpl(`${base}/client/contract`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName: username, password, language: 'EN' }),
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (!res.ok) return null
        const body = (await res.json()) as { error?: unknown; clients?: Array<{ clientId?: number; contactName?: string; email?: string; phones?: Array<{ number?: string }> }> }
        const first = body.clients?.[0]
        if (body.error || !first) return null
        return {
          client_id: String(first.clientId ?? ''),
          contract_number: String(first.clientId ?? ''),
          email: first.email ?? '',
          phone_number: first.phones?.[0]?.number ?? '',
        }
      } catch {
        return null
      }
    },
  }
}

export const courierApiFromEnv = (env = process.env): CourierApi => (env.COURIER_API === 'real' ? realCourierApi(env) : sandboxCourierApi)

/** Default access data of a new client's DPD account (GET ask/credentials/DPD); the demo uses the sandbox account. */
export const defaultDpdAccess = (env = process.env) => ({
  dpd_system_id: env.DPD_DEFAULT_SYSTEM_ID ?? SANDBOX_ACCOUNT.username,
  dpd_api_password: env.DPD_DEFAULT_API_PASSWORD ?? SANDBOX_ACCOUNT.password,
  out_service: env.DPD_DEFAULT_OUT_SERVICE ?? 'Classic',
})
