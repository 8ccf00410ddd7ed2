import type { Db, Queryable } from './db/db.ts'
import { CLIENTS } from '../contract/constants/clients.ts'
import { hashPassword } from './domain/usersPasswords.ts'
import { PLAINTEXT_PREFIX, type Vault } from './domain/secrets.ts'
import { seedAddressDatabase } from './seed/address.ts'
import { clientSeedParts } from './seed/clients.ts'
import { adminSeedParts } from './seed/admin.ts'
import { priceSeedParts } from './seed/prices.ts'
import { shipmentSeedParts } from './seed/shipments.ts'
import { warehouseSeedParts } from './seed/warehouse.ts'
import { invoicingSeedParts } from './seed/invoicing.ts'

/**
 * Demo data of docs/demo-data.md. Idempotent: runs only on an empty database (no users).
 * Each area adds its part through `seedParts`, in order, in one transaction.
 */
/** `seal` encrypts a secret for storage (the installation's vault); parts without secrets ignore it. */
export type SeedPart = (q: Queryable, seal: (plain: string) => string) => Promise<void>

export const DEMO_USERS = [
  { email: 'admin@example.com', password: 'admin123', role: 0 },
  { email: 'worker@example.com', password: 'worker123', role: 1 },
  { email: 'worker2@example.com', password: 'worker123', role: 1 },
  { email: 'client@example.com', password: 'client123', role: 3, client: 'Demo Shop SRL' },
  { email: 'blocked@example.com', password: 'blocked123', role: 1, blocked: true },
] as const

const DEMO_CLIENTS: Array<[name: string, country: number, post: string, phone: string, city: string]> = [
  ['Demo Shop SRL', 1, '010011', '721000111', 'București'],
  ['Blocked Goods SRL', 1, '400001', '722000222', 'Cluj-Napoca'],
  ['Budapest Kft', 3, '1051', '301234567', 'Budapest'],
  ['Sofia EOOD', 4, '1000', '881234567', 'Sofia'],
]

async function frame(q: Queryable) {
  await q.exec(`
    insert into countries (id, name, iso_code, currency) values
      (1, 'Rumunia', 'RO', 'RON'), (2, 'Polska', 'PL', 'PLN'), (3, 'Węgry', 'HU', 'HUF'), (4, 'Bułgaria', 'BG', 'BGN');
    insert into warehouses (id, name) values (1, 'TYCHY');
    insert into workstation_types (id, name, code) values
      (1, 'Przyjęcie', 'PRZJ'), (2, 'Zwroty', 'ZWRT'), (3, 'Problematyczne', 'PRBL'), (4, 'Sortowanie', 'SRTW');
    insert into workstations (code, workstation_type_id, warehouse_id) values
      ('PRZJ_01', 1, 1), ('PRZJ_02', 1, 1), ('ZWRT_01', 2, 1), ('PRBL_01', 3, 1), ('SRTW_01', 4, 1), ('SRTW_02', 4, 1);
  `)
}

async function clients(q: Queryable) {
  const rows = [...DEMO_CLIENTS]
  const cities: Array<[number, string, string]> = [[1, 'Iași', '700001'], [3, 'Debrecen', '4024'], [4, 'Plovdiv', '4000'], [1, 'Timișoara', '300001']]
  for (let i = 1; i <= 32; i++) {
    const [country, city, post] = cities[i % cities.length]!
    rows.push([`Klient ${String(i).padStart(2, '0')} SRL`, country, post, String(730000000 + i), city])
  }
  for (const [name, country, post, phone, city] of rows) {
    await q.query(
      `insert into clients (name, nip, email, contact_name, street, city, post_code, phone_number, country_id, shipment_note, re_returning_address, re_broadcasting_facility_address)
       values ($1, $2, $3, $4, 'Strada Principală 1', $5, $6, $7, $8, 'Trimis de: ' || $1, 'RE Logistics, ul. Magazynowa 1, 43-100 Tychy', 'RE Logistics, ul. Magazynowa 1, 43-100 Tychy')`,
      [name, `RO${1000000 + rows.indexOf(rows.find((r) => r[0] === name)!)}`, `kontakt+${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}@example.com`, `${CLIENTS.defaults.contactName}${name}`, city, post, phone, country],
    )
  }
}

async function users(q: Queryable) {
  for (const u of DEMO_USERS) {
    const clientId = 'client' in u ? (await q.query<{ id: number }>(`select id from clients where name = $1`, [u.client]))[0]!.id : null
    await q.query(
      `insert into users (email, password_hash, role, client_id, email_verified_at, deleted_at) values ($1, $2, $3, $4, now(), $5)`,
      [u.email, await hashPassword(u.password), u.role, clientId, 'blocked' in u ? new Date() : null],
    )
  }
}

export const seedParts: SeedPart[] = [frame, clients, users, ...warehouseSeedParts, seedAddressDatabase, ...shipmentSeedParts, ...clientSeedParts, ...adminSeedParts, ...priceSeedParts, ...invoicingSeedParts]

export async function isEmpty(db: Queryable) {
  const [r] = await db.query<{ n: number }>(`select count(*)::int as n from users`)
  return r!.n === 0
}

/**
 * Seeds an empty database. With the vault, secrets are written encrypted from the start (no
 * plaintext in a dead row version or the WAL); without it (test snapshots made before any key)
 * they are marked plaintext and the server seals them at start (sealPlaintext).
 */
export async function seed(db: Db, parts: SeedPart[] = seedParts, vault?: Vault): Promise<boolean> {
  if (!(await isEmpty(db))) return false
  const seal = vault ? (plain: string) => vault.encrypt(plain) : (plain: string) => PLAINTEXT_PREFIX + plain
  await db.tx(async (q) => {
    for (const part of parts) await part(q, seal)
  })
  return true
}
