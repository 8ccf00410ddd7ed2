import { type Page, expect, test } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { FLOOR_SCREEN_LABEL as L } from '../../src/contract/messages/floor.ts'
import type { MachineSamples } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/describe.ts'
import { type IntakeSnapshot, connectIntake, intakeScanMachine } from '../../machines/intakeScan.ts'
import { intakeScanSamples } from '../../machines/intakeScan.samples.ts'
import { type PathDriver, drivablePaths, drivePath, nameOf, statesOf } from './machinePaths.ts'
import { workerTakesWorkstation } from './support.ts'

/**
 * The intake machine's generated paths on the real /parcel-from-number page at PRZJ_01: the form,
 * the sector window and the client chooser. Scans are left to floor-trust and warehouse-floor (they
 * record parcels other specs rely on), so only the workstation's own answers are taken from the server.
 */
const view = (s: AnyMachineSnapshot) => connectIntake(s as IntakeSnapshot, () => {})
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title })

const driver: PathDriver = {
  machine: intakeScanMachine as AnyStateMachine,
  samples: intakeScanSamples as MachineSamples<AnyStateMachine>,
  input: 'PRZJ_01',
  act: (e: AnyEventObject) => {
    switch (e.type) {
      case 'SET_STATUS':
        return (page) => page.locator('select[name=status]').selectOption(String(e.statusTypeId)).then(() => {})
      case 'SET_WHERE':
        return (page) => page.locator('input[name=where]').fill(String(e.where))
      case 'OPEN_SECTORS':
        return (page) => page.locator('.client-pill button', { hasText: L.chooseSector }).click()
      case 'SET_SECTOR':
        return (page) => page.locator(`input[name=sector][value="${e.sectorId}"]`).check()
      case 'CONFIRM_SECTOR':
        return (page) => page.getByTestId('sector-confirm').click()
      case 'CANCEL_SECTOR':
        return (page) => dialog(page, L.chooseSector).getByRole('button', { name: L.cancel }).click()
      case 'CHOOSE_CLIENT':
        return (page) => page.getByTestId('choose-client-open').click()
      case 'RESET':
        return (page) => page.getByTestId('scan-reset').click()
      case 'EDIT_DIMENSIONS':
        // Page Down with no parcel shown: the machine says to scan one first.
        return e.parcelId === null ? (page) => page.keyboard.press('PageDown') : null
      case 'CLEAR_SECTION':
        if (e.section !== 'status') return null
        return async (page) => {
          await page.locator('select[name=status]').focus()
          await page.keyboard.press('Delete')
        }
      case 'xstate.done.actor.chooseClient':
        // The person closes the client window without choosing.
        return nameOf(e) === 'cancelled' ? (page) => page.keyboard.press('Escape') : null
      default:
        return null
    }
  },
  answers: (e, cause) => {
    if (e.type === 'xstate.done.actor.loadFloor') return nameOf(e).startsWith('PRZJ_01')
    if (e.type === 'xstate.done.actor.chooseClient') return cause?.type === 'CHOOSE_CLIENT' && nameOf(e) === 'cancelled'
    return false
  },
  see: async (page, s) => {
    const p = view(s)
    const intake = page.locator('[data-machine=intakeScan]')
    await expect(intake).toHaveAttribute('data-state', stateString(s.value))
    await expect(intake).toHaveAttribute('data-problem', String(p.problem))
    await expect(page.getByTestId('scan-processing')).toHaveAttribute('data-processing', String(p.processing))
    await expect(page.locator('select[name=status]')).toHaveValue(String(p.statusTypeId ?? ''))
    await expect(page.locator('select[name=status]')).toBeEnabled({ enabled: p.editable })
    await expect(page.locator('input[name=where]')).toHaveValue(p.where)
    await expect(page.getByTestId('scan-reset')).toBeEnabled({ enabled: p.canReset })
    await expect(page.getByTestId('intake-sector')).toHaveCount(p.sectorShown ? 1 : 0)
    if (p.sector) await expect(page.getByTestId('intake-sector')).toContainText(p.sector.name)
    await expect(dialog(page, L.chooseSector)).toHaveCount(p.sectorWindowOpen ? 1 : 0)
    await expect(page.getByTestId('choose-client')).toHaveCount(p.chooser ? 1 : 0)
    await expect(page.getByTestId('problem-banner')).toHaveCount(p.problem ? 1 : 0)
  },
}

const paths = drivablePaths(driver, { transitions: true })

test.describe('intake paths', () => {
  test.beforeEach(async ({ page, request }) => {
    await workerTakesWorkstation(page, request, 'PRZJ_01', /\/parcel-from-number$/)
  })

  test(`the paths reach the states they were chosen for: ${statesOf(paths).join(', ')}`, () => {
    expect(statesOf(paths)).toEqual(expect.arrayContaining(['ready.idle', 'ready.choosingSector', 'ready.choosingClient']))
  })

  for (const path of paths) test(path.description, async ({ page }) => drivePath(page, driver, path))
})
