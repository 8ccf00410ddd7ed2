import { formatMoney } from '../../../contract/format.ts'
/**
 * "View in the external invoicing system": an adapter chosen by configuration (INVOICING_SYSTEM).
 * - `builtin` (default): invoices are made here; viewing one is opening its PDF (no address).
 * - `sandbox`: a stand-in external system served by this server (GET app/v1/invoicing-sandbox/{id})
 *   showing the invoice under the client's external id, to try the link without an account.
 * - `external`: INVOICING_SYSTEM_URL is an invoice's address with `{external_id}`, `{number}` and
 *   `{id}` filled in (URI-encoded), e.g.
 *   `https://faktury.example.com/clients/{external_id}/invoices?number={number}`.
 */
export interface InvoiceRef {
  id: number
  invoice_number: string | null
  external_id: string | null
}
export interface InvoicingSystem {
  readonly system: 'builtin' | 'sandbox' | 'external'
  /** Address of the invoice in the system, or null when the screen should open the invoice's PDF. */
  viewUrl(inv: InvoiceRef, publicUrl: string): string | null
}

export const builtinInvoicing: InvoicingSystem = { system: 'builtin', viewUrl: () => null }

/** The sandbox page's path under the API (the screen adds a file token). */
export const sandboxPath = (id: number) => `/api/app/v1/invoicing-sandbox/${id}`

export const sandboxInvoicing: InvoicingSystem = { system: 'sandbox', viewUrl: (inv) => sandboxPath(inv.id) }

export function externalInvoicing(template: string): InvoicingSystem {
  return {
    system: 'external',
    viewUrl: (inv) =>
      template.replace(/\{(external_id|number|id)\}/g, (_, k: string) =>
        encodeURIComponent(String(k === 'external_id' ? (inv.external_id ?? '') : k === 'number' ? (inv.invoice_number ?? '') : inv.id)),
      ),
  }
}

export function invoicingSystemFromEnv(env = process.env): InvoicingSystem {
  if (env.INVOICING_SYSTEM === 'sandbox') return sandboxInvoicing
  if (env.INVOICING_SYSTEM === 'external' && env.INVOICING_SYSTEM_URL) return externalInvoicing(env.INVOICING_SYSTEM_URL)
  return builtinInvoicing
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The sandbox system's page of one invoice. */
export function sandboxPage(inv: { invoice_number: string | null; external_id: string | null; client_name: string; status: string; total_amount: string | null; currency: string | null; period_from: string; period_to: string }): string {
  const rows: Array<[string, string]> = [
    ['Klient (id zewnętrzny)', `${inv.client_name} (${inv.external_id ?? '-'})`],
    ['Numer', inv.invoice_number ?? '-'],
    ['Okres', `${inv.period_from} – ${inv.period_to}`],
    ['Status', inv.status],
    ['Kwota', inv.total_amount ? formatMoney(inv.total_amount, inv.currency) : '-'],
  ]
  return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Sandbox faktur – ${escape(inv.invoice_number ?? '-')}</title></head><body>
<h1>System fakturowy (sandbox)</h1><table>${rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table></body></html>`
}
