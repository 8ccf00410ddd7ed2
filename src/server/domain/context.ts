import type { Db } from '../db/db.ts'
import type { Mailer } from '../mail.ts'
import type { CourierApi } from './clientsCourierApi.ts'
import type { Vault } from './secrets.ts'

/** The signed-in caller, resolved from the bearer token. */
export interface SessionUser {
  id: number
  email: string
  role: 0 | 1 | 2 | 3
  client_id: number | null
}

/** What the domain works with: the database, mail, secrets and the courier. */
export interface Deps {
  db: Db
  mail: Mailer
  /** Origin used in links sent by e-mail, e.g. http://localhost:3000 */
  publicUrl: string
  /** Encrypts and decrypts stored credential passwords. */
  vault: Vault
  /** Checks courier accounts with the courier (sandbox by default). */
  courierApi: CourierApi
}
