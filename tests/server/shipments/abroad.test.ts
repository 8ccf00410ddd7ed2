import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PARCEL_LIMITS, SHIPMENT } from '../../../src/contract/constants/shipments.ts'
import { endpoints as E } from '../../../src/contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../../src/contract/messages/shipments.ts'
import { type Places, parcel, places, shipmentBody } from './fixtures.ts'
import { type Harness, one, startHarness } from './support.ts'

/**
 * Home and locker services to each destination country (the address database holds Hungarian and
 * Bulgarian localities with their real postal codes), the postal code that must belong to the
 * chosen locality (and the label that never prints another one), the parcel limits per service
 * and courier, and amounts that are refused rather than rounded.
 */
let h: Harness
let p: Places
let client: string

type Loc = { id: number; name: string; voivodeship: string; municipality: string; postal_code: string }
const search = async (country: number, query: Record<string, string>) => {
  const res = await h.call<Loc[]>(E.localitySearch, { token: client, query: { country_id: String(country), ...query } })
  expect(res.status).toBe(200)
  return res.body
}
const create = (body: unknown) => h.call(E.shipmentCreate, { token: client, body })
const count = async () => (await one<{ n: number }>(h.db, `select count(*)::int as n from shipments`)).n

/** A create body whose entered party lives at this locality (home) or this country's first locker. */
function bodyAt(service: 1 | 2 | 3 | 4, country: number, loc: Loc | null, over: { postal_code?: string; parcels?: unknown[]; cod?: number } = {}) {
  const b = shipmentBody(p, service, { country, cod: over.cod })
  const key = service === 2 || service === 4 ? 'sender' : 'recipient'
  const party = b[key]!
  const entered = loc
    ? { ...party, address: { locality: { id: loc.id, name: loc.name }, postal_code: over.postal_code ?? loc.postal_code, details: 'Fő utca 1' } }
    : party
  return { ...b, [key]: entered, parcels: over.parcels ?? b.parcels }
}

let budapest5: Loc
let sofia: Loc
let bucuresti: Loc

beforeAll(async () => {
  h = await startHarness()
  p = await places(h.db)
  client = await h.login('client@example.com')
  budapest5 = (await search(3, { query: 'Budapest', postal_code: '1051' }))[0]!
  sofia = (await search(4, { query: 'Sofia', postal_code: '1000' }))[0]!
  bucuresti = (await search(1, { query: 'București', postal_code: '010011' }))[0]!
})
afterAll(() => h?.close())

describe('the address database holds Hungarian and Bulgarian localities, found by country', () => {
  it('every Budapest district I–XXIII with its postal code (1 + district number + a digit)', async () => {
    const districts = await h.db.query<{ municipality: string; postal_code: string }>(
      `select municipality, postal_code from localities l join countries c on c.id = l.country_id where c.iso_code = 'HU' and l.name = 'Budapest' order by postal_code`,
    )
    expect(districts).toHaveLength(23)
    districts.forEach((d, i) => {
      expect(d.postal_code).toMatch(new RegExp(`^1${String(i + 1).padStart(2, '0')}\\d$`))
      expect(d.municipality).toMatch(/^[IVX]+\. kerület$/)
    })
    expect(budapest5).toMatchObject({ name: 'Budapest', municipality: 'V. kerület', postal_code: '1051' })
  })

  it.each([
    [3, 'Debrecen', '4024'], [3, 'Szeged', '6720'], [3, 'Miskolc', '3525'], [3, 'Pécs', '7621'], [3, 'Győr', '9021'],
    [3, 'Nyíregyháza', '4400'], [3, 'Kecskemét', '6000'], [3, 'Székesfehérvár', '8000'],
    [4, 'Plovdiv', '4000'], [4, 'Varna', '9000'], [4, 'Burgas', '8000'], [4, 'Ruse', '7000'], [4, 'Stara Zagora', '6000'], [4, 'Pleven', '5800'],
  ] as const)('country %i: %s with its main postal code %s', async (country, name, postal) => {
    const found = await search(country, { query: name })
    expect(found[0]).toMatchObject({ name, postal_code: postal })
  })

  it('at least 30 towns in each of HU and BG; Sofia 1000 and its districts; a Hungarian town is not found in Romania', async () => {
    for (const iso of ['HU', 'BG']) {
      const towns = await h.db.query(`select distinct l.name from localities l join countries c on c.id = l.country_id where c.iso_code = $1`, [iso])
      expect(towns.length).toBeGreaterThanOrEqual(30)
    }
    expect(sofia).toMatchObject({ name: 'Sofia', postal_code: '1000' })
    expect((await search(4, { query: 'Sofia' })).length).toBeGreaterThanOrEqual(10)
    expect(await search(1, { query: 'Debrecen' })).toEqual([])
    expect(await search(3, { query: 'Plovdiv' })).toEqual([])
  })
})

