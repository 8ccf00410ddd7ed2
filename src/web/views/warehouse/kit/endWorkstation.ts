import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../../../contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../../../contract/messages/warehouse.ts'
import { href } from '../../../../contract/routes.ts'
import { ApiError, call, messagesOf } from '../../../api/client.ts'
import { sessionActor } from '../../../machines/session.ts'
import { play } from '../../../ui/sound.ts'
import { notify } from '../../../ui/toast.tsx'

/**
 * Ends the person's work at their workstation (manual end, DELETE app/v1/warehouse/workflow): the
 * admin's sidebar item "end workstation" (menuActions.endWorkstation) and the button in the header
 * of every scanning screen (a worker's menu has no such item, and they must be able to leave a
 * station without logging out). Afterwards the person is on /set-workstation, free to scan another.
 */
export async function endWorkstation() {
  try {
    const r = await call(endpoints.endWorkflow, { type: 'manual' })
    notify.success(r.message || WAREHOUSE_MSG.workflowEnded)
    play('success')
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 419)) return
    notify.error(messagesOf(e instanceof ApiError ? e.data : undefined).join('<br>') || (e as Error).message)
    play('error')
    return
  }
  // Leave the scanning screen first, so its workstation gate does not greet the person with
  // "scan a workstation first" for a workstation they have just given up on purpose.
  navigate(href('setWorkstation'))
  setTimeout(() => sessionActor.send({ type: 'WORKSTATION_CHANGED', workstation: null }), 0)
}
