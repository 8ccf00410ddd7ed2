import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { readCsv } from '../../../src/server/domain/csv.ts'
import { type TestApp, startApp } from '../support.ts'

/** Locker files for an e-commerce integration: CSV per country, opened with a file token. */

let app: TestApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

const parse = async (text: string) => {
  const out: string[][] = []
  for await (const r of readCsv([text], { unterminatedQuote: 'unterminated' })) out.push(r.fields)
  return out
}

describe('locker files', () => {
  it.each([['RO'], ['HU'], ['BG']])('%s: every locker of the country, with id, name, address, postal code, city, coordinates', async (country) => {
    const res = await app.request('GET', `app/v1/locker/ido_sell/${country}`, { token: app.tokens.admin })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''lockers_${country}.csv`)
    const [header, ...rows] = await parse(res.body)
    expect(header).toEqual(['id', 'name', 'address', 'postal_code', 'city', 'latitude', 'longitude'])
    const db = await app.db.query<{ code: string; name: string; address: string; postal_code: string; city: string; lat: number | null; lng: number | null }>(
      `select l.code, l.name, l.address, l.postal_code, l.city, l.lat, l.lng from lockers l join countries c on c.id = l.country_id where c.iso_code = $1 order by l.code`,
      [country],
    )
    expect(db.length).toBeGreaterThan(0)
    expect(rows).toEqual(db.map((l) => [l.code, l.name, l.address, l.postal_code, l.city, l.lat == null ? '' : String(l.lat), l.lng == null ? '' : String(l.lng)]))
  })

  it('a text that a spreadsheet could run as a formula starts with an apostrophe; plain numbers are left alone', async () => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-2+3', '@cmd', '\tTAB', '\rCR']
    for (const [i, name] of hostile.entries()) {
      await app.db.query(
        `insert into lockers (country_id, code, name, city, address, postal_code, lat, lng) values (3, $1, $2, '=city', '-5', '+40', null, null)`,
        [`HU-FORMULA-${i}`, name],
      )
    }
    const rows = await parse((await app.request('GET', 'app/v1/locker/ido_sell/HU', { token: app.tokens.admin })).body)
    const ours = rows.filter((r) => r[0]!.startsWith('HU-FORMULA-'))
    // (The CSV reader reads a CR inside quotes as a line feed.)
    expect(ours.map((r) => r[1])).toEqual(hostile.map((n) => `'${n}`.replace('\r', '\n')))
    for (const r of ours) expect([r[4], r[2], r[3]]).toEqual(["'=city", '-5', '+40'])
  })

  it('text is quoted (a comma or a quote in a name survives), missing coordinates are empty', async () => {
    await app.db.query(
      `insert into lockers (country_id, code, name, city, address, postal_code, lat, lng) values (4, 'BG-TEST-1', 'Locker "Vitosha", mall', 'Sofia', 'bul. Vitosha 1', '1000', null, null)`,
    )
    const res = await app.request('GET', 'app/v1/locker/ido_sell/BG', { token: app.tokens.admin })
    const rows = await parse(res.body)
    expect(rows).toContainEqual(['BG-TEST-1', 'Locker "Vitosha", mall', 'bul. Vitosha 1', '1000', 'Sofia', '', ''])
  })

  it('opened with a file token instead of the bearer header; admin only; unknown countries 404', async () => {
    const token = (await app.call(E.publicToken, { token: app.tokens.admin })).body.public_token
    expect((await app.request('GET', `app/v1/locker/ido_sell/RO?_public_token=${token}`)).status).toBe(200)
    expect((await app.request('GET', 'app/v1/locker/ido_sell/RO?_public_token=not-a-token')).status).toBe(401)
    expect((await app.request('GET', 'app/v1/locker/ido_sell/RO')).status).toBe(401)
    const clientToken = (await app.call(E.publicToken, { token: app.tokens.client })).body.public_token
    expect((await app.request('GET', `app/v1/locker/ido_sell/RO?_public_token=${clientToken}`)).status).toBe(403)
    expect((await app.request('GET', 'app/v1/locker/ido_sell/RO', { token: app.tokens.worker })).status).toBe(403)
    for (const c of ['PL', 'ro', 'XX', '%27']) expect((await app.request('GET', `app/v1/locker/ido_sell/${c}`, { token: app.tokens.admin })).status).toBe(404)
  })
})
