import { type ReactNode, useEffect } from 'react'
import { Redirect } from 'wouter'
import { WAREHOUSE } from '../../../../contract/constants/warehouse.ts'
import { WAREHOUSE_MSG } from '../../../../contract/messages/warehouse.ts'
import { href } from '../../../../contract/routes.ts'
import { useSessionUser } from '../../../wiring/session.ts'
import { play } from '../../../ui/sound.ts'
import { notify } from '../../../ui/toast.tsx'

/**
 * The one guard of every scanning screen: a person without a workstation who opens it is
 * sent to /set-workstation with "Przed rozpoczęciem pracy musisz zeskanować stanowisko!" (every
 * screen in Polish: the product shows no English text). It reads the session's workstation, so it
 * also fires when a screen learns from the server that the workstation is gone (the machine's
 * `workstationLost` action clears it in the session).
 *
 *   export default function MyScanView() {
 *     return <WorkstationGate><MyScanScreen /></WorkstationGate>
 *   }
 */
export function WorkstationGate({ message = WAREHOUSE_MSG.workstationRequired, children }: { message?: string; children: ReactNode }) {
  const user = useSessionUser()
  const lacking = !user?.workstation
  useEffect(() => {
    if (!lacking) return
    notify.warning(message, WAREHOUSE.toastMs.scanError)
    play('warning')
  }, [lacking, message])
  if (lacking) return <Redirect to={href('setWorkstation')} replace />
  return <>{children}</>
}
