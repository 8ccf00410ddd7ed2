/** Unknown client aliases: longest alias accepted (chosen). */
export const ALIASES = {
  maxLength: { alias: 100 },
} as const
