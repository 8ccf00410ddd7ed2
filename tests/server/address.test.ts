import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS } from '../../src/contract/constants/address.ts'
import { ADDRESS_MSG } from '../../src/contract/messages/address.ts'
import { type Db, openPostgres } from '../../src/server/db/db.ts'
import { ImportRejected, importAddressCsv } from '../../src/server/domain/addressImport.ts'
import { configFromEnv } from '../../src/server/config.ts'
import { buildServer } from '../../src/server/server.ts'
import { TEST_CREDENTIALS_KEY, freshSeededPostgres, seededPglite } from './support.ts'

/**
 * The address database on a real database: PGlite in memory, or — with DATABASE_URL — a fresh
 * database created on that PostgreSQL server for this run and dropped afterwards.
 */
let db: Db
let app: Awaited<ReturnType<typeof buildServer>>['app']
let dropDatabase: (() => Promise<void>) | null = null
const tokens: Record<string, string> = {}

async function freshDatabase(): Promise<Db> {
  const url = process.env.DATABASE_URL
  if (!url) return seededPglite()
  const fresh = await freshSeededPostgres(url)
  dropDatabase = fresh.drop
  return openPostgres(fresh.url)
}

const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  app.request(`/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })

const towns = (searchText: string) => api('app/v1/public/address/database/RO/town/autocomplete', { method: 'POST', body: { searchText } })
const json = async <T = any>(res: Response): Promise<T> => (await res.json()) as T

beforeAll(async () => {
  db = await freshDatabase()
  ;({ app } = await buildServer({ ...configFromEnv({ CREDENTIALS_KEY: TEST_CREDENTIALS_KEY }), staticDir: '/nonexistent' }, db))
  for (const [who, email, password] of [
    ['admin', 'admin@example.com', 'admin123'],
    ['worker', 'worker@example.com', 'worker123'],
    ['client', 'client@example.com', 'client123'],
  ]) {
    const res = await api('user/login', { method: 'POST', body: { email, password } })
    expect(res.status).toBe(200)
    tokens[who!] = (await json(res))._token
  }
})

afterAll(async () => {
  await db?.close()
  await dropDatabase?.()
})

const localityId = async (name: string, municipality: string) =>
  (await db.query<{ id: number }>(`select id from localities where name = $1 and municipality = $2`, [name, municipality]))[0]!.id

describe('demo dataset (seed)', () => {
  it('has every county seat and the Bucharest sectors, with the postal codes the seed clients use', async () => {
    const seats = await db.query<{ county: string }>(
      `select distinct county from localities where country_id = 1 and (name_norm = municipality_norm or name = 'București')`,
    )
    expect(seats.length).toBe(42) // 41 counties + București
    const sectors = await db.query(`select 1 from localities where name = 'București' and municipality like 'Sector _'`)
    expect(sectors).toHaveLength(6)
    const [n] = await db.query<{ n: number }>(`select count(*)::int as n from localities where country_id = 1`)
    expect(n!.n).toBeGreaterThan(250)
    const codes = await db.query<{ name: string; postal_code: string }>(
      `select name, postal_code from localities where (name, postal_code) in (('București','010011'),('Cluj-Napoca','400001'),('Iași','700001'),('Timișoara','300001'))`,
    )
    expect(codes).toHaveLength(4)
    const lockers = await db.query<{ iso: string; n: number }>(
      `select c.iso_code as iso, count(*)::int as n from lockers k join countries c on c.id = k.country_id group by 1 order by 1`,
    )
    expect(lockers.map((l) => l.iso)).toEqual(['BG', 'HU', 'RO'])
    for (const l of lockers) expect(l.n).toBeGreaterThanOrEqual(10)
  })
})

describe('POST app/v1/public/address/database/RO/town/autocomplete (public)', () => {
  it('answers without a token with name, voivodeship, municipality and postal code', async () => {
    const res = await towns('Iasi')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body[0]).toEqual({ name: 'Iași', voivodeship: 'Iași', municipality: 'Iași', postal_code: '700001' })
  })

  it.each([
    ['brasov', 'Brașov', '500001'],
    ['BRAȘOV', 'Brașov', '500001'],
    ['cluj napoca', 'Cluj-Napoca', '400001'],
    ['timisoara', 'Timișoara', '300001'],
    ['Ştefăneştii', 'Ștefăneștii de Jos', '077175'], // cedilla ş finds comma-below ș
    ['napoca', 'Cluj-Napoca', '400001'], // a later word of the name
  ])('is diacritic- and case-insensitive: %s → %s', async (text, name, postal) => {
    const body = await json<Array<{ name: string; postal_code: string }>>(await towns(text))
    expect(body[0]).toMatchObject({ name, postal_code: postal })
  })

  it('lists the Bucharest sectors and villages with their municipality', async () => {
    const bucharest = await json<Array<{ municipality: string }>>(await towns('bucuresti'))
    expect(bucharest.map((t) => t.municipality)).toEqual(['Sector 1', 'Sector 2', 'Sector 3', 'Sector 4', 'Sector 5', 'Sector 6'])
    const uricani = await json<Array<{ voivodeship: string; municipality: string }>>(await towns('Uricani'))
    expect(uricani).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ voivodeship: 'Hunedoara', municipality: 'Uricani' }),
        expect.objectContaining({ voivodeship: 'Iași', municipality: 'Miroslava' }),
      ]),
    )
  })

  it('orders exact names first and answers at most the limit', async () => {
    const body = await json<Array<{ name: string }>>(await towns('iasi'))
    expect(body[0]!.name).toBe('Iași') // before Filiași
    const many = await json<unknown[]>(await towns('esti'))
    expect(many.length).toBe(ADDRESS.searchLimit)
  })

  it('finds towns by postal code when the text is digits', async () => {
    const body = await json<Array<{ name: string; postal_code: string }>>(await towns('0771'))
    expect(body.length).toBeGreaterThan(5)
    for (const t of body) expect(t.postal_code.startsWith('0771')).toBe(true)
  })

  it('answers an empty list for an unknown town (the browser shows town-not-found)', async () => {
    const res = await towns('Xyzzyville')
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual([])
  })

  it.each(['Ia', '  ab  ', ''])('rejects a text under 3 characters (%j) with 422 and a Polish message', async (text) => {
    const res = await towns(text)
    expect(res.status).toBe(422)
    expect((await json(res)).errors.searchText).toEqual([ADDRESS_MSG.searchTooShort])
  })
})

describe('GET app/v2/address_database/locality/search', () => {
  it('needs a signed-in user', async () => {
    expect((await api('app/v2/address_database/locality/search?country_id=1&query=iasi')).status).toBe(401)
  })

  it.each(['admin', 'worker', 'client'])('answers %s with id, name, voivodeship, municipality, postal code', async (who) => {
    const res = await api('app/v2/address_database/locality/search?country_id=1&query=iasi', { token: tokens[who] })
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body[0]).toEqual({ id: await localityId('Iași', 'Iași'), name: 'Iași', voivodeship: 'Iași', municipality: 'Iași', postal_code: '700001' })
  })

  it('searches within the given country only', async () => {
    const res = await api('app/v2/address_database/locality/search?country_id=3&query=iasi', { token: tokens.client })
    expect(await json(res)).toEqual([])
  })

  it('finds a locality by a street-level postal code', async () => {
    const res = await api('app/v2/address_database/locality/search?country_id=1&postal_code=020396', { token: tokens.client })
    const body = await json<Array<{ name: string; municipality: string }>>(res)
    expect(body).toEqual([expect.objectContaining({ name: 'București', municipality: 'Sector 2' })])
  })

  it.each([
    ['country_id=1&query=ia', 'query', ADDRESS_MSG.searchTooShort],
    ['country_id=1', 'query', ADDRESS_MSG.localityCriteriaMissing],
    ['query=iasi', 'country_id', undefined],
  ])('rejects %s with 422', async (qs, field, message) => {
    const res = await api(`app/v2/address_database/locality/search?${qs}`, { token: tokens.client })
    expect(res.status).toBe(422)
    const errors = (await json(res)).errors
    expect(errors[field]).toBeDefined()
    if (message) expect(errors[field]).toContain(message)
  })
})

describe('GET app/v2/address_database/locality/{localityId}/street/search', () => {
  it('finds streets of the locality, diacritic-insensitive, with type and street postal code', async () => {
    const id = await localityId('București', 'Sector 5')
    const res = await api(`app/v2/address_database/locality/${id}/street/search?query=kogalniceanu`, { token: tokens.client })
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body).toEqual([{ id: expect.any(Number), type: 'Bulevardul', name: 'Mihail Kogălniceanu', postal_code: '050107' }])
  })

  it('does not mix localities', async () => {
    const cluj = await localityId('Cluj-Napoca', 'Cluj-Napoca')
    const body = await json<Array<{ name: string; postal_code: string | null }>>(
      await api(`app/v2/address_database/locality/${cluj}/street/search?query=dorob`, { token: tokens.worker }),
    )
    expect(body).toEqual([expect.objectContaining({ name: 'Dorobanților', postal_code: null })])
  })

  it('answers 404 for an unknown locality and 422 for a short text', async () => {
    expect((await api('app/v2/address_database/locality/999999/street/search?query=abc', { token: tokens.client })).status).toBe(404)
    const id = await localityId('Iași', 'Iași')
    expect((await api(`app/v2/address_database/locality/${id}/street/search?query=ab`, { token: tokens.client })).status).toBe(422)
  })
})

describe('GET app/v2/locker/search', () => {
  it('searches a country by text', async () => {
    const hu = await json<Array<{ code: string; city: string }>>(await api('app/v2/locker/search?country_id=3&query=budapest', { token: tokens.client }))
    expect(hu.length).toBeGreaterThanOrEqual(5)
    for (const l of hu) expect(l).toMatchObject({ city: 'Budapest', code: expect.stringMatching(/^HU-/) })
    const bg = await json<Array<{ city: string }>>(await api('app/v2/locker/search?country_id=4&query=sofia', { token: tokens.admin }))
    expect(bg.length).toBeGreaterThan(0)
    expect(await json(await api('app/v2/locker/search?country_id=1&query=sofia', { token: tokens.admin }))).toEqual([])
  })

  it('lists the lockers of a locality (linked by the importer) and narrows them by text', async () => {
    const cluj = await localityId('Cluj-Napoca', 'Cluj-Napoca')
    const all = await json<Array<{ locality_id: number; name: string }>>(
      await api(`app/v2/locker/search?country_id=1&locality_id=${cluj}`, { token: tokens.client }),
    )
    expect(all).toHaveLength(3)
    for (const l of all) expect(l.locality_id).toBe(cluj)
    const one = await json<Array<{ name: string }>>(await api(`app/v2/locker/search?country_id=1&locality_id=${cluj}&query=manastur`, { token: tokens.client }))
    expect(one.map((l) => l.name)).toEqual(['Locker Mănăștur'])
    const sector6 = await localityId('București', 'Sector 6')
    const s6 = await json<Array<{ code: string }>>(await api(`app/v2/locker/search?country_id=1&locality_id=${sector6}`, { token: tokens.client }))
    expect(s6.map((l) => l.code).sort()).toEqual(['RO-B-0012', 'RO-B-0013'])
  })

  it('needs a text of 3+ characters or a locality', async () => {
    expect((await api('app/v2/locker/search?country_id=1', { token: tokens.client })).status).toBe(422)
    expect((await api('app/v2/locker/search?country_id=1&query=ab', { token: tokens.client })).status).toBe(422)
    expect((await api('app/v2/locker/search?country_id=1&query=abc')).status).toBe(401)
  })
})

describe('importer (docs/address-import.md)', () => {
  const count = async (sql: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`))[0]!.n

  it('imports a valid file, and re-importing it is idempotent', async () => {
    const file = [
      'country,county,municipality,name,postal_code',
      'RO,Vâlcea,Drăgășani,Drăgășani,245700',
      'RO,Vâlcea,Călimănești,"Călimănești",245600',
      'RO,Vâlcea,Horezu,Horezu,245800',
      '',
    ].join('\r\n')
    const first = await db.tx((q) => importAddressCsv(q, 'localities', [file]))
    expect(first).toMatchObject({ rows: 3, inserted: 3, updated: 0, errorCount: 0 })
    const ids = await db.query(`select id, name from localities where county = 'Vâlcea' and name_norm <> 'ramnicu valcea' order by id`)
    const again = await db.tx((q) => importAddressCsv(q, 'localities', [file]))
    expect(again).toMatchObject({ rows: 3, inserted: 0, updated: 3 })
    expect(await db.query(`select id, name from localities where county = 'Vâlcea' and name_norm <> 'ramnicu valcea' order by id`)).toEqual(ids)
    const found = await json<Array<{ name: string }>>(await towns('dragasani'))
    expect(found[0]).toMatchObject({ name: 'Drăgășani', postal_code: '245700' })
  })

  it('rejects a file with bad rows whole, naming every bad line, and writes nothing', async () => {
    const before = await count('localities')
    const file = [
      'country,county,municipality,name,postal_code',
      'RO,Vâlcea,Băbeni,Băbeni,245100', // fine, but the file is rejected
      'RO,Vâlcea,Brezoi,Brezoi,24560', // 5 digits
      'XX,Nowhere,Nowhere,Nowhere,123456',
      'RO,Vâlcea,,Berbești,245500', // municipality missing
      'RO,Vâlcea,Horezu', // too few fields
      '"RO","Vâlcea","Ocnele Mari","Ocnele Mari","246100"',
    ].join('\n')
    const err = await db.tx((q) => importAddressCsv(q, 'localities', [file])).catch((e) => e)
    expect(err).toBeInstanceOf(ImportRejected)
    const report = (err as ImportRejected).report
    expect(report.errors.map((e) => [e.line, e.column])).toEqual([
      [3, 'postal_code'],
      [4, 'country'],
      [5, 'municipality'],
      [6, undefined],
    ])
    expect(report.errorCount).toBe(4)
    expect(await count('localities')).toBe(before)
    expect(await count(`localities where name in ('Băbeni', 'Ocnele Mari')`)).toBe(0)
  })

  it('with skipInvalid writes the good rows and reports the bad ones', async () => {
    const file = 'country;county;municipality;name;postal_code\nRO;Vâlcea;Băbeni;Băbeni;245100\nRO;Vâlcea;Brezoi;Brezoi;2456\n'
    const report = await db.tx((q) => importAddressCsv(q, 'localities', [file], { skipInvalid: true }))
    expect(report).toMatchObject({ rows: 2, inserted: 1, skipped: 1, errorCount: 1 })
    expect(report.errors[0]).toMatchObject({ line: 3, column: 'postal_code' })
    expect(await count(`localities where name = 'Băbeni'`)).toBe(1)
  })

  it('rejects a bad header and an unterminated quote', async () => {
    const header = await db.tx((q) => importAddressCsv(q, 'lockers', ['country,code,name,town\nRO,1,a,b\n'])).catch((e) => e)
    expect((header as ImportRejected).report.errors.map((e) => e.message)).toEqual([
      ADDRESS_MSG.import.missingColumns(['city', 'address']),
      ADDRESS_MSG.import.unknownColumns(['town']),
    ])
    const quote = await db.tx((q) => importAddressCsv(q, 'localities', ['country,county,municipality,name,postal_code\nRO,Alba,"Aiud,Aiud,515200\n'])).catch((e) => e)
    expect((quote as ImportRejected).report.errors).toEqual([{ line: 2, message: ADDRESS_MSG.import.unterminatedQuote }])
  })

  it('streets must name an existing locality; quoted names with commas and line breaks survive', async () => {
    const bad = 'country,county,municipality,locality,type,name,postal_code\nRO,Iași,Iași,Iași,Strada,"Test, cu virgulă",700001\nRO,Iași,Iași,Iașii,Strada,Nouă,\n'
    const err = await db.tx((q) => importAddressCsv(q, 'streets', [bad])).catch((e) => e)
    expect((err as ImportRejected).report.errors).toEqual([{ line: 3, column: 'locality', message: ADDRESS_MSG.import.localityMissing }])
    const good = 'country,county,municipality,locality,type,name,postal_code\nRO,Iasi,IASI,iasi,Strada,"Test, cu virgulă",700001\n'
    const report = await db.tx((q) => importAddressCsv(q, 'streets', [good]))
    expect(report).toMatchObject({ inserted: 1 })
    const id = await localityId('Iași', 'Iași')
    const streets = await json<Array<{ name: string }>>(await api(`app/v2/address_database/locality/${id}/street/search?query=test cu`, { token: tokens.client }))
    expect(streets.map((s) => s.name)).toEqual(['Test, cu virgulă'])
  })

  it('replace removes the rows of the file’s countries that the file no longer lists', async () => {
    const file = 'country,code,name,city,address,postal_code,lat,lng\nBG,BG-SF-0001,Locker Vitosha (nou),Sofia,bul. Vitosha 15,1000,42.692,23.32\n'
    const report = await db.tx((q) => importAddressCsv(q, 'lockers', [file], { replace: true }))
    expect(report.updated).toBe(1)
    expect(report.removed).toBeGreaterThan(5)
    expect(await count(`lockers where country_id = 4`)).toBe(1)
    expect(await count(`lockers where country_id = 3`)).toBeGreaterThan(5) // other countries untouched
    const [l] = await db.query<{ name: string; lat: number }>(`select name, lat from lockers where code = 'BG-SF-0001'`)
    expect(l).toEqual({ name: 'Locker Vitosha (nou)', lat: 42.692 })
  })

  it('reads a file streamed in small chunks that split multi-byte characters', async () => {
    const text = 'country,county,municipality,name,postal_code\nRO,Vâlcea,Bălcești,Bălcești,245400\n'
    const bytes = new TextEncoder().encode(text)
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.slice(i, i + 1))
    const report = await db.tx((q) => importAddressCsv(q, 'localities', chunks))
    expect(report.inserted).toBe(1)
    expect(await count(`localities where name = 'Bălcești' and postal_code = '245400'`)).toBe(1)
  })
})
