import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Actor, changesOf, record, verifyChain } from '../../src/server/domain/audit.ts'
import { type TestApp, startApp } from './support.ts'

/**
 * The audit log itself: append-only in the database (UPDATE, DELETE, TRUNCATE refused for the role
 * that owns it too), a hash chain the check walks, naming the first row altered or removed by hand.
 */
let t: TestApp
const actor: Actor = { id: 1, email: 'admin@example.com', address: '10.1.2.3' }

beforeAll(async () => {
  t = await startApp()
  for (let i = 0; i < 12; i++) {
    await t.db.tx((q) => record(q, actor, { entity: 'client', entityId: 100 + i, action: 'update', changes: { name: [`Stara ${i}`, `Nowa ${i}`] } }))
  }
})
afterAll(() => t?.close())

const ids = async () => (await t.db.query<{ id: string }>(`select id::text as id from audit_log order by audit_log.id`)).map((r) => r.id)

describe('audit log', () => {
  it('an update that changed nothing is not recorded; secrets only say that they changed', async () => {
    const before = (await ids()).length
    await t.db.tx((q) => record(q, actor, { entity: 'client', entityId: 1, action: 'update', changes: {} }))
    expect((await ids()).length).toBe(before)
    expect(changesOf({ a: '1', password: 'x', hash: 'h1' }, { a: '2', password: 'y', hash: 'h2' }, { secrets: ['password'], omit: ['hash'] }))
      .toEqual({ a: ['1', '2'], password: [null, 'changed'] })
  })

  it('a rolled-back change leaves no entry', async () => {
    const before = await ids()
    await expect(t.db.tx(async (q) => {
      await record(q, actor, { entity: 'client', entityId: 7, action: 'update', changes: { name: ['a', 'b'] } })
      throw new Error('rolled back')
    })).rejects.toThrow('rolled back')
    expect(await ids()).toEqual(before)
    expect(await verifyChain(t.db)).toEqual({ ok: true, rows: before.length })
  })

  it('UPDATE, DELETE and TRUNCATE on the log fail', async () => {
    await expect(t.db.query(`update audit_log set entity_id = '999' where id = (select min(id) from audit_log)`)).rejects.toThrow(/append-only/)
    await expect(t.db.query(`delete from audit_log`)).rejects.toThrow(/append-only/)
    await expect(t.db.query(`truncate audit_log`)).rejects.toThrow(/append-only/)
    // PUBLIC holds no right to change it.
    const [g] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from information_schema.role_table_grants
        where table_name = 'audit_log' and grantee = 'PUBLIC' and privilege_type in ('UPDATE', 'DELETE', 'TRUNCATE')`,
    )
    expect(g!.n).toBe(0)
    expect((await verifyChain(t.db)).ok).toBe(true)
  })

  it('the chain check names the first row altered by hand, and a removed row', async () => {
    const all = await ids()
    expect(await verifyChain(t.db)).toEqual({ ok: true, rows: all.length })
    const victim = all[2]!
    await t.db.exec(`alter table audit_log disable trigger audit_log_no_change`)
    await t.db.query(`update audit_log set changes = '{"name": ["Stara 2", "Podmieniona"]}'::jsonb where id = $1::bigint`, [victim])
    expect(await verifyChain(t.db)).toEqual({ ok: false, rows: 2, brokenId: victim, reason: 'hash' })
    // Put back, then remove a row: the next row's link names the gap.
    await t.db.query(`update audit_log set changes = '{"name": ["Stara 2", "Nowa 2"]}'::jsonb where id = $1::bigint`, [victim])
    expect((await verifyChain(t.db)).ok).toBe(true)
    await t.db.query(`delete from audit_log where id = $1::bigint`, [victim])
    expect(await verifyChain(t.db)).toEqual({ ok: false, rows: 2, brokenId: all[3], reason: 'prev_hash' })
    await t.db.exec(`alter table audit_log enable trigger audit_log_no_change`)
  })

  it('concurrent writers chain one after the other', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) =>
      t.db.tx((q) => record(q, actor, { entity: 'user', entityId: i, action: 'update', changes: { role: [0, 1] } }))))
    // The chain up to the hand-removed row is broken on purpose; the new rows link to each other.
    const rows = await t.db.query<{ prev_hash: string; hash: string }>(`select prev_hash, hash from audit_log order by id desc limit 9`)
    for (let i = 0; i < 8; i++) expect(rows[i]!.prev_hash).toBe(rows[i + 1]!.hash)
  })
})
