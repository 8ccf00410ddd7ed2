import { ROLE } from '../../contract/constants/access.ts'
import { call } from '../api/client.ts'
import { loading } from '../ui/load.ts'

/**
 * Whether an admin's sidebar shows "Moje raporty": when there is any export to see (the quick list
 * is not empty). Other roles' menus decide without asking (a client always has the item, a
 * warehouse worker never): their key is null. Until an admin has one, it is asked again at each
 * route change (a statement ordered on a client card shows the item on the next screen); once
 * found, no more. The billing endpoints load only when asked (an admin), so the login page and the
 * floor do not carry the billing schemas.
 */
export const reportsPresence = loading<boolean, { adminId: number } | null>(async (key) => {
  if (key == null) return false
  const { billingEndpoints } = await import('../../contract/endpoints/billing.ts')
  return (await call(billingEndpoints.exportLatest, [])).data.length > 0
})
export const reportsPresenceKey = (user: { userId: number; role: number }, location: string, found: boolean) =>
  user.role === ROLE.admin ? { adminId: user.userId, ...(found ? {} : { location }) } : null
