import { type Role, ALL_ROLES, ROLE } from './constants/access.ts'

export type { Role }
/** Marker for endpoints and routes that need no sign-in. */
export const PUBLIC = 'public' as const
export const ANY_SIGNED_IN: readonly Role[] = ALL_ROLES
export const ADMIN_ONLY: readonly Role[] = [ROLE.admin]
export const STAFF: readonly Role[] = [ROLE.admin, ROLE.warehouse_worker]
export const ADMIN_AND_CLIENT: readonly Role[] = [ROLE.admin, ROLE.secondary_client, ROLE.client]
export const CLIENT_ONLY: readonly Role[] = [ROLE.secondary_client, ROLE.client]

export const allows = (roles: readonly Role[] | typeof PUBLIC, role: number | null | undefined): boolean =>
  roles === PUBLIC || (role != null && (roles as readonly number[]).includes(role))
