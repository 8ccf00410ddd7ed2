import { type Page, expect, test } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type ClassificationSnapshot, classificationMachine, connectClassification } from '../../machines/floorClassification.ts'
import { classificationSamples } from '../../machines/floorClassification.samples.ts'
import type { MachineSamples } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/state.ts'
import { type PathDriver, drivablePaths, drivePath, expectScansAccounted, movesOf, nameOf, scanElsewhere, scansSent, serverDown, statesOf } from './machinePaths.ts'
import { workerAtWorkstation } from './support.ts'

/**
 * The sorting (classification) machine's generated paths on the real /parcel-classification page at
 * SRTW_01: the status and sector form, the confirmation of an unknown problem, and scans as a scanner
 * types them with the focus elsewhere (on the page, or in the open confirmation). Every sorting scan
 * here meets a server that cannot be reached (it stays in flight IN_FLIGHT_MS, so a scan typed
 * meanwhile is a burst while in flight): nothing is recorded, recorded sorting is floor-trust's and
 * warehouse-floor's. Every barcode typed is sent once or named on the list of unprocessed barcodes.
 */
const CLASSIFY_URL = `**/api/${endpoints.parcelClassify.path}`
const IN_FLIGHT_MS = 3_500
/** Scan requests the page sent, by barcode. */
let sent: string[] = []
const view = (s: AnyMachineSnapshot) => connectClassification(s as ClassificationSnapshot, () => {})
const confirm = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Potwierdzenie' })

const driver: PathDriver = {
  machine: classificationMachine as AnyStateMachine,
  samples: classificationSamples as MachineSamples<AnyStateMachine>,
  input: 'SRTW_01',
  act: (e: AnyEventObject) => {
    switch (e.type) {
      case 'SCANNED':
        return (page) => scanElsewhere(page, String(e.code))
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
  answers: (e, cause) => {
    if (e.type === 'xstate.done.actor.loadFloor') return nameOf(e).startsWith('SRTW_01')
    // The only answer to a sorting scan here: none at all.
    if (e.type === 'xstate.error.actor.classify') return nameOf(e) === 'no connection'
    // The next queued scan goes by itself, at once after the answer before it.
    if (e.type.startsWith('xstate.after.queueNext')) return cause?.type === 'SCANNED'
    return false
  },
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
    // The queue and the barcodes named as not processed.
    await expect(page.getByTestId('scan-queue')).toHaveAttribute('data-count', String(p.queued))
    await expect(page.getByTestId('scan-unprocessed').locator('[data-barcode]')).toHaveCount(p.unprocessed.length)
    for (const u of p.unprocessed) await expect(page.getByTestId('scan-unprocessed').locator(`[data-barcode="${u.barcode}"]`)).toHaveCount(1)
  },
}

// The screen loads before a person could scan; a path ending with scans still queued ends in a
// passing moment (the next one goes at once): neither is driven.
const passing = (p: ReturnType<typeof view>) => p.queued > 0 && !p.processing
const paths = drivablePaths(driver, { transitions: true, ends: (p) => !passing(view(p.steps.at(-1)!.snapshot)) }).filter(
  (p) => !p.steps.some((s, i) => i > 0 && s.event.type === 'SCANNED' && p.steps[i - 1]!.snapshot.matches('loading')),
)

test.describe('sorting paths', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    sent = scansSent(page, endpoints.parcelClassify.path)
    await serverDown(page, CLASSIFY_URL, IN_FLIGHT_MS)
    await workerAtWorkstation(page, baseURL!, 'SRTW_01', '/parcel-classification')
  })

  test(`the paths reach the states they were chosen for: ${statesOf(paths).join(', ')}`, () => {
    expect(statesOf(paths)).toEqual(expect.arrayContaining(['ready.idle', 'ready.confirmingUnknown', 'ready.submitting']))
    // Focus elsewhere, window open, burst while in flight, server down: each on some path.
    expect(movesOf(paths)).toEqual(expect.arrayContaining(['ready.idle RE100000001', 'ready.confirmingUnknown RE100000001', 'ready.submitting RE100000001', 'ready.submitting no connection']))
  })

  for (const path of paths) {
    test(path.description, async ({ page }) => {
      await drivePath(page, driver, path)
      // The confirmation of an unknown problem sends the barcode held again, with that status.
      await expectScansAccounted(page, path, sent, ['CONFIRM'])
    })
  }
})
