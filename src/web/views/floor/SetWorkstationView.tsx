import { useMachine } from '@xstate/react'
import { FLOOR_LABEL } from '../../../contract/messages/floor.ts'
import { SCAN_SCREEN_MSG } from '../../../contract/messages/floorScreens.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectWorkstation } from '../../../../machines/floorWorkstation.ts'
import { scanScreenOptions } from '../../wiring/floorClock.ts'
import { workstationScreen as screen } from '../../wiring/floorWorkstation.ts'
import { useSessionUser } from '../../wiring/session.ts'
import type { ScreenProps } from '../../screen.ts'
import { ScanField } from './kit/ScanField.tsx'
import { ScanHeader } from './kit/ScanHeader.tsx'

/** /set-workstation: scan a workstation code; success goes on to the screen of its type. */
export default function SetWorkstationView(_props: ScreenProps) {
  const user = useSessionUser()
  const [state] = useMachine(screen, { input: { workstation: user?.workstation ?? null }, ...scanScreenOptions })
  const p = connectWorkstation(state)
  const held = user?.workstation ?? null
  return (
    <section className="page floor" data-machine="workstation" data-state={stateString(state.value)}>
      <ScanHeader title={SCAN_SCREEN_MSG.workstationTitle} workstation={held} processing={p.processing} last={p.feedback} />
      <div className="card floor-card">
        <ScanField scanner={p.scanner} processing={p.processing} label={FLOOR_LABEL.workstationCode} name="workstation" />
        <p className="hint" data-testid="workstation-held">
          {held ? `${FLOOR_LABEL.workstation}: ${held.code} (${held.type.name})` : FLOOR_LABEL.noWorkstation}
        </p>
      </div>
    </section>
  )
}
