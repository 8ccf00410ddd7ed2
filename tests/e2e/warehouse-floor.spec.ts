import { type Locator, type Page, expect, test } from '@playwright/test'
import type { AnyEventObject } from 'xstate'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import { stateString } from '../../machines/graph/state.ts'
import { type Path, explore, transitionPaths } from '../../machines/graph/explore.ts'
import { sampleName } from '../../machines/graph/samples.ts'
import type { IntakeContext } from '../../machines/floorIntakeScan.ts'
import { intakeScanMachine } from '../../machines/floorIntakeScan.ts'
import { DEMO_SECTORS, intakeScanSamples } from '../../machines/floorIntakeScan.samples.ts'
import { api, apiToken, signIn } from './support.ts'

/**
 * The warehouse floor in a real Chromium against the real server and the docs/demo-data.md database:
 * a worker occupies PRZJ_01, receives parcels (201, problem mode with the sector window, a parcel
 * not in the system assigned to a client), switches to SRTW_01 and sorts; and one path generated
 * from the intakeScan model (machines/graph/explore.ts), driven on the page event by event with the
 * page's data-state checked at every step. Barcodes are typed as a scanner types them: fast keys,
 * then silence longer than the idle window.
 */

const IDLE = SCANNER.idleMs.intake


/** A scanner: the code's keys in quick succession (a Polish keyboard sends '-' for '_'), then silence. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 })
  await page.waitForTimeout(IDLE + 150)
}

const lastTone = (page: Page) => page.evaluate(() => document.body.dataset.lastTone ?? '')
const expectTone = async (page: Page, tone: 'success' | 'warning' | 'error') => expect.poll(() => lastTone(page)).toMatch(new RegExp(`^${tone}:`))
const toast = (page: Page, text: string) => page.locator('[role=status]').filter({ hasText: text }).first()

async function occupy(page: Page, code: string) {
  await page.goto('/set-workstation')
  await expect(page.locator('[data-machine=workstation]')).toHaveAttribute('data-state', 'ready')
  // The caret in the field is what tells the worker the screen listens.
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await scan(page, code)
}

test('a worker takes PRZJ_01, receives RE100000001, RE100000005 (problem mode) and UNKNOWN0001 (client chosen), then sorts at SRTW_01', async ({ page, request }) => {
  // A clean start: the specs share one database, and another may have left the worker at a workstation.
  const ended = await api(request, endpoints.endWorkflow, { token: await apiToken(request, 'worker'), body: { type: 'manual' } })
  expect(ended.status).toBe(200)
  await signIn(page, 'worker@example.com', 'worker123')

  // A scanning screen without a workstation sends the person to /set-workstation.
  await page.goto('/parcel-from-number')
  await expect(page).toHaveURL(/\/set-workstation$/)
  await expect(toast(page, WAREHOUSE_MSG.workstationRequired)).toBeVisible()

  // /set-workstation: the scanner sends PRZJ-01; the intake screen follows.
  await occupy(page, 'PRZJ-01')
  await expect(page).toHaveURL(/\/parcel-from-number$/)
  await expect(toast(page, 'Pomyślnie ustawiono stanowisko!')).toBeVisible()
  const intake = page.locator('[data-machine=intakeScan]')
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')
  await expect(page.getByTestId('scan-workstation')).toContainText('PRZJ_01')
  await expect(page.getByTestId('scan-count')).toContainText('0')
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await expect(page.locator('select[name=status]')).toHaveValue('55')
  await expect(page.locator('input[name=where]')).toHaveValue('TYCHY')

  // RE100000001: 201, no messages → the big success indicator and the success tone; the server's counter.
  await scan(page, 'RE100000001')
  await expect(intake).toHaveAttribute('data-code', '201')
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')
  await expectTone(page, 'success')
  await expect(page.getByTestId('scan-count')).toContainText('1')
  // Parcel data and status history 2.5 s after the answer.
  await expect(page.getByTestId('parcel-number')).toHaveText('RE100000001')
  await expect(page.getByTestId('parcel-history').locator('tbody tr').first()).toContainText('worker@example.com')
  await expect(page.getByTestId('parcel-history').locator('tbody tr').first()).toContainText('TYCHY')
  await expect(page.getByTestId('parcel-history').locator('tbody tr').first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)

  // RE100000005: 208 "Blokada nadawania" → problem mode, known problem and the blocked-dispatch sector preselected, sector window open.
  await scan(page, 'RE100000005')
  await expect(intake).toHaveAttribute('data-state', 'ready.choosingSector')
  await expect(intake).toHaveAttribute('data-problem', 'true')
  const sectors = page.getByTestId('sector-modal')
  await expect(sectors.locator('input[data-sector-code="5"]')).toBeChecked()
  await expect(toast(page, 'Blokada nadawania')).toBeVisible()
  await expect(toast(page, WAREHOUSE_MSG.problemDetected)).toBeVisible()
  await expectTone(page, 'warning')
  // Sectors 3 and 4 force the duplicated-parcel row.
  await sectors.locator('input[data-sector-code="3"]').check()
  await expect(page.getByTestId('duplicated-row').locator('input')).toBeChecked()
  await expect(page.getByTestId('duplicated-row').locator('input')).toBeDisabled()
  await sectors.locator('input[data-sector-code="5"]').check()
  await page.getByTestId('sector-confirm').click()
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')
  await expect(page.locator('select[name=status]')).toHaveValue('59')
  await expect(page.getByTestId('intake-sector')).toContainText('Blokada nadawania')
  // Scanned again with the problem status: into the sector (201); problem mode ends, the status is back to 55.
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await scan(page, 'RE100000005')
  await expect(intake).toHaveAttribute('data-problem', 'false')
  await expect(intake).toHaveAttribute('data-code', '201')
  await expect(page.locator('select[name=status]')).toHaveValue('55')
  await expect(page.getByTestId('scan-count')).toContainText('2')

  // UNKNOWN0001: not in the system (208, receiving sector suggested) → choose the client, verify, 201.
  await scan(page, 'UNKNOWN0001')
  await expect(intake).toHaveAttribute('data-state', 'ready.choosingSector')
  await expect(sectors.locator('input[data-sector-code="1"]')).toBeChecked()
  await expect(toast(page, WAREHOUSE_ANSWER.notInSystem)).toBeVisible()
  await page.getByTestId('sector-choose-client').click()
  await expect(intake).toHaveAttribute('data-state', 'ready.choosingClient')
  const chooser = page.locator('[data-machine=chooseClient]')
  await expect(page.getByTestId('choose-client-barcode')).toHaveText('UNKNOWN0001')
  await expect(page.locator('input[name=client-search]')).toBeFocused()
  await page.keyboard.type('De')
  await page.waitForTimeout(400)
  await expect(chooser).toHaveAttribute('data-state', 'searching.idle')
  await page.keyboard.type('mo')
  await page.getByTestId('client-results').getByRole('button', { name: /Demo Shop SRL/ }).click()
  await expect(chooser).toHaveAttribute('data-state', 'confirming')
  // The confirmation form takes the focus to its first field when it opens, but a worker who is
  // already typing in the window keeps their field: the phone typed at once, key by key, stays in
  // the phone field and nothing lands in the postal code.
  await page.locator('input[name=phone_number]').pressSequentially('700000000', { delay: 150 })
  await expect(page.locator('input[name=phone_number]')).toHaveValue('700000000')
  await expect(page.locator('input[name=postal_code]')).toHaveValue('')
  await page.locator('input[name=postal_code]').fill('010011')
  await expect(page.locator('input[name=postal_code]')).toHaveValue('010011')
  await page.getByTestId('client-verify').click()
  await expect(toast(page, 'Niepoprawna weryfikacja wyboru klienta!')).toBeVisible()
  await expect(chooser).toHaveAttribute('data-state', 'confirming')
  await page.locator('input[name=phone_number]').fill('721000111')
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Pomyślnie wybrano klienta!')).toBeVisible()
  // The answer that asked for a client is withdrawn with it; the ✓ of the choice stays.
  await expect(toast(page, WAREHOUSE_ANSWER.notInSystem)).toBeHidden()
  await expect(toast(page, 'Pomyślnie wybrano klienta!')).toBeVisible()
  // The barcode that waited for a client goes again with it: the parcel is created for Demo Shop (201).
  await expect(intake).toHaveAttribute('data-code', '201')
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')
  await expect(intake).toHaveAttribute('data-problem', 'false')
  // The client was chosen for that parcel only: the next parcels are not created for it.
  await expect(page.getByTestId('intake-client')).toHaveText('Brak klienta')
  await expect(page.getByTestId('scan-count')).toContainText('3')
  await expect(page.getByTestId('parcel-history').locator('tbody tr').first()).toContainText('worker@example.com')
  await expect(page.getByTestId('parcel-number')).toHaveText(/^RE\d{9}$/)
  await page.screenshot({ path: test.info().outputPath('intake.png'), fullPage: true })

  // Switching to SRTW_01 by scanning its code on the intake screen (205): the sorting screen follows.
  await scan(page, 'SRTW-01')
  await expect(page).toHaveURL(/\/parcel-classification$/)
  const sorting = page.locator('[data-machine=classification]')
  await expect(sorting).toHaveAttribute('data-state', 'ready.idle')
  await expect(page.getByTestId('scan-workstation')).toContainText('SRTW_01')
  await expect(page.getByTestId('scan-count')).toContainText('0')
  await expect(page.getByTestId('scan-input')).toBeFocused()

  // RE100000001, received above: sorted into its bucket, shown big.
  await scan(page, 'RE100000001')
  await expect(sorting).toHaveAttribute('data-code', '201')
  await expect(page.getByTestId('sort-bucket')).toHaveAttribute('data-bucket', 'DPD_RO')
  await expect(page.getByTestId('sort-bucket')).toContainText('DPD RO')
  await expect(toast(page, 'Sortuj do: DPD RO')).toBeVisible()
  await expect(page.getByTestId('scan-count')).toContainText('1')
  await expectTone(page, 'success')
  await page.screenshot({ path: test.info().outputPath('sorting.png'), fullPage: true })

  // A worker leaves the workstation from the screen's header, without logging out.
  await page.getByTestId('end-workstation').click()
  await expect(page).toHaveURL(/\/set-workstation$/)
  await expect(page.getByTestId('workstation-held')).toContainText('Nie masz ustawionego stanowiska')
})

// ---- one generated path of the intakeScan model, driven on the real page -------------------------------

/** What the real server answers a docs/demo-data.md barcode, given the form (the answer sample's name), or null when not known here. */
function realAnswer(form: IntakeContext, code: string): string | null {
  if (code === 'RE100000005') {
    if (form.statusTypeId === 55) return 'RE100000005 208 blocked'
    if (form.statusTypeId === 59 && form.sectorId !== null) return 'RE100000005 201 sector set'
  }
  if (code === 'UNKNOWN0001' && form.statusTypeId === 55 && form.client === null) return 'UNKNOWN0001 208 no client'
  return null
}