describe('each of the four services to each of RO, HU and BG', () => {
  const cases = [1, 3, 4].flatMap((country) => ([1, 2, 3, 4] as const).map((service) => [service, country] as const))
  const courier: Record<string, string> = { '1/1': 'DPD Romania', '1/3': 'Sameday Romania', '3/1': 'GLS Hungary', '3/3': 'GLS Hungary', '4/1': 'Speedy Bulgaria', '4/3': 'Speedy Bulgaria' }
  it.each(cases)('service %i to country %i: 201, registered with the route\'s courier', async (service, country) => {
    const home = service === 1 || service === 2
    const loc = home ? { 1: bucuresti, 3: budapest5, 4: sofia }[country]! : null
    const res = await create(bodyAt(service, country, loc))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const view = (await h.call(E.shipmentGet, { token: client, params: { internalNumber: res.body.internal_waybill } })).body.shipment
    const party = view[service === 2 || service === 4 ? 'sender' : 'recipient']
    expect(party.country.id).toBe(country)
    if (loc) expect(party.address).toMatchObject({ locality: { id: loc.id, name: loc.name }, postal_code: loc.postal_code, details: 'Fő utca 1' })
    else expect(party.locker).not.toBeNull()
    expect(view.internal_info.correctly_requested_at).not.toBeNull()
    const carrier = courier[`${country}/${home ? 1 : 3}`]
    expect(service === 2 || service === 4 ? view.external_couriers.first_mile : view.external_couriers.last_mile).toBe(carrier)
  })
})

