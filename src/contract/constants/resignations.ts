/** Reported resignations: longest texts accepted (chosen). */
export const RESIGNATIONS = {
  maxLength: { waybill: 64, note: 1000 },
} as const