/** Events a person (or the server) can make happen on the page, by type. */
const DRIVEN = new Set([
  'xstate.done.actor.loadFloor', 'SCANNED', 'xstate.done.actor.submitScan', 'xstate.error.actor.submitScan', 'SET_STATUS', 'SET_WHERE', 'OPEN_SECTORS',
  'SET_SECTOR', 'CONFIRM_SECTOR', 'CANCEL_SECTOR', 'CLEAR_SECTION', 'RESET', 'ALARM', 'EDIT_DIMENSIONS',
])

/** Can this path be played on the real page against the docs/demo-data.md server, step by step? */
function drivable(path: Path): boolean {
  return path.steps.every((step, i) => {
    if (i === 0) return true
    const e = step.event
    if (!DRIVEN.has(e.type)) return false
    if (e.type === 'xstate.done.actor.loadFloor') return sampleName(e) === 'PRZJ_01, 3 scans'
    if (e.type === 'EDIT_DIMENSIONS') return (e as unknown as { parcelId: number | null }).parcelId === null
    if (e.type === 'ALARM') return (e as unknown as { alarm: string; length: number }).length === 8
    if (e.type.endsWith('.submitScan')) {
      const scanned = path.steps[i - 1]!.event as { type: string; code?: string }
      // The form as the scan was sent (another barcode does not take the previous parcel's suggestions).
      return scanned.type === 'SCANNED' && realAnswer(path.steps[i - 1]!.snapshot.context as IntakeContext, scanned.code!) === sampleName(e)
    }
    // A scan must be followed by its answer in the path (the page answers it anyway).
    if (e.type === 'SCANNED' && step.snapshot.matches({ ready: 'submitting' })) return path.steps[i + 1]?.event.type.endsWith('.submitScan') ?? false
    return true
  })
}

