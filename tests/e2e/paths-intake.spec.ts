import { type Page, expect, test } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { endpoints } from '../../src/contract/endpoints.ts'
import { FLOOR_SCREEN_LABEL as L } from '../../src/contract/messages/floor.ts'
import type { MachineSamples } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/state.ts'
import { type IntakeSnapshot, connectIntake, intakeScanMachine } from '../../machines/floorIntakeScan.ts'
import { intakeScanSamples } from '../../machines/floorIntakeScan.samples.ts'
import { type PathDriver, drivablePaths, drivePath, expectScansAccounted, movesOf, nameOf, scanElsewhere, scansSent, serverDown, statesOf } from './machinePaths.ts'
import { workerAtWorkstation } from './support.ts'

/**
 * The intake machine's generated paths on the real /parcel-from-number page at PRZJ_01: the form,
 * the sector window and the client chooser, and scans as a scanner types them with the focus
 * elsewhere (on the page, or in an open window). UNKNOWN0001 gets the real server's answer (208, not
 * in the system: nothing is recorded); RE100000005 meets a server that cannot be reached (the call
 * fails after 6 s, so a scan typed meanwhile is a burst while in flight). Every barcode typed is
 * sent once or named on the screen's list of unprocessed barcodes.
 */
const SCAN_URL = `**/api/${endpoints.parcelScan.path}`
/** How long the server-down scan stays in flight (the page is seen in it, a scan typed meanwhile queues). */
const IN_FLIGHT_MS = 6_000
/** The scan of this barcode meets a server that cannot be reached. */
const SERVER_DOWN = 'RE100000005'
/** Scan requests the page sent, by barcode. */
let sent: string[] = []
const view = (s: AnyMachineSnapshot) => connectIntake(s as IntakeSnapshot, () => {})
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title })

const driver: PathDriver = {
  machine: intakeScanMachine as AnyStateMachine,
  samples: intakeScanSamples as MachineSamples<AnyStateMachine>,
  input: 'PRZJ_01',
  act: (e: AnyEventObject) => {
    switch (e.type) {
      case 'SCANNED':
        return async (page) => {
          const code = String(e.code)
          if (code === SERVER_DOWN) await serverDown(page, SCAN_URL, IN_FLIGHT_MS, 1)
          await scanElsewhere(page, code)
        }
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
        // From the form, or from the sector window of a barcode waiting for a client.
        return async (page) => {
          if (await page.getByRole('dialog').count()) await page.getByTestId('sector-choose-client').click()
          else await page.getByTestId('choose-client-open').click()
        }
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
    // The real server's answer to UNKNOWN0001; no answer at all for the server-down barcode.
    if (e.type === 'xstate.done.actor.submitScan') return cause?.type === 'SCANNED' && cause.code === 'UNKNOWN0001' && nameOf(e) === 'UNKNOWN0001 208 no client'
    if (e.type === 'xstate.error.actor.submitScan') return cause?.type === 'SCANNED' && cause.code === SERVER_DOWN && nameOf(e) === 'no connection'
    // The next queued scan goes by itself, at once after the answer before it.
    if (e.type.startsWith('xstate.after.queueNext')) return cause?.type === 'SCANNED'
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
    // The queue and the barcodes named as not processed.
    await expect(page.getByTestId('scan-queue')).toHaveAttribute('data-count', String(p.queued))
    await expect(page.getByTestId('scan-unprocessed').locator('[data-barcode]')).toHaveCount(p.unprocessed.length)
    for (const u of p.unprocessed) await expect(page.getByTestId('scan-unprocessed').locator(`[data-barcode="${u.barcode}"]`)).toHaveCount(1)
  },
}

// The screen loads before a person could scan: a scan during loading is not drivable. A path ending
// idle with scans still queued ends in a passing moment (the next one goes at once): not driven.
const passing = (p: ReturnType<typeof view>) => p.queued > 0 && !p.processing
const paths = drivablePaths(driver, { transitions: true, ends: (p) => !passing(view(p.steps.at(-1)!.snapshot)) }).filter(
  (p) => !p.steps.some((s, i) => i > 0 && s.event.type === 'SCANNED' && p.steps[i - 1]!.snapshot.matches('loading')),
)

test.describe('intake paths', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    sent = scansSent(page, endpoints.parcelScan.path)
    await workerAtWorkstation(page, baseURL!, 'PRZJ_01', '/parcel-from-number')
  })

  test(`the paths reach the states they were chosen for: ${statesOf(paths).join(', ')}`, () => {
    expect(statesOf(paths)).toEqual(expect.arrayContaining(['ready.idle', 'ready.choosingSector', 'ready.choosingClient', 'ready.submitting']))
    // Focus elsewhere, window open, burst while in flight, server down: each on some path.
    expect(movesOf(paths)).toEqual(expect.arrayContaining(['ready.choosingSector UNKNOWN0001', 'ready.submitting RE100000005', 'ready.submitting no connection', 'ready.idle UNKNOWN0001']))
  })

  for (const path of paths) {
    test(path.description, async ({ page }) => {
      await drivePath(page, driver, path)
      await expectScansAccounted(page, path, sent)
    })
  }
})
