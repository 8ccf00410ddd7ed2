import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { endpoints } from '../../../contract/endpoints.ts'
import { FLOOR_LABEL } from '../../../contract/messages/floor.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { type SetWorkstationResult, workstationMachine } from '../../../../machines/workstation.ts'
import { call } from '../../api/client.ts'
import { inspect } from '../../inspector/index.ts'
import { floorActions, floorActors } from '../../machines/floor.ts'
import { useSessionUser } from '../../machines/session.ts'
import type { ScreenProps } from '../../screen.ts'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'

/** machines/workstation.ts with its real actors. */
const screen = workstationMachine.provide({
  actors: {
    scannerInput: floorActors.scannerInput,
    setWorkstation: fromPromise<SetWorkstationResult, { code: string }>(({ input }) => call(endpoints.setWorkstation, { code: input.code })),
  },
  actions: floorActions,
})

/** /set-workstation: scan a workstation code; success goes on to the screen of its type. */
export default function SetWorkstationView(_props: ScreenProps) {
  const user = useSessionUser()
  const [state] = useMachine(screen, { input: { workstation: user?.workstation ?? null }, inspect })
  const held = user?.workstation ?? null
  return (
    <section className="page floor" data-machine="workstation" data-state={stateString(state.value)}>
      <ScanHeader title="Ustaw stanowisko" workstation={held} processing={state.matches('setting')} last={state.context.feedback} />
      <div className="card floor-card">
        <ScanField scanner={state.children.scanner} processing={state.matches('setting')} label={FLOOR_LABEL.workstationCode} name="workstation" />
        <p className="hint" data-testid="workstation-held">
          {held ? `${FLOOR_LABEL.workstation}: ${held.code} (${held.type.name})` : FLOOR_LABEL.noWorkstation}
        </p>
      </div>
    </section>
  )
}
