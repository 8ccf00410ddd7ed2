/**
 * Amounts shown to people: pl-PL (comma decimals, grouped thousands), two decimals. The value is
 * the wire's exact decimal string, formatted as a string (Intl reads it exactly, no float).
 */
const AMOUNT = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** '1661.77' → '1661,77'; '12345.6' → '12 345,60'; with a currency: '1661,77 PLN'. */
export function formatAmount(value: string | number, currency?: string | null): string {
  const text = AMOUNT.format(value as unknown as number)
  return currency ? `${text} ${currency}` : text
}
