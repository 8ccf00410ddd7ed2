/** User accounts. */
export const USERS = {
  /** Newest outbox messages the admin's "Poczta wychodząca" lists. */
  outboxListLimit: 100,
} as const
