import type { AccountedAmount, AccountedAmountsReply } from '../../../contract/schemas/prices.ts'
import type { Queryable } from '../../db/db.ts'
import { iso } from '../dates.ts'

/** A shipment's kept charges for the finance tab: the main one and the after-service ones, each with its breakdown. */

const SUMMARY_KINDS = ['base', 'cod', 'insurance', 'oversize', 'overweight', 'multi_pack', 'cod_card_payment', 'unclaimed', 'collect_from_client', 'non_conveyable'] as const

interface Row {
  kind: string
  amount: string
  currency: string
  specific_factors_currency: string
  specific_exchange_rate: string
  accounting_weight: string
  price_list_id: number
  price_list_name: string
  lines: { kind: string; amount: string; note: string }[] | string
  created_at: unknown
}

function toAmount(r: Row): AccountedAmount {
  const raw: unknown = typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines
  const list = (Array.isArray(raw) ? raw : []).map((l: { kind?: unknown; amount?: unknown; note?: unknown }) => ({
    kind: String(l.kind ?? ''),
    amount: String(l.amount ?? '0.00'),
    note: String(l.note ?? ''),
  }))
  const sums = Object.fromEntries(SUMMARY_KINDS.map((k) => [k, list.find((l) => l.kind === k)?.amount ?? '0.00'])) as Record<(typeof SUMMARY_KINDS)[number], string>
  return {
    summary: r.amount,
    specific_exchange_rate: r.specific_factors_currency === r.currency ? null : r.specific_exchange_rate,
    currency: r.currency,
    specific_factors_currency: r.specific_factors_currency,
    ...sums,
    accounting_weight: r.accounting_weight,
    price_list_id: r.price_list_id,
    price_list_name: r.price_list_name,
    charged_at: iso(r.created_at) ?? '',
    lines: list,
  }
}

export async function accountedAmountsOf(q: Queryable, shipmentId: number): Promise<AccountedAmountsReply> {
  const rows = await q.query<Row>(
    `select kind, amount::text as amount, currency, specific_factors_currency, specific_exchange_rate::text as specific_exchange_rate,
            accounting_weight::text as accounting_weight, price_list_id, price_list_name, lines, created_at
       from accounted_amounts where shipment_id = $1 and kind in ('main', 'after_service') order by id`,
    [shipmentId],
  )
  const main = rows.find((r) => r.kind === 'main')
  return { accounted_amounts: { main: main ? toAmount(main) : null, after_service: rows.filter((r) => r.kind === 'after_service').map(toAmount) } }
}
