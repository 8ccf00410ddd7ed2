/**
 * The shipments API tests use the same in-process harness as the warehouse tests
 * (tests/server/warehouse/support.ts): the real app on a fresh database per file.
 */
import type { Harness } from '../warehouse/support.ts'

export * from '../warehouse/support.ts'

/** A client user of another client (the seed has one client user only), for isolation tests. */
export async function clientUser(h: Harness, clientName: string, email: string): Promise<string> {
  const { hashPassword } = await import('../../../src/server/domain/usersPasswords.ts')
  await h.db.query(
    `insert into users (email, password_hash, role, client_id, email_verified_at)
     select $1, $2, 3, id, now() from clients where name = $3 on conflict do nothing`,
    [email, await hashPassword('other123'), clientName],
  )
  return h.login(email, 'other123')
}
