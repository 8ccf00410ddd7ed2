/** Roles and who counts as staff or client. */

/** Roles. */
export const ROLE = { admin: 0, warehouse_worker: 1, secondary_client: 2, client: 3 } as const
export type Role = (typeof ROLE)[keyof typeof ROLE]
export const ALL_ROLES: readonly Role[] = [0, 1, 2, 3]
export const STAFF_ROLES: readonly Role[] = [0, 1]
export const CLIENT_ROLES: readonly Role[] = [2, 3]
export const isStaff = (role: number) => role < 2
