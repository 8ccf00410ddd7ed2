/** Page sizes and page lengths of tables. */

/** Page sizes. */
export const PAGE_SIZE = {
  users: 25,
  clients: 25,
  priceLists: 25,
  exportsModal: 10,
  externalInbound: 25,
  listing: 25,
  otherTables: 5,
  statuses: 25,
  resignations: 25,
} as const
export const LISTING_PAGE_LENGTHS = [25, 500, 1000, 5000] as const
/** Upper bound for any page length the server accepts. */
export const MAX_PAGE_LENGTH = 5000
/** Server tables render rows through a virtualizer above this many rows on a page (5000-row pages). */
export const TABLE_VIRTUALIZE_OVER = 200
