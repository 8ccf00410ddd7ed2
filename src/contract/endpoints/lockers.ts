import * as Schema from 'effect/Schema'
import { ADMIN_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, FileBody, PublicTokenQuery } from '../schemas/common.ts'

/** Locker files (CSV per country) for an e-commerce integration. */
export const lockerEndpoints = {
  /** CSV of the country's lockers (id, name, address, postal code, city, coordinates), opened with `?_public_token=`. */
  lockerFile: ep({
    method: 'GET', path: 'app/v1/locker/ido_sell/{country}', roles: ADMIN_ONLY, body: Empty, query: PublicTokenQuery, replies: { 200: FileBody, 404: ErrorReply }, file: true, publicToken: true,
    statuses: { 404: 'country other than RO, HU, BG' },
  }),
} as const