/** Performs one model event on the page, as a person with a scanner and a keyboard would. */
async function drive(page: Page, root: Locator, event: AnyEventObject) {
  const sectorCode = (id: number) => Object.values(DEMO_SECTORS).find((s) => s.id === id)!.code
  switch (event.type) {
    case 'SCANNED':
      return scan(page, (event as unknown as { code: string }).code)
    case 'ALARM':
      return scan(page, 'ABCD1234')
    case 'SET_STATUS':
      return page.locator('select[name=status]').selectOption(String((event as unknown as { statusTypeId: number }).statusTypeId))
    case 'SET_WHERE':
      return page.locator('input[name=where]').fill((event as unknown as { where: string }).where)
    case 'OPEN_SECTORS':
      return root.getByRole('button', { name: 'Wybierz sektor' }).click()
    case 'SET_SECTOR':
      return page.getByTestId('sector-modal').locator(`input[data-sector-code="${sectorCode((event as unknown as { sectorId: number }).sectorId)}"]`).check()
    case 'CONFIRM_SECTOR':
      return page.getByTestId('sector-confirm').click()
    case 'CANCEL_SECTOR':
      return page.keyboard.press('Escape')
    case 'RESET':
      return page.getByTestId('scan-reset').click()
    case 'EDIT_DIMENSIONS':
      return page.keyboard.press('PageDown')
    case 'CLEAR_SECTION': {
      const section = (event as unknown as { section: string }).section
      const target = { barcode: page.getByTestId('scan-input'), client: page.getByTestId('choose-client-open'), status: page.locator('select[name=status]') }[section]!
      await target.focus()
      return page.keyboard.press('Delete')
    }
    default:
      // Answers of the server and the workstation load: nothing to do but wait.
      return
  }
}

