import { expect, test } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { endpoints } from '../../src/contract/endpoints.ts'
import type { Path } from '../../machines/graph/explore.ts'
import { type ResolveSnapshot, connectResolve, resolveProblematicMachine } from '../../machines/floorResolveProblematic.ts'
import { resolveSamples } from '../../machines/floorResolveProblematic.samples.ts'
import type { MachineSamples } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/state.ts'
import { type PathDriver, drivablePaths, drivePath, expectScansAccounted, movesOf, nameOf, scanElsewhere, scansSent, serverDown, statesOf } from './machinePaths.ts'
import { workerAtWorkstation } from './support.ts'

/**
 * The resolve machine's generated paths on the real /problematic-sector page at PRBL_01: scans as a
 * scanner types them with the focus elsewhere (on the page, or in the open status panel).
 * RE100000010 gets the real server's answer (202: it sits in sector 5; nothing is recorded);
 * RE100000001 meets a server that cannot be reached (the call fails after IN_FLIGHT_MS, so a scan
 * typed meanwhile is a burst while in flight). Giving a status (200) is warehouse-admin.spec.ts's.
 * Every barcode typed is sent once or named on the list of unprocessed barcodes.
 */
const RESOLVE_URL = `**/api/${endpoints.problematicSectorResolve.path}`
const IN_FLIGHT_MS = 3_500
/** The scan of this barcode meets a server that cannot be reached. */
const SERVER_DOWN = 'RE100000001'
/** Scan requests the page sent, by barcode. */
let sent: string[] = []
const view = (s: AnyMachineSnapshot) => connectResolve(s as ResolveSnapshot, () => {})

const driver: PathDriver = {
  machine: resolveProblematicMachine as AnyStateMachine,
  samples: resolveSamples as MachineSamples<AnyStateMachine>,
  input: 'holding PRBL_01',
  act: (e: AnyEventObject) => {
    switch (e.type) {
      case 'SCANNED':
        return async (page) => {
          const code = String(e.code)
          if (code === SERVER_DOWN) await serverDown(page, RESOLVE_URL, IN_FLIGHT_MS, 1)
          await scanElsewhere(page, code)
        }
      case 'RESET':
        return (page) => page.locator('button[name=reset]').click()
      default:
        return null
    }
  },
  answers: (e, cause, before) => {
    if (e.type === 'xstate.done.actor.loadWorkflow') return nameOf(e).startsWith('PRBL_01')
    // The barcode in flight.
    const code = (before.context as { barcode: string | null }).barcode ?? undefined
    // The real server's answer to RE100000010; no answer at all for the server-down barcode.
    if (e.type === 'xstate.done.actor.resolve') return code === 'RE100000010' && nameOf(e) === '202 in sector'
    if (e.type === 'xstate.error.actor.resolve') return code === SERVER_DOWN && nameOf(e) === 'no connection'
    if (e.type === 'xstate.done.actor.loadSectors') return nameOf(e) === 'TYCHY sectors'
    // The next queued scan goes by itself, at once after the answer before it.
    if (e.type.startsWith('xstate.after.queueNext')) return cause?.type === 'SCANNED'
    return false
  },
  see: async (page, s) => {
    const p = view(s)
    await expect(page.locator('[data-machine=resolveProblematic]')).toHaveAttribute('data-state', stateString(s.value))
    await expect(page.getByTestId('scan-processing')).toHaveAttribute('data-processing', String(p.processing))
    await expect(page.getByTestId('resolve-panel')).toHaveCount(p.panelShown ? 1 : 0)
    if (p.panelShown) await expect(page.getByTestId('resolve-barcode')).toHaveText(p.barcode ?? '')
    // The queue and the barcodes named as not processed.
    await expect(page.getByTestId('scan-queue')).toHaveAttribute('data-count', String(p.queued))
    await expect(page.getByTestId('scan-unprocessed').locator('[data-barcode]')).toHaveCount(p.unprocessed.length)
    for (const u of p.unprocessed) await expect(page.getByTestId('scan-unprocessed').locator(`[data-barcode="${u.barcode}"]`)).toHaveCount(1)
  },
}

// The screen loads before a person could scan, and the real server answers before a scanner could
// type again: a scan then is not driven. A path ending with scans still queued, or with the real
// server's answer on its way, ends in a passing moment: not driven either.
const realInFlight = (s: AnyMachineSnapshot) => s.matches('resolving') && (s.context as { barcode: string | null }).barcode !== SERVER_DOWN
const passing = (s: AnyMachineSnapshot) => (view(s).queued > 0 && !view(s).processing) || realInFlight(s)
const drivable = (p: Path) =>
  !passing(p.steps.at(-1)!.snapshot) && !p.steps.some((s, i) => i > 0 && s.event.type === 'SCANNED' && (p.steps[i - 1]!.snapshot.matches('loading') || realInFlight(p.steps[i - 1]!.snapshot)))
const paths = drivablePaths(driver, { transitions: true, everyMove: true, ends: drivable })

test.describe('resolve paths', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    sent = scansSent(page, endpoints.problematicSectorResolve.path)
    await workerAtWorkstation(page, baseURL!, 'PRBL_01', '/resolve-problematic')
  })

  test(`the paths reach the states they were chosen for: ${statesOf(paths).join(', ')}`, () => {
    expect(statesOf(paths)).toEqual(expect.arrayContaining(['ready', 'resolving', 'choosing']))
    // Focus elsewhere, window open, burst while in flight, server down: each on some path.
    expect(movesOf(paths)).toEqual(expect.arrayContaining(['ready RE100000001', 'choosing RE100000001', 'resolving RE100000001', 'resolving no connection']))
  })

  for (const path of paths) {
    test(path.description, async ({ page }) => {
      await drivePath(page, driver, path)
      await expectScansAccounted(page, path, sent)
    })
  }
})
