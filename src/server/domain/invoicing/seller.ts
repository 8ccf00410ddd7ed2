/**
 * The seller printed on every invoice, from configuration (docs/invoicing.md). The defaults are
 * the demo operator's data: a syntactically valid NIP and IBAN, so a demo invoice looks like a
 * real one; a real installation sets every INVOICE_SELLER_* variable.
 */
export interface Seller {
  name: string
  /** Street and building. */
  street: string
  /** Postal code and town. */
  city: string
  nip: string
  bankName: string
  /** The account the buyer pays to (IBAN, grouped in fours as printed). */
  bankAccount: string
}

export const DEMO_SELLER: Seller = {
  name: 'RE Logistics sp. z o.o.',
  street: 'ul. Magazynowa 1',
  city: '43-100 Tychy',
  nip: '6462933516',
  bankName: 'Bank Demo S.A.',
  bankAccount: 'PL61 1090 1014 0000 0712 1981 2874',
}

export function sellerFromEnv(env: Record<string, string | undefined> = process.env): Seller {
  const v = (key: string, fallback: string) => env[key]?.trim() || fallback
  return {
    name: v('INVOICE_SELLER_NAME', DEMO_SELLER.name),
    street: v('INVOICE_SELLER_STREET', DEMO_SELLER.street),
    city: v('INVOICE_SELLER_CITY', DEMO_SELLER.city),
    nip: v('INVOICE_SELLER_NIP', DEMO_SELLER.nip),
    bankName: v('INVOICE_SELLER_BANK', DEMO_SELLER.bankName),
    bankAccount: v('INVOICE_SELLER_BANK_ACCOUNT', DEMO_SELLER.bankAccount),
  }
}
