import { COUNTRY } from '../../contract/constants/address.ts'
import { DELIVERY_SERVICE } from '../../contract/constants/shipments.ts'
import { STATUS_SYSTEM_ID, WAREHOUSE } from '../../contract/constants/warehouse.ts'
import type { Queryable } from '../db/db.ts'

/**
 * The warehouse part of couriers, status types (with what each workstation type
 * offers), problem sectors, sorting buckets, client parameters and aliases, one parcel for every
 * branch of the intake and sorting tables, and a few hundred ordinary shipments over the last
 * 60 days. Numbers and names here are what tests and QA notes rely on: keep them stable.
 */

// ---- reference data ------------------------------------------------------------------------------

/** Couriers: 1 is the operator; 2 DPD Romania; 3 Sameday Romania; 4 HU; 5 BG. */
export const COURIER = { operator: 1, dpdRo: 2, samedayRo: 3, glsHu: 4, speedyBg: 5 } as const

async function couriers(q: Queryable) {
  const rows: Array<[number, string, string, number, string | null]> = [
    [COURIER.operator, 'RE Logistics', 'operator', COUNTRY.PL, null],
    [COURIER.dpdRo, 'DPD Romania', 'dpd_romania', COUNTRY.RO, '^[0-9]{14}$'],
    [COURIER.samedayRo, 'Sameday Romania', 'sameday_romania', COUNTRY.RO, '^[0-9][A-Z]{3,5}[0-9]{4,}$'],
    [COURIER.glsHu, 'GLS Hungary', 'gls_hungary', COUNTRY.HU, null],
    [COURIER.speedyBg, 'Speedy Bulgaria', 'speedy_bulgaria', COUNTRY.BG, null],
  ]
  for (const [id, name, code, country, pattern] of rows) {
    await q.query(`insert into couriers (id, name, code, country_id) values ($1, $2, $3, $4) on conflict (id) do nothing`, [id, name, code, country])
    await q.query(`update couriers set inbound_pattern = $2 where id = $1`, [id, pattern])
  }
}

/** Status type ids the seed and tests use (55 is the default intake status). */
export const STATUS = {
  registered: 1,
  cancelled: 2,
  received: WAREHOUSE.defaultStatusTypeId,
  returnReceived: 56,
  sorted: 57,
  handedToCourier: 58,
  knownProblem: 59,
  unknownProblem: 60,
  problemResolved: 61,
  returnedToSender: 62,
  dpdOutForDelivery: 100,
  dpdDelivered: 101,
  samedayOutForDelivery: 110,
  samedayDelivered: 111,
  samedayInLocker: 112,
  glsDelivered: 120,
  speedyDelivered: 130,
} as const