test('one generated path of the intakeScan model that visits problem mode, played on the page against the server', async ({ page, request }) => {
  const graph = explore(intakeScanMachine, intakeScanSamples, 'PRZJ_01')
  const candidates = transitionPaths(graph).filter((p) => drivable(p) && p.steps.some((s) => (s.snapshot.context as IntakeContext).problem))
  expect(candidates.length).toBeGreaterThan(0)
  // The longest one: it enters problem mode and goes on from there.
  const path = candidates.reduce((a, b) => (b.steps.length > a.steps.length ? b : a))
  test.info().annotations.push({ type: 'path', description: path.description })

  await api(request, endpoints.endWorkflow, { token: await apiToken(request, 'worker2'), body: { type: 'manual' } })
  await signIn(page, 'worker2@example.com', 'worker123')
  await occupy(page, 'PRZJ-02')
  await expect(page).toHaveURL(/\/parcel-from-number$/)
  const root = page.locator('[data-machine=intakeScan]')

  for (const [i, step] of path.steps.entries()) {
    if (i > 0) await drive(page, root, step.event)
    const expected = stateString(step.snapshot.value)
    // `submitting` lasts one round trip: the next step (its answer) is where the page is checked.
    if (step.snapshot.matches({ ready: 'submitting' }) || step.snapshot.matches('loading')) continue
    const c = step.snapshot.context as IntakeContext
    await expect(root, `step ${i}: ${path.description}`).toHaveAttribute('data-state', expected)
    await expect(root, `step ${i}: problem mode`).toHaveAttribute('data-problem', String(c.problem))
    await expect(page.locator('select[name=status]'), `step ${i}: status`).toHaveValue(String(c.statusTypeId))
    if (c.lastCode !== null) await expect(root, `step ${i}: answer code`).toHaveAttribute('data-code', String(c.lastCode))
  }
  await page.screenshot({ path: test.info().outputPath('generated-path.png'), fullPage: true })
})