async function pdfText(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise
  let text = ''
  for (let i = 1; i <= doc.numPages; i++) text += (await (await doc.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n'
  return text
}

describe('the postal code belongs to the chosen locality', () => {
  it.each([
    ['Cluj-Napoca\'s code for București', 1, '400001'],
    ['a code of no locality', 1, '999999'],
    ['another district\'s code for Budapest V', 3, '1011'],
  ])('%s: 422 on the postal code, nothing written', async (_, country, postal) => {
    const before = await count()
    const res = await create(bodyAt(1, country, country === 1 ? bucuresti : budapest5, { postal_code: postal }))
    expect(res.status).toBe(422)
    expect(res.body.errors['recipient.address.postal_code']).toEqual([SHIPMENT_MSG.postalCodeNotOfLocality])
    expect(await count()).toBe(before)
  })

  it('a street code of the locality is accepted; an empty code takes the locality\'s own', async () => {
    const street = await one<{ postal_code: string; locality_id: number }>(
      h.db,
      `select s.postal_code, s.locality_id from streets s join localities l on l.id = s.locality_id where l.name = 'București' and s.postal_code <> '' limit 1`,
    )
    const loc = await one<Loc>(h.db, `select id, name, county as voivodeship, municipality, postal_code from localities where id = $1`, [street.locality_id])
    expect((await create(bodyAt(1, 1, loc, { postal_code: street.postal_code }))).status).toBe(201)
    const blank = await create(bodyAt(1, 3, budapest5, { postal_code: '' }))
    expect(blank.status).toBe(201)
    const view = (await h.call(E.shipmentGet, { token: client, params: { internalNumber: blank.body.internal_waybill } })).body.shipment
    expect(view.recipient.address.postal_code).toBe('1051')
  })

  it('a label never prints a code that does not belong to the locality (one stored before the rule): the locality\'s own instead', async () => {
    const made = await create(bodyAt(1, 1, bucuresti))
    expect(made.status).toBe(201)
    await h.db.query(`update parties set postal_code = '400001' where id = (select recipient_id from shipments where id = $1)`, [made.body.id])
    const label = await h.call(E.labels100150, { token: client, params: { internalNumber: made.body.internal_waybill } })
    expect(label.status).toBe(200)
    const text = await pdfText(label.bytes)
    expect(text).not.toContain('400001')
    expect(text).toContain(`${bucuresti.postal_code} București`)
  })
})

describe('parcel limits per service and courier (contract PARCEL_LIMITS)', () => {
  const withParcel = (service: 1 | 3, country: number, weight: number, dims: [number, number, number]) =>
    bodyAt(service, country, service === 1 ? { 1: bucuresti, 3: budapest5, 4: sofia }[country]! : null, {
      parcels: [{ in_shipment_order: 1, weight: { declared: weight }, dimensions: { declared: { height: dims[0], width: dims[1], length: dims[2] } } }],
    })

  it('1000 kg and 150 × 150 × 150 cm are refused (422 per field, Polish), nothing written', async () => {
    const before = await count()
    const res = await create(withParcel(1, 1, 1000, [150, 150, 150]))
    expect(res.status).toBe(422)
    const dpd = PARCEL_LIMITS.home.dpd_romania!
    expect(res.body.errors['parcels.0.weight.declared']).toEqual([SHIPMENT_MSG.parcelTooHeavy(dpd.maxWeightKg)])
    expect(res.body.errors['parcels.0.dimensions.declared.length']).toEqual([SHIPMENT_MSG.parcelGirthTooLarge(dpd.maxGirthCm!)])
    expect(SHIPMENT_MSG.parcelTooHeavy(31.5)).toContain('31,5 kg')
    expect(await count()).toBe(before)
  })

  it('home: the limit of the route\'s courier (31.5 kg accepted, 31.51 refused; the longest side by courier)', async () => {
    expect((await create(withParcel(1, 1, 31.5, [10, 20, 175]))).status).toBe(201)
    const heavy = await create(withParcel(1, 3, 31.51, [10, 10, 10]))
    expect(heavy.status).toBe(422)
    expect(Object.keys(heavy.body.errors)).toEqual(['parcels.0.weight.declared'])
    // 176 cm: over DPD's 175, within GLS's 200 (girth 176 + 2 × 10 + 2 × 10 = 216).
    const long = await create(withParcel(1, 1, 5, [10, 10, 176]))
    expect(long.status).toBe(422)
    expect(long.body.errors['parcels.0.dimensions.declared.length']).toEqual([SHIPMENT_MSG.parcelSideTooLong(175)])
    expect((await create(withParcel(1, 3, 5, [10, 10, 176]))).status).toBe(201)
    // The longest side is reported where it was typed.
    const tall = await create(withParcel(1, 4, 5, [130, 10, 10]))
    expect(tall.status).toBe(422)
    expect(tall.body.errors['parcels.0.dimensions.declared.height']).toEqual([SHIPMENT_MSG.parcelSideTooLong(120)])
  })

  it('locker: the parcel must fit the compartment in some orientation and weigh at most its limit', async () => {
    const box = PARCEL_LIMITS.locker.default!.boxCm!
    expect((await create(withParcel(3, 1, 20, [box[2], box[0], box[1]]))).status).toBe(201)
    const big = await create(withParcel(3, 3, 5, [box[0] + 1, 10, 10]))
    expect(big.status).toBe(422)
    expect(big.body.errors['parcels.0.dimensions.declared.height']).toEqual([SHIPMENT_MSG.parcelTooBigForLocker(box)])
    const heavy = await create(withParcel(3, 4, 20.5, [10, 10, 10]))
    expect(heavy.status).toBe(422)
    expect(heavy.body.errors['parcels.0.weight.declared']).toEqual([SHIPMENT_MSG.parcelTooHeavy(20)])
  })

  it('an update is held to the same limits', async () => {
    await h.db.query(`delete from courier_routes where country_iso = 'BG' and delivery_service = 1`)
    try {
      const made = await create(bodyAt(1, 4, sofia))
      expect(made.status).toBe(201)
      const res = await h.call(E.shipmentUpdate, { token: client, body: { ...bodyAt(1, 4, sofia), id: made.body.id, parcels: [parcel(0, 40)] } })
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['parcels.0.weight.declared'])
    } finally {
      await h.db.query(`insert into courier_routes (country_iso, delivery_service, courier_code) values ('BG', 1, 'speedy_bulgaria') on conflict do nothing`)
    }
  })
})

describe('amounts are refused, never rounded', () => {
  it.each([123.456789, 0.001, 10.005])('cash on delivery %s: 422 on content.cash_on_delivery_value, nothing written', async (cod) => {
    const before = await count()
    const res = await create(bodyAt(1, 1, bucuresti, { cod }))
    expect(res.status).toBe(422)
    expect(res.body.errors['content.cash_on_delivery_value']).toEqual([SHIPMENT_MSG.amountScale(SHIPMENT.moneyScale)])
    expect(await count()).toBe(before)
  })

  it('a declared value with more than 2 decimals is refused too; 123.45 is kept exactly', async () => {
    const b = bodyAt(1, 1, bucuresti, { cod: 123.45 })
    const bad = await create({ ...b, content: { ...b.content, declared_value: 99.999 } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors)).toEqual(['content.declared_value'])
    const ok = await create(b)
    expect(ok.status).toBe(201)
    expect((await one<{ cod: string }>(h.db, `select cash_on_delivery_value::text as cod from shipments where id = $1`, [ok.body.id])).cod).toBe('123.45')
  })
})
