import { type Page, expect, test } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { type ClassificationSnapshot, classificationMachine, connectClassification } from '../../machines/floorClassification.ts'
import { classificationSamples } from '../../machines/floorClassification.samples.ts'
import type { MachineSamples } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/describe.ts'
import { type PathDriver, drivablePaths, drivePath, nameOf, statesOf } from './machinePaths.ts'
import { workerAtWorkstation } from './support.ts'

/**
 * The sorting (classification) machine's generated paths on the real /parcel-classification page at
 * SRTW_01: the status and sector form and the confirmation of an unknown problem. Sorting scans are
 * left to floor-trust and warehouse-floor (they record parcels other specs rely on).
 */
const view = (s: AnyMachineSnapshot) => connectClassification(s as ClassificationSnapshot, () => {})
const confirm = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Potwierdzenie' })

const driver: PathDriver = {
  machine: classificationMachine as AnyStateMachine,
  samples: classificationSamples as MachineSamples<AnyStateMachine>,
  input: 'SRTW_01',
  act: (e: AnyEventObject) => {
    switch (e.type) {
      case 'SET_STATUS':
        return (page) => page.locator('select[name=status]').selectOption(String(e.statusTypeId)).then(() => {})
      case 'SET_SECTOR':
        return (page) => page.locator('select[name=sector]').selectOption(e.sectorId === null ? '' : String(e.sectorId)).then(() => {})
      case 'CONFIRM':
        return (page) => confirm(page).getByRole('button', { name: 'Tak' }).click()
      case 'CANCEL':
        return (page) => confirm(page).getByRole('button', { name: 'Nie' }).click()
      case 'RESET':
        return (page) => page.getByTestId('scan-reset').click()
      default:
        return null
    }
  },
  answers: (e) => e.type === 'xstate.done.actor.loadFloor' && nameOf(e).startsWith('SRTW_01'),
  see: async (page, s) => {
    const p = view(s)
    const screen = page.locator('[data-machine=classification]')
    await expect(screen).toHaveAttribute('data-state', stateString(s.value))
    await expect(screen).toHaveAttribute('data-problem', String(p.problem))
    await expect(page.getByTestId('scan-processing')).toHaveAttribute('data-processing', String(p.processing))
    await expect(page.locator('select[name=status]')).toHaveValue(String(p.statusTypeId ?? ''))
    await expect(page.locator('select[name=status]')).toBeEnabled({ enabled: p.editable })
    await expect(page.locator('select[name=sector]')).toHaveCount(p.sectorShown ? 1 : 0)
    if (p.sectorShown) await expect(page.locator('select[name=sector]')).toHaveValue(String(p.sectorId ?? ''))
    await expect(confirm(page)).toHaveCount(p.confirmingUnknown ? 1 : 0)
    await expect(page.getByTestId('scan-reset')).toBeEnabled({ enabled: p.canReset })
    await expect(page.getByTestId('sort-bucket')).toHaveAttribute('data-bucket', p.outcome.bucket?.identifier ?? '')
  },
}

const paths = drivablePaths(driver, { transitions: true })

test.describe('sorting paths', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await workerAtWorkstation(page, baseURL!, 'SRTW_01', '/parcel-classification')
  })

  test(`the paths reach the states they were chosen for: ${statesOf(paths).join(', ')}`, () => {
    expect(statesOf(paths)).toEqual(expect.arrayContaining(['ready.idle', 'ready.confirmingUnknown']))
  })

  for (const path of paths) test(path.description, async ({ page }) => drivePath(page, driver, path))
})
