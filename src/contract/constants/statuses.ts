/** Status types: longest texts accepted (chosen; the specification gives none). */
export const STATUSES = {
  maxLength: { statusName: 100, statusDisplayedName: 255, systemId: 64 },
} as const
