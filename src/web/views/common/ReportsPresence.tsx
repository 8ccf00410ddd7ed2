import { useEffect } from 'react'
import { useDataLoad } from '../../ui/load.ts'
import { reportsPresence, reportsPresenceKey } from '../../wiring/billingReports.ts'

/**
 * Asks whether an admin has any export to see (the sidebar's "Moje raporty") and tells the layout
 * once there is one. Loaded by the layout for admins only: the other roles' menus decide without
 * asking, so their pages (the floor among them) do without the data-load machine.
 */
export function ReportsPresence({ user, location, onFound }: { user: { userId: number; role: number }; location: string; onFound: () => void }) {
  const found = useDataLoad(reportsPresence, reportsPresenceKey(user, location, false)).data === true
  useEffect(() => {
    if (found) onFound()
  }, [found, onFound])
  return null
}
