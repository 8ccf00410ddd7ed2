import { parseInstruction } from '../../contract/barcodes.ts'
import { SEARCH_MIN_CHARS } from '../../contract/constants/ui.ts'
import { WAREHOUSE_MSG } from '../../contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../contract/messages/warehouseAnswers.ts'
import type { ClientRef } from '../../contract/schemas/common.ts'
import type { SectorRef } from '../../contract/schemas/floor.ts'
import type { Queryable } from '../db/db.ts'
import { DomainError, notFound } from './errors.ts'
import { clientFlagSql } from './floorParcels.ts'

/**
 * The client chooser of the intake screen: search from 3 characters, then confirmation
 * by the client's postal code and phone number without prefix; and internal instruction codes
 * (`text|base64({"client_id": N})`) that select a client directly.
 */

/** Clients by name (case-insensitive, anywhere in the name) or by id; fewer than 3 characters find nothing. */
export async function searchClients(q: Queryable, text: string): Promise<ClientRef[]> {
  const t = text.trim()
  if (t.length < SEARCH_MIN_CHARS) return []
  return q.query<ClientRef>(
    `select id, name from clients where deleted_at is null and (lower(name) like $1 or id::text = $2) order by lower(name), id limit 50`,
    [`%${t.toLowerCase().replace(/[%_\\]/g, (c) => '\\' + c)}%`, t],
  )
}

const postal = (s: string) => s.replace(/[\s-]/g, '').toUpperCase()
const digits = (s: string) => s.replace(/\D/g, '')

/** Confirms a choice: postal code and phone number (without prefix) must be the client's. 422 otherwise. */
export async function verifyChoice(q: Queryable, input: { client_id: number; postal_code: string; phone_number: string }): Promise<ClientRef> {
  const [c] = await q.query<{ id: number; name: string; post_code: string; phone_number: string }>(
    `select id, name, post_code, phone_number from clients where id = $1 and deleted_at is null`,
    [input.client_id],
  )
  const ok = !!c && postal(c.post_code) === postal(input.postal_code) && digits(c.phone_number) !== '' && digits(c.phone_number) === digits(input.phone_number)
  if (!ok) throw new DomainError(422, { message: WAREHOUSE_MSG.clientVerifyFailed })
  return { id: c.id, name: c.name }
}

/** A live client, with whether its dispatch is blocked (SENDING_SHIPMENTS_BLOCK). */
export async function clientById(q: Queryable, id: number): Promise<(ClientRef & { blocked: boolean }) | null> {
  const [c] = await q.query<ClientRef & { blocked: boolean }>(
    `select c.id, c.name, ${clientFlagSql('c.id', `'SENDING_SHIPMENTS_BLOCK'`)} as blocked from clients c where c.id = $1 and c.deleted_at is null`,
    [id],
  )
  return c ?? null
}

/**
 * Decodes an internal instruction code: its client and/or problem sector. Not an instruction →
 * 422; a client or sector that does not exist → 404.
 */
export async function decodeInstruction(q: Queryable, code: string): Promise<{ client: ClientRef | null; problematic_sector: SectorRef | null }> {
  const ins = parseInstruction(code.trim())
  if (!ins || (ins.payload.client_id == null && ins.payload.problematic_sector_id == null)) {
    throw new DomainError(422, { message: WAREHOUSE_ANSWER.instructionInvalid, errors: { code: [WAREHOUSE_ANSWER.instructionInvalid] } })
  }
  let client: ClientRef | null = null
  let problematic_sector: SectorRef | null = null
  if (ins.payload.client_id != null) {
    const c = await clientById(q, ins.payload.client_id)
    if (!c) throw notFound(WAREHOUSE_ANSWER.clientNotFound)
    client = { id: c.id, name: c.name }
  }
  if (ins.payload.problematic_sector_id != null) {
    const [s] = await q.query<SectorRef>(`select id, code, name from problematic_sectors where id = $1 and deleted_at is null`, [ins.payload.problematic_sector_id])
    if (!s) throw notFound(WAREHOUSE_ANSWER.sectorNotFound)
    problematic_sector = s
  }
  return { client, problematic_sector }
}