async function statusTypes(q: Queryable) {
  await q.exec(`
    insert into status_type_groups (id, identifier, name) values
      (1, 'registered', 'Zarejestrowane'), (2, 'warehouse', 'W magazynie'), (3, 'transit', 'W transporcie'),
      (4, 'delivered', 'Doręczone'), (5, 'returns', 'Zwroty'), (6, 'problems', 'Problemy'), (7, 'cancelled', 'Anulowane');
  `)
  // id, name, displayed_name, displayed_name_ro, internal, id_courier, system_id, code, group
  const rows: Array<[number, string, string, string, 0 | 1, number, string | null, string, number]> = [
    [STATUS.registered, 'Zarejestrowana', 'Przesyłka zarejestrowana', 'Expediere înregistrată', 0, 1, null, 'REGISTERED', 1],
    [STATUS.cancelled, 'Anulowana', 'Przesyłka anulowana', 'Expediere anulată', 0, 1, STATUS_SYSTEM_ID.cancelled, 'CANCELLED', 7],
    [STATUS.received, 'Przyjęta na magazyn', 'Przesyłka przyjęta w magazynie', 'Colet recepționat în depozit', 0, 1, null, 'WAREHOUSE_RECEIVED', 2],
    [STATUS.returnReceived, 'Zwrot przyjęty na magazyn', 'Zwrot przyjęty w magazynie', 'Retur recepționat în depozit', 0, 1, null, 'RETURN_RECEIVED', 5],
    [STATUS.sorted, 'Posortowana', 'Przesyłka posortowana', 'Colet sortat', 0, 1, null, 'SORTED', 2],
    [STATUS.handedToCourier, 'Wydana kurierowi', 'Przesyłka wydana kurierowi', 'Colet predat curierului', 0, 1, null, 'HANDED_TO_COURIER', 3],
    [STATUS.knownProblem, 'Wykryto znany problem', 'Wykryto znany problem', 'Problemă cunoscută detectată', 1, 1, STATUS_SYSTEM_ID.knownProblem, 'KNOWN_PROBLEM', 6],
    [STATUS.unknownProblem, 'Wykryto nieznany problem', 'Wykryto nieznany problem', 'Problemă necunoscută detectată', 1, 1, STATUS_SYSTEM_ID.unknownProblem, 'UNKNOWN_PROBLEM', 6],
    [STATUS.problemResolved, 'Problem rozwiązany', 'Problem z przesyłką rozwiązany', 'Problemă rezolvată', 1, 1, null, 'PROBLEM_RESOLVED', 2],
    [STATUS.returnedToSender, 'Zwrot doręczony nadawcy', 'Zwrot doręczony nadawcy', 'Retur livrat expeditorului', 0, 1, null, 'RETURNED_TO_SENDER', 5],
    [STATUS.dpdOutForDelivery, 'DPD: w doręczeniu', 'Przesyłka w doręczeniu', 'Colet în curs de livrare', 0, COURIER.dpdRo, null, 'DPD_OUT_FOR_DELIVERY', 3],
    [STATUS.dpdDelivered, 'DPD: doręczona', 'Przesyłka doręczona', 'Colet livrat', 0, COURIER.dpdRo, null, 'DPD_DELIVERED', 4],
    [STATUS.samedayOutForDelivery, 'Sameday: w doręczeniu', 'Przesyłka w doręczeniu', 'Colet în curs de livrare', 0, COURIER.samedayRo, null, 'SAMEDAY_OUT_FOR_DELIVERY', 3],
    [STATUS.samedayDelivered, 'Sameday: doręczona', 'Przesyłka doręczona', 'Colet livrat', 0, COURIER.samedayRo, null, 'SAMEDAY_DELIVERED', 4],
    [STATUS.samedayInLocker, 'Sameday: w automacie', 'Przesyłka czeka w automacie paczkowym', 'Colet depus în easybox', 0, COURIER.samedayRo, null, 'SAMEDAY_IN_LOCKER', 3],
    [STATUS.glsDelivered, 'GLS: doręczona', 'Przesyłka doręczona', 'Colet livrat', 0, COURIER.glsHu, null, 'GLS_DELIVERED', 4],
    [STATUS.speedyDelivered, 'Speedy: doręczona', 'Przesyłka doręczona', 'Colet livrat', 0, COURIER.speedyBg, null, 'SPEEDY_DELIVERED', 4],
  ]
  for (const r of rows) {
    await q.query(
      `insert into status_types (id, name, displayed_name, displayed_name_ro, internal, id_courier, system_id, code, status_type_group_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      r,
    )
  }
  // What each workstation type offers, in order (types: 1 PRZJ, 2 ZWRT, 3 PRBL, 4 SRTW).
  const offers: Record<number, number[]> = {
    1: [STATUS.received, STATUS.knownProblem, STATUS.unknownProblem],
    2: [STATUS.returnReceived, STATUS.received, STATUS.knownProblem, STATUS.unknownProblem],
    3: [STATUS.problemResolved, STATUS.received, STATUS.returnReceived, STATUS.cancelled, STATUS.knownProblem, STATUS.unknownProblem],
    4: [STATUS.sorted, STATUS.handedToCourier, STATUS.knownProblem, STATUS.unknownProblem],
  }
  for (const [type, ids] of Object.entries(offers)) {
    for (const [i, id] of ids.entries()) {
      await q.query(`insert into workstation_type_status_types (workstation_type_id, status_type_id, position) values ($1, $2, $3)`, [Number(type), id, i + 1])
    }
  }
}

/** Problem sectors of TYCHY: codes 3 and 4 duplicated parcels, 14 verification zone. */
export const SECTOR_CODE = { receiving: '1', cancelled: '2', duplicatedA: '3', duplicatedB: '4', blockedDispatch: '5', waitingRoom: '6', verification: '14' } as const

async function sectors(q: Queryable) {
  const rows: Array<[string, string, number, string | null]> = [
    [SECTOR_CODE.receiving, 'Stanowisko przyjęć – przesyłki spoza systemu', STATUS.unknownProblem, 'receiving'],
    [SECTOR_CODE.cancelled, 'Przesyłki anulowane', STATUS.knownProblem, 'cancelled'],
    [SECTOR_CODE.duplicatedA, 'Zduplikowane przesyłki', STATUS.knownProblem, 'duplicated'],
    [SECTOR_CODE.duplicatedB, 'Zduplikowane przesyłki – zwroty', STATUS.knownProblem, 'duplicated'],
    [SECTOR_CODE.blockedDispatch, 'Blokada nadawania', STATUS.knownProblem, 'blocked_dispatch'],
    [SECTOR_CODE.waitingRoom, 'Poczekalnia wielopaków', STATUS.knownProblem, 'multi_pack_waiting_room'],
    [SECTOR_CODE.verification, 'Strefa weryfikacji', STATUS.knownProblem, 'verification_zone'],
  ]
  for (const [code, name, status, purpose] of rows) {
    await q.query(`insert into problematic_sectors (warehouse_id, code, name, internal, status_type_id, purpose) values (1, $1, $2, 1, $3, $4)`, [
      code,
      name,
      status,
      purpose,
    ])
  }
  await q.exec(`
    insert into sorting_buckets (identifier, name, courier_id, country_id, is_return) values
      ('DPD_RO', 'DPD RO', ${COURIER.dpdRo}, ${COUNTRY.RO}, false),
      ('SAMEDAY_RO', 'Sameday RO', ${COURIER.samedayRo}, ${COUNTRY.RO}, false),
      ('HU', 'HU', ${COURIER.glsHu}, ${COUNTRY.HU}, false),
      ('BG', 'BG', ${COURIER.speedyBg}, ${COUNTRY.BG}, false),
      ('RETURNS_PL', 'Zwroty PL', ${COURIER.operator}, ${COUNTRY.PL}, true);
  `)
}

/** Client parameter types the warehouse reads, the dispatch block of Blocked Goods SRL, and label aliases. */
async function clientRules(q: Queryable) {
  const types: Array<[string, string]> = [
    ['SENDING_SHIPMENTS_BLOCK', 'Blokada nadawania przesyłek'],
    ['USE_REAL_WEIGHT_FOR_ROMANIA_SHIPMENTS_ACCOUNTING', 'Rozliczanie wagą rzeczywistą – Rumunia'],
    ['USE_REAL_WEIGHT_FOR_HUNGARY_SHIPMENTS_ACCOUNTING', 'Rozliczanie wagą rzeczywistą – Węgry'],
    ['USE_REAL_WEIGHT_FOR_BULGARIA_SHIPMENTS_ACCOUNTING', 'Rozliczanie wagą rzeczywistą – Bułgaria'],
    ['SIDE_FORMULA_LIMIT', 'Limit sumy boków'],
  ]
  for (const [code, name] of types) {
    await q.query(`insert into client_additional_parameter_types (code, name) values ($1, $2) on conflict (code) do nothing`, [code, name])
  }
  await q.query(
    `insert into client_additional_parameters (client_id, type_id, value)
     select c.id, t.id, '1' from clients c, client_additional_parameter_types t
      where c.name = 'Blocked Goods SRL' and t.code = 'SENDING_SHIPMENTS_BLOCK'
     on conflict (client_id, type_id) do nothing`,
  )
  // Every client's label alias: its name in capitals without spaces or punctuation.
  await q.query(
    `insert into client_aliases (client_id, alias)
     select id, upper(regexp_replace(name, '[^A-Za-z0-9]', '', 'g')) from clients c
      where not exists (select 1 from client_aliases a where a.client_id = c.id)`,
  )
}

// ---- shipments and parcels -----------------------------------------------------------------------

interface PartySpec {
  name: string
  country: number
  locality: string
  postal: string
  details: string
  phone: string
  prefix: string
  private_person?: boolean
  locker?: string | null
}
interface ParcelSpec {
  internal: string
  out?: string | null
  in?: string | null
  ret?: string | null
  buffer?: string | null
  weight?: number
  dims?: [number, number, number]
  alias?: string | null
  repaste?: boolean
  processable?: boolean
  error?: string | null
}
interface ShipmentSpec {
  client: string | null
  service: number
  sender: PartySpec
  recipient: PartySpec
  destination: number
  origin: number
  firstMile?: number | null
  lastMile: number | null
  parcels: ParcelSpec[]
  content?: string
  value?: number
  cod?: number
  currency?: string
  isEmag?: boolean
  createdAt?: Date
  deleted?: boolean
}

const CURRENCY: Record<number, string> = { 1: 'RON', 2: 'PLN', 3: 'HUF', 4: 'BGN' }
const PHONE_PREFIX: Record<number, string> = { 1: '+40', 2: '+48', 3: '+36', 4: '+359' }

async function insertParty(q: Queryable, p: PartySpec): Promise<number> {
  const [r] = await q.query<{ id: number }>(
    `insert into parties (name, private_person, contact_name, email, phone_prefix, phone_number, country_id, locality_name, postal_code, address_details, locker_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [p.name, p.private_person ?? true, p.private_person === false ? p.name : '', '', p.prefix, p.phone, p.country, p.locality, p.postal, p.details, p.locker ?? null],
  )
  return r!.id
}

/** One shipment with its parcels and the registration status row; returns the parcel ids. */
async function insertShipment(q: Queryable, s: ShipmentSpec): Promise<number[]> {
  const clientId = s.client == null ? null : (await q.query<{ id: number }>(`select id from clients where name = $1`, [s.client]))[0]!.id
  const created = s.createdAt ?? new Date(Date.now() - 2 * 86_400_000)
  const isReturn = s.service === DELIVERY_SERVICE.homeReturn || s.service === DELIVERY_SERVICE.lockerReturn
  const [sh] = await q.query<{ id: number }>(
    `insert into shipments (internal_waybill, client_id, delivery_service, sender_id, recipient_id, origin_country_id, destination_country_id,
                            declared_content, declared_value, cash_on_delivery_value, currency, first_mile_courier_id, last_mile_courier_id,
                            is_return, is_emag, correctly_requested_at, created_at, deleted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
    [
      s.parcels[0]!.internal,
      clientId,
      s.service,
      await insertParty(q, s.sender),
      await insertParty(q, s.recipient),
      s.origin,
      s.destination,
      s.content ?? 'Odzież',
      s.value ?? 150,
      s.cod ?? 0,
      s.currency ?? CURRENCY[s.destination] ?? 'RON',
      s.firstMile ?? null,
      s.lastMile,
      isReturn,
      s.isEmag ?? false,
      s.lastMile != null ? new Date(created.getTime() + 3_600_000) : null,
      created,
      s.deleted ? new Date(created.getTime() + 7_200_000) : null,
    ],
  )
  const ids: number[] = []
  for (const [i, p] of s.parcels.entries()) {
    const [dl, dw, dh] = p.dims ?? [30, 20, 15]
    const [row] = await q.query<{ id: number }>(
      `insert into parcels (shipment_id, client_id, internal_number, in_shipment_order, in_number, out_number, return_number, buffer_number,
                            weight_declared, length_declared, width_declared, height_declared, read_client_alias, label_repaste_required,
                            processable, error_message, last_status_type_id, last_status_at, created_at, deleted_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, $19) returning id`,
      [
        sh!.id,
        clientId,
        p.internal,
        i + 1,
        p.in ?? null,
        p.out ?? null,
        p.ret ?? null,
        p.buffer ?? null,
        p.weight ?? 2.5,
        dl,
        dw,
        dh,
        p.alias ?? null,
        p.repaste ?? false,
        p.processable ?? true,
        p.error ?? null,
        STATUS.registered,
        created,
        s.deleted ? new Date(created.getTime() + 7_200_000) : null,
      ],
    )
    ids.push(row!.id)
    await q.query(`insert into parcel_status_history (parcel_id, status_type_id, occurred_at, created_at) values ($1, $2, $3, $3)`, [row!.id, STATUS.registered, created])
  }
  return ids
}

const PL_SENDER: PartySpec = {
  name: 'RE Logistics – magazyn TYCHY',
  country: COUNTRY.PL,
  locality: 'Tychy',
  postal: '43-100',
  details: 'ul. Magazynowa 1',
  phone: '322000000',
  prefix: '+48',
  private_person: false,
}
const roRecipient = (name: string, locality = 'București', postal = '010011'): PartySpec => ({
  name,
  country: COUNTRY.RO,
  locality,
  postal,
  details: 'Strada Victoriei 10',
  phone: '721555000',
  prefix: '+40',
})

/** One parcel for every branch of the intake and sorting tables. */
async function demoParcels(q: Queryable) {
  const demo = 'Demo Shop SRL'
  const home = DELIVERY_SERVICE.homeDelivery
  const ro = { service: home, sender: PL_SENDER, origin: COUNTRY.PL, destination: COUNTRY.RO, lastMile: COURIER.dpdRo }
  // RE100000001: home delivery RO, not yet received (sorting 425 before intake, 201 bucket after).
  await insertShipment(q, { ...ro, client: demo, recipient: roRecipient('Ion Popescu'), parcels: [{ internal: 'RE100000001' }] })
  // RE100000002: with an outbound number; its label must be re-stuck.
  await insertShipment(q, { ...ro, client: demo, recipient: roRecipient('Maria Ionescu'), parcels: [{ internal: 'RE100000002', out: '80012345678902', repaste: true }] })
  // RE100000003: re-paste required, no outbound number ("-").
  await insertShipment(q, { ...ro, client: demo, recipient: roRecipient('Andrei Dumitru'), parcels: [{ internal: 'RE100000003', repaste: true }] })
  // RE100000004: deleted shipment (intake 409, sorting 410).
  await insertShipment(q, { ...ro, client: demo, recipient: roRecipient('Elena Stan'), parcels: [{ internal: 'RE100000004' }], deleted: true })
  // RE100000005: Blocked Goods SRL (intake 208 "Blokada nadawania", sorting 405).
  await insertShipment(q, { ...ro, client: 'Blocked Goods SRL', recipient: roRecipient('Vasile Marin', 'Cluj-Napoca', '400001'), parcels: [{ internal: 'RE100000005' }] })
  // RE100000006: the label's alias is Budapest Kft's, not Demo Shop's (intake 208 sector 14, sorting 402).
  await insertShipment(q, { ...ro, client: demo, recipient: roRecipient('Ana Georgescu'), parcels: [{ internal: 'RE100000006', alias: 'BUDAPESTKFT' }] })
  // RE100000007 + RE100000008: one multi-pack of two parcels.
  await insertShipment(q, {
    ...ro,
    client: demo,
    recipient: roRecipient('Mihai Constantin'),
    parcels: [{ internal: 'RE100000007', weight: 4 }, { internal: 'RE100000008', weight: 3 }],
  })
  // RE100000009: delivery inside Poland: no courier route (sorting 406).
  await insertShipment(q, {
    client: demo,
    service: home,
    sender: PL_SENDER,
    origin: COUNTRY.PL,
    destination: COUNTRY.PL,
    lastMile: COURIER.operator,
    recipient: { name: 'Jan Kowalski', country: COUNTRY.PL, locality: 'Katowice', postal: '40-001', details: 'ul. Mariacka 5', phone: '601000000', prefix: '+48' },
    parcels: [{ internal: 'RE100000009' }],
    currency: 'PLN',
  })
  // RE100000010: sitting in the blocked-dispatch sector since yesterday (intake 206; PRBL_01 202 then 200).
  const [p10] = await insertShipment(q, { ...ro, client: demo, recipient: roRecipient('Cristina Radu'), parcels: [{ internal: 'RE100000010' }] })
  const [ctx] = await q.query<{ worker: number; ws: number; sector: number }>(
    `select (select id from users where email = 'worker2@example.com') as worker, (select id from workstations where code = 'PRZJ_01') as ws,
            (select id from problematic_sectors where warehouse_id = 1 and code = $1) as sector`,
    [SECTOR_CODE.blockedDispatch],
  )
  const yesterday = new Date(Date.now() - 86_400_000)
  await q.query(
    `insert into parcel_status_history (parcel_id, status_type_id, occurred_at, where_name, user_id, workstation_id, problematic_sector_id, barcode, created_at)
     values ($1, $2, $3, 'TYCHY', $4, $5, null, 'RE100000010', $3), ($1, $6, $7, 'TYCHY', $4, $5, $8, 'RE100000010', $7)`,
    [p10, STATUS.received, yesterday, ctx!.worker, ctx!.ws, STATUS.knownProblem, new Date(yesterday.getTime() + 60_000), ctx!.sector],
  )
  await q.query(
    `update parcels set shipping_warehouse_received_at = $2, last_status_type_id = $3, last_status_at = $4, problematic_sector_id = $5 where id = $1`,
    [p10, yesterday, STATUS.knownProblem, new Date(yesterday.getTime() + 60_000), ctx!.sector],
  )
  // BUF00000001 (+ BUF00000002): a buffer multi-pack without client (intake 208, sorting 412): a
  // marketplace return whose client is not known yet.
  await insertShipment(q, {
    client: null,
    service: DELIVERY_SERVICE.homeReturn,
    sender: roRecipient('Client eMAG'),
    recipient: PL_SENDER,
    origin: COUNTRY.RO,
    destination: COUNTRY.PL,
    firstMile: COURIER.samedayRo,
    lastMile: COURIER.operator,
    isEmag: true,
    parcels: [
      { internal: 'RE100000011', buffer: 'BUF00000001', ret: 'RE_100000011' },
      { internal: 'RE100000012', buffer: 'BUF00000002', ret: 'RE_100000012' },
    ],
  })
  // 1ONB24000010001 (courier hand-over, not accepted yet) and UNKNOWN0001 are in no table on purpose.
}

// ---- ordinary data: a few hundred shipments over 60 days -------------------------------------------

/** Deterministic pseudo-random numbers (mulberry32), so every seeded database is the same. */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PEOPLE: Record<number, string[]> = {
  1: ['Ion Popa', 'Elena Dobre', 'George Lungu', 'Ioana Matei', 'Radu Stoica', 'Alina Barbu', 'Florin Neagu', 'Irina Toma'],
  2: ['Anna Nowak', 'Piotr Wiśniewski', 'Katarzyna Wójcik', 'Tomasz Kamiński'],
  3: ['Nagy Péter', 'Kovács Anna', 'Tóth Gábor', 'Szabó Eszter', 'Horváth Zoltán'],
  4: ['Ivan Petrov', 'Maria Georgieva', 'Dimitar Ivanov', 'Elena Dimitrova', 'Georgi Nikolov'],
}
const PLACES: Record<number, Array<[string, string]>> = {
  1: [['București', '010011'], ['Cluj-Napoca', '400001'], ['Iași', '700001'], ['Timișoara', '300001'], ['Constanța', '900001'], ['Brașov', '500001']],
  2: [['Katowice', '40-001'], ['Kraków', '30-001'], ['Wrocław', '50-001']],
  3: [['Budapest', '1051'], ['Debrecen', '4024'], ['Szeged', '6720'], ['Pécs', '7621']],
  4: [['Sofia', '1000'], ['Plovdiv', '4000'], ['Varna', '9000'], ['Burgas', '8000']],
}
const CONTENTS = ['Odzież', 'Obuwie', 'Kosmetyki', 'Książki', 'Zabawki', 'Elektronika', 'Akcesoria', 'Części samochodowe', 'Suplementy']
const DELIVERED: Record<number, number> = {
  [COURIER.dpdRo]: STATUS.dpdDelivered,
  [COURIER.samedayRo]: STATUS.samedayDelivered,
  [COURIER.glsHu]: STATUS.glsDelivered,
  [COURIER.speedyBg]: STATUS.speedyDelivered,
}

type Cell = string | number | boolean | null

/** insert ... select from unnest(arrays): one statement per table. */
async function bulkInsert(q: Queryable, table: string, cols: Array<[string, string]>, rows: Cell[][]) {
  if (!rows.length) return
  const params = cols.map((_, i) => rows.map((r) => r[i] ?? null))
  await q.query(
    `insert into ${table} (${cols.map((c) => c[0]).join(', ')}) select * from unnest(${cols.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ')})`,
    params,
  )
}

async function nextIds(q: Queryable, sequence: string, n: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(`select nextval('${sequence}')::int as id from generate_series(1, $1)`, [n])
  return rows.map((r) => r.id)
}

export const ORDINARY_SHIPMENTS = 320

async function ordinaryShipments(q: Queryable) {
  const rand = rng(20260601)
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('')
  const clients = await q.query<{ id: number; name: string }>(`select id, name from clients where name <> 'Blocked Goods SRL' order by id`)
  const demoClient = clients.find((c) => c.name === 'Demo Shop SRL')!
  const ids = await q.query<{ code: string; id: number }>(`select code, id from workstations`)
  const ws = Object.fromEntries(ids.map((r) => [r.code, r.id])) as Record<string, number>
  const workers = (await q.query<{ id: number }>(`select id from users where email in ('worker@example.com', 'worker2@example.com', 'admin@example.com') order by id`)).map((r) => r.id)
  const [verification] = await q.query<{ id: number }>(`select id from problematic_sectors where warehouse_id = 1 and code = $1`, [SECTOR_CODE.verification])

  const n = ORDINARY_SHIPMENTS
  const partyIds = await nextIds(q, 'parties_id_seq', 2 * n)
  const shipmentIds = await nextIds(q, 'shipments_id_seq', n)
  const parties: Cell[][] = []
  const shipments: Cell[][] = []
  const parcels: Cell[][] = []
  const history: Cell[][] = []
  const now = Date.now()
  const day = 86_400_000
  const iso = (t: number) => new Date(t).toISOString()

  // Plan parcels first, to draw their internal numbers in one go.
  const plans = Array.from({ length: n }, () => {
    const r = rand()
    const service = r < 0.5 ? DELIVERY_SERVICE.homeDelivery : r < 0.7 ? DELIVERY_SERVICE.lockerDelivery : r < 0.88 ? DELIVERY_SERVICE.homeReturn : DELIVERY_SERVICE.lockerReturn
    const locker = service === DELIVERY_SERVICE.lockerDelivery || service === DELIVERY_SERVICE.lockerReturn
    const count = locker ? 1 : rand() < 0.85 ? 1 : rand() < 0.66 ? 2 : 3
    return { service, locker, count }
  })
  const parcelIds = await nextIds(q, 'parcels_id_seq', plans.reduce((s, p) => s + p.count, 0))
  const internals = await nextIds(q, 'parcel_internal_number_seq', parcelIds.length)
  let pi = 0

  for (let i = 0; i < n; i++) {
    const { service, locker, count } = plans[i]!
    const isReturn = service === DELIVERY_SERVICE.homeReturn || service === DELIVERY_SERVICE.lockerReturn
    const c = rand() < 0.3 ? demoClient : pick(clients)
    const foreign = rand() < 0.55 ? COUNTRY.RO : rand() < 0.5 ? COUNTRY.HU : COUNTRY.BG
    const destination = isReturn ? COUNTRY.PL : !locker && rand() < 0.05 ? COUNTRY.PL : foreign
    const personCountry = isReturn ? foreign : destination
    const [locality, postal] = pick(PLACES[personCountry]!)
    const courierOf = (country: number) =>
      country === COUNTRY.RO ? (locker || rand() < 0.5 ? COURIER.samedayRo : COURIER.dpdRo) : country === COUNTRY.HU ? COURIER.glsHu : country === COUNTRY.BG ? COURIER.speedyBg : COURIER.operator
    const lastMile = isReturn ? COURIER.operator : courierOf(destination)
    const firstMile = isReturn ? courierOf(foreign) : null
    const created = now - Math.floor(rand() * 60 * day) - 3_600_000
    const age = (now - created) / day
    const person: Cell[] = [partyIds[2 * i + (isReturn ? 0 : 1)]!, pick(PEOPLE[personCountry]!), true, '', '', PHONE_PREFIX[personCountry]!, '7' + digits(8), personCountry, locality, postal, locker ? '' : `Strada ${1 + Math.floor(rand() * 90)}`, locker ? `Automat ${locality} ${1 + Math.floor(rand() * 40)}` : null]
    const company: Cell[] = [partyIds[2 * i + (isReturn ? 1 : 0)]!, c.name, false, c.name, '', '+48', '32' + digits(7), COUNTRY.PL, 'Tychy', '43-100', 'ul. Magazynowa 1', null]
    parties.push(person, company)
    const deleted = rand() < 0.03
    const cod = !isReturn && rand() < 0.4 ? Math.round((50 + rand() * 450) * 100) / 100 : 0
    shipments.push([
      shipmentIds[i]!, `RE${internals[pi]}`, c.id, service, partyIds[2 * i]!, partyIds[2 * i + 1]!, isReturn ? foreign : COUNTRY.PL, destination,
      pick(CONTENTS), Math.round(rand() * 400 * 100) / 100, cod, CURRENCY[isReturn ? COUNTRY.PL : destination]!, firstMile, lastMile,
      isReturn, isReturn && rand() < 0.3, destination === COUNTRY.PL && !isReturn ? null : iso(created + 3_600_000), iso(created), deleted ? iso(created + 7_200_000) : null,
    ])
    const problem = !deleted && rand() < 0.05
    for (let k = 0; k < count; k++, pi++) {
      // The parcels of one shipment travel together: the same draws decide their way.
      const way = rng(7_919 * (i + 1))
      const id = parcelIds[pi]!
      const internal = `RE${internals[pi]}`
      const out = isReturn || lastMile === COURIER.operator ? null : lastMile === COURIER.dpdRo ? '800' + digits(11) : lastMile === COURIER.samedayRo ? '1ONB' + digits(11) : digits(lastMile === COURIER.glsHu ? 11 : 12)
      const inNumber = isReturn ? (firstMile === COURIER.dpdRo ? '800' + digits(11) : firstMile === COURIER.samedayRo ? '2ONB' + digits(11) : digits(firstMile === COURIER.glsHu ? 11 : 12)) : null
      const weight = Math.round((0.3 + rand() * 12) * 100) / 100
      const dims = [10 + Math.floor(rand() * 50), 10 + Math.floor(rand() * 40), 10 + Math.floor(rand() * 30)]
      // The way along: registered → received → sorted → handed over → delivered (returns: received at returns → sorted → returned).
      const pickWay = <T>(a: readonly T[]): T => a[Math.floor(way() * a.length)]!
      const steps: Array<[number, number, string | null, number | null, number | null]> = [[STATUS.registered, created, null, null, null]]
      let received: number | null = null
      let sorted: number | null = null
      let delivered: number | null = null
      let sector: number | null = null
      const worker = pickWay(workers)
      if (deleted) steps.push([STATUS.cancelled, created + 7_200_000, null, null, null])
      else if (!isReturn) {
        if (age > 1 && way() < 0.92) {
          received = created + day * (0.6 + way() * 0.3)
          steps.push([STATUS.received, received, 'TYCHY', pickWay([ws.PRZJ_01!, ws.PRZJ_02!]), null])
          if (problem) {
            sector = verification!.id
            steps.push([STATUS.knownProblem, received + 120_000, 'TYCHY', ws.PRZJ_01!, sector])
          } else if (destination !== COUNTRY.PL && age > 2) {
            sorted = received + day * 0.3
            steps.push([STATUS.sorted, sorted, 'TYCHY', pickWay([ws.SRTW_01!, ws.SRTW_02!]), null])
            if (age > 3) steps.push([STATUS.handedToCourier, sorted + day * 0.4, 'TYCHY', null, null])
            if (age > 6 && way() < 0.9) {
              delivered = sorted + day * (2 + way() * 2)
              steps.push([DELIVERED[lastMile]!, delivered, locality, null, null])
            }
          }
        }
      } else if (age > 3 && way() < 0.85) {
        received = created + day * (2 + way())
        steps.push([STATUS.returnReceived, received, 'TYCHY', ws.ZWRT_01!, null])
        if (age > 4) {
          sorted = received + day * 0.3
          steps.push([STATUS.sorted, sorted, 'TYCHY', pickWay([ws.SRTW_01!, ws.SRTW_02!]), null])
          if (age > 6) {
            delivered = sorted + day * 2
            steps.push([STATUS.returnedToSender, delivered, 'Tychy', null, null])
          }
        }
      }
      const last = steps[steps.length - 1]!
      parcels.push([
        id, shipmentIds[i]!, c.id, internal, k + 1, inNumber, out, isReturn ? `RE_${internals[pi]}` : null, weight, dims[0]!, dims[1]!, dims[2]!,
        received != null ? Math.round(weight * (0.9 + rand() * 0.2) * 100) / 100 : null,
        !isReturn && received != null ? iso(received) : null, isReturn && received != null ? iso(received) : null,
        sorted != null ? iso(sorted) : null, delivered != null ? iso(delivered) : null, deleted ? iso(created + 7_200_000) : null, last[0], iso(last[1]), sector, iso(created), deleted ? iso(created + 7_200_000) : null,
        rand() < 0.5 ? c.name.toUpperCase().replace(/[^A-Z0-9]/g, '') : null,
      ])
      for (const [status, at, where, wsId, sec] of steps) {
        history.push([id, status, iso(at), where, wsId != null ? worker : null, wsId, sec, wsId != null ? internal : null, iso(at)])
      }
    }
  }

  await bulkInsert(
    q,
    'parties',
    [['id', 'int'], ['name', 'text'], ['private_person', 'boolean'], ['contact_name', 'text'], ['email', 'text'], ['phone_prefix', 'text'], ['phone_number', 'text'], ['country_id', 'int'], ['locality_name', 'text'], ['postal_code', 'text'], ['address_details', 'text'], ['locker_name', 'text']],
    parties,
  )
  await bulkInsert(
    q,
    'shipments',
    [
      ['id', 'int'], ['internal_waybill', 'text'], ['client_id', 'int'], ['delivery_service', 'smallint'], ['sender_id', 'int'], ['recipient_id', 'int'],
      ['origin_country_id', 'int'], ['destination_country_id', 'int'], ['declared_content', 'text'], ['declared_value', 'numeric'], ['cash_on_delivery_value', 'numeric'],
      ['currency', 'text'], ['first_mile_courier_id', 'int'], ['last_mile_courier_id', 'int'], ['is_return', 'boolean'], ['is_emag', 'boolean'],
      ['correctly_requested_at', 'timestamptz'], ['created_at', 'timestamptz'], ['deleted_at', 'timestamptz'],
    ],
    shipments,
  )
  await bulkInsert(
    q,
    'parcels',
    [
      ['id', 'int'], ['shipment_id', 'int'], ['client_id', 'int'], ['internal_number', 'text'], ['in_shipment_order', 'int'], ['in_number', 'text'], ['out_number', 'text'],
      ['return_number', 'text'], ['weight_declared', 'numeric'], ['length_declared', 'numeric'], ['width_declared', 'numeric'], ['height_declared', 'numeric'],
      ['weight_measured', 'numeric'], ['shipping_warehouse_received_at', 'timestamptz'], ['return_warehouse_received_at', 'timestamptz'], ['sorted_at', 'timestamptz'],
      ['delivered_at', 'timestamptz'], ['cancelled_at', 'timestamptz'], ['last_status_type_id', 'int'], ['last_status_at', 'timestamptz'], ['problematic_sector_id', 'int'], ['created_at', 'timestamptz'],
      ['deleted_at', 'timestamptz'], ['read_client_alias', 'text'],
    ],
    parcels,
  )
  await bulkInsert(
    q,
    'parcel_status_history',
    [['parcel_id', 'int'], ['status_type_id', 'int'], ['occurred_at', 'timestamptz'], ['where_name', 'text'], ['user_id', 'int'], ['workstation_id', 'int'], ['problematic_sector_id', 'int'], ['barcode', 'text'], ['created_at', 'timestamptz']],
    history,
  )
}

/** Seed parts of the warehouse, in order (after frame, clients and users). */
export const warehouseSeedParts = [couriers, statusTypes, sectors, clientRules, demoParcels, ordinaryShipments]
