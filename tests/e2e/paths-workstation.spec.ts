import { expect, test } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { href } from '../../src/contract/routes.ts'
import type { MachineSamples } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/state.ts'
import { connectWorkstation, workstationMachine } from '../../machines/floorWorkstation.ts'
import { workstationSamples } from '../../machines/floorWorkstation.samples.ts'
import { type PathDriver, drivablePaths, drivePath, nameOf, statesOf } from './machinePaths.ts'
import { api, apiToken, signIn } from './support.ts'

/**
 * The workstation machine's generated paths on the real /set-workstation page, for a worker who holds
 * none: an unknown code (404 from the server) and PRZJ_01 (set, on to its screen).
 */
const view = (s: AnyMachineSnapshot) => connectWorkstation(s as Parameters<typeof connectWorkstation>[0])

const driver: PathDriver = {
  machine: workstationMachine as AnyStateMachine,
  samples: workstationSamples as MachineSamples<AnyStateMachine>,
  input: 'no workstation',
  act: (e: AnyEventObject) =>
    e.type === 'SCANNED'
      ? async (page) => {
          await expect(page.getByTestId('scan-input')).toBeFocused()
          await page.keyboard.type(String(e.code), { delay: 5 })
          await page.waitForTimeout(SCANNER.idleMs.intake + 150)
        }
      : null,
  // The server's answers: PRZJ_01 is set, XXXX_99 does not exist.
  answers: (e, cause) => {
    const code = cause?.type === 'SCANNED' ? String(cause.code) : null
    if (e.type === 'xstate.done.actor.setWorkstation') return code !== null && nameOf(e) === code
    if (e.type === 'xstate.error.actor.setWorkstation') return code === 'XXXX_99' && nameOf(e) === '404'
    return false
  },
  see: async (page, s) => {
    const p = view(s)
    if (p.leavingFor) {
      await expect(page).toHaveURL(new RegExp(`${href(p.leavingFor)}$`))
      return
    }
    await expect(page.locator('[data-machine=workstation]')).toHaveAttribute('data-state', stateString(s.value))
    await expect(page.getByTestId('scan-processing')).toHaveAttribute('data-processing', String(p.processing))
    const said = p.feedback?.messages[0]?.text
    if (said) await expect(page.getByTestId('scan-status')).toContainText(said)
  },
}

const paths = drivablePaths(driver, { transitions: true })

test.describe('workstation paths', () => {
  test.beforeEach(async ({ page, request }) => {
    const token = await apiToken(request, 'worker')
    await api(request, endpoints.endWorkflow, { token, body: { type: 'manual' } })
    await signIn(page, 'worker@example.com', 'worker123')
    await page.goto('/set-workstation')
  })

  test(`the paths reach the states they were chosen for: ${statesOf(paths).join(', ')}`, () => {
    expect(statesOf(paths)).toEqual(expect.arrayContaining(['ready', 'done']))
  })

  for (const path of paths) test(path.description, async ({ page }) => drivePath(page, driver, path))
})
