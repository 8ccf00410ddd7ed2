/**
 * Language choice: the stored value under 'language' if supported, else the
 * browser's first two letters if supported, else the fallback.
 */
export function pickLanguage<L extends string>(
  supported: readonly L[],
  fallback: L,
  stored: string | null | undefined,
  browser: string | null | undefined,
): L {
  if (stored && (supported as readonly string[]).includes(stored)) return stored as L
  const b = browser?.slice(0, 2).toLowerCase()
  if (b && (supported as readonly string[]).includes(b)) return b as L
  return fallback
}
