import { type Page, type Request, expect, test } from '@playwright/test'
import { LISTING } from '../../src/contract/constants/shipments.ts'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { SHIPMENT_MSG } from '../../src/contract/messages/shipments.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import { addDays } from '../../src/contract/time.ts'
import { DEMO_SECTORS, DEMO_STATUSES } from '../../machines/floorIntakeScan.samples.ts'
import { api, apiToken, signIn } from './support.ts'

/**
 * The floor records what the worker sees: a problem answer's status and sector go with the re-scan
 * of that parcel only, never with the next parcel; every answer names its barcode, the previous
 * parcel's toasts and panel go when the next scan starts, nothing survives logout, no English text.
 * Each recorded status is read back through the API (the parcel's history). The parcel list opens
 * with rows. Only parcels no other spec relies on are recorded (RE100000009, RE100000003).
 */

const IDLE = SCANNER.idleMs.intake
const RECEIVED = DEMO_STATUSES.received.id

/** A scanner: the code's keys in quick succession into the focused field, then silence. */
async function scan(page: Page, code: string) {
  // The scanner types into whatever has the focus: wait until it is back in the scan field (after a window closes, within 2 s).
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await page.keyboard.type(code, { delay: 5 })
  await page.waitForTimeout(IDLE + 150)
}

/** Scans `code` and returns the body the page sent for it. */
async function scanSent(page: Page, code: string, path: string): Promise<Record<string, unknown>> {
  const sent = page.waitForRequest((r: Request) => r.url().includes(path) && r.method() !== 'GET' && (r.postData() ?? '').includes(`"${code}"`))
  await scan(page, code)
  return (await sent).postDataJSON() as Record<string, unknown>
}

const toast = (page: Page, text: string) => page.locator('[role=status]').filter({ hasText: text }).first()

/** The parcel's status history as the API gives it (newest first). */
async function history(request: Parameters<typeof apiToken>[0], token: string, barcode: string) {
  const res = await api(request, endpoints.parcelHistory, { token, params: { idType: 'barcode', value: barcode } })
  return res.status === 200 ? (res.body as Array<{ status_type_id: number; problematic_sector: { id: number } | null }>) : []
}

async function occupy(page: Page, code: string) {
  await page.goto('/set-workstation')
  await expect(page.locator('[data-machine=workstation]')).toHaveAttribute('data-state', 'ready')
  // The caret in the field is what tells the worker the screen listens.
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await scan(page, code)
}

test('intake: a problem answer goes with its own parcel only; the next parcel is recorded with status 55; answers name their barcode; nothing survives logout', async ({ page, request }) => {
  const token = await apiToken(request, 'worker')
  expect((await api(request, endpoints.endWorkflow, { token, body: { type: 'manual' } })).status).toBe(200)
  await signIn(page, 'worker@example.com', 'worker123')
  await occupy(page, 'PRZJ-01')
  await expect(page).toHaveURL(/\/parcel-from-number$/)
  const intake = page.locator('[data-machine=intakeScan]')
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')
  const path = endpoints.parcelScan.path

  // RE100000006: 208, known problem in sector 14 suggested, the sector window opens; "Anuluj".
  await scan(page, 'RE100000006')
  await expect(intake).toHaveAttribute('data-state', 'ready.choosingSector')
  await expect(page.getByTestId('problem-banner')).toHaveAttribute('data-barcode', 'RE100000006')
  await expect(toast(page, 'RE100000006: ')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Anuluj' }).click()
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')

  // RE100000009 goes with status 55 and no sector — not "Wykryto znany problem" in sector 14.
  const re9 = await scanSent(page, 'RE100000009', path)
  expect([re9.id_status_type, re9.id_problematic_sector]).toEqual([RECEIVED, null])
  await expect(intake).toHaveAttribute('data-code', '201')
  await expect(intake).toHaveAttribute('data-problem', 'false')
  await expect(page.getByTestId('scan-status')).toHaveText('RE100000009: ✓')
  // The previous parcel's toasts went when this scan started.
  await expect(page.locator('[role=status]').filter({ hasText: 'RE100000006' })).toHaveCount(0)
  await expect(page.getByTestId('parcel-scanned-as')).toContainText('RE100000009')
  const h9 = await history(request, token, 'RE100000009')
  expect(h9[0]).toMatchObject({ status_type_id: RECEIVED, problematic_sector: null })

  // UNKNOWN0001: 208, unknown problem into sector 1 suggested and confirmed; the panel no longer shows RE100000009.
  await scan(page, 'UNKNOWN0001')
  await expect(intake).toHaveAttribute('data-state', 'ready.choosingSector')
  await expect(page.locator('[data-machine=parcelPanel]')).toHaveAttribute('data-state', 'empty')
  await expect(page.getByTestId('parcel-number')).toHaveCount(0)
  await page.getByTestId('sector-confirm').click()
  await expect(page.locator('select[name=status]')).toHaveValue(String(DEMO_STATUSES.unknown.id))
  await expect(page.getByTestId('problem-banner')).toContainText('UNKNOWN0001')

  // BUF00000001 goes with status 55 (its own answer: 208), not unknown problem in sector 1 under a big ✓.
  const buf = await scanSent(page, 'BUF00000001', path)
  expect([buf.id_status_type, buf.id_problematic_sector]).toEqual([RECEIVED, null])
  await expect(intake).toHaveAttribute('data-code', '208')
  await expect(page.getByTestId('problem-banner')).toHaveAttribute('data-barcode', 'BUF00000001')
  await expect(page.locator('[role=status]').filter({ hasText: 'UNKNOWN0001' })).toHaveCount(0)
  for (const row of await history(request, token, 'BUF00000001')) {
    expect(row.status_type_id).not.toBe(DEMO_STATUSES.unknown.id)
    expect(row.problematic_sector?.id ?? null).not.toBe(DEMO_SECTORS.receiving.id)
  }
  await page.getByRole('dialog').getByRole('button', { name: 'Anuluj' }).click()

  // RE100000003: 201 with the 20-second "Przesyłka nie posiada numeru wyjściowego", named; logout removes it.
  await scan(page, 'RE100000003')
  await expect(toast(page, `RE100000003: ${WAREHOUSE_MSG.missingOutNumber}`)).toBeVisible()
  await page.locator('[data-menu="logout"] button').click()
  await expect(page.locator('input[name=email]')).toBeVisible()
  await expect(page.getByText(WAREHOUSE_MSG.missingOutNumber)).toHaveCount(0)
})

test('sorting: after UNKNOWN0001 (404) RE100000007 gets its own 424, after RE100000005 (405) RE100000009 its own 406; the gate speaks Polish', async ({ page, request }) => {
  const token = await apiToken(request, 'worker')
  expect((await api(request, endpoints.endWorkflow, { token, body: { type: 'manual' } })).status).toBe(200)
  await signIn(page, 'worker@example.com', 'worker123')

  // Without a workstation: /set-workstation with the Polish message (it was "You must scan a workstation...").
  await page.goto('/parcel-classification')
  await expect(page).toHaveURL(/\/set-workstation$/)
  await expect(toast(page, WAREHOUSE_MSG.workstationRequired)).toBeVisible()
  await expect(page.getByText('You must')).toHaveCount(0)

  await occupy(page, 'SRTW-01')
  await expect(page).toHaveURL(/\/parcel-classification$/)
  const sorting = page.locator('[data-machine=classification]')
  await expect(sorting).toHaveAttribute('data-state', 'ready.idle')
  const status = page.locator('select[name=status]')
  const defaultStatus = await status.inputValue()
  const path = endpoints.parcelClassify.path

  await scan(page, 'UNKNOWN0001')
  await expect(sorting).toHaveAttribute('data-code', '404')
  // The big answer panel names the barcode (the 404 body has no waybill to show).
  await expect(page.getByTestId('sort-barcode')).toHaveText('UNKNOWN0001')
  await expect(status).toHaveValue(String(DEMO_STATUSES.unknown.id))
  await expect(page.getByTestId('problem-banner')).toHaveAttribute('data-barcode', 'UNKNOWN0001')

  const re7 = await scanSent(page, 'RE100000007', path)
  expect([re7.status_type_id, re7.problematic_sector_id]).toEqual([Number(defaultStatus), null])
  await expect(sorting).toHaveAttribute('data-code', '424')
  await expect(toast(page, `RE100000007: ${WAREHOUSE_ANSWER.sortMultiPackIncomplete}`)).toBeVisible()
  await expect(page.locator('[role=status]').filter({ hasText: 'UNKNOWN0001' })).toHaveCount(0)
  for (const row of await history(request, token, 'RE100000007')) expect(row.problematic_sector?.id ?? null).not.toBe(DEMO_SECTORS.receiving.id)

  await scan(page, 'RE100000005')
  await expect(sorting).toHaveAttribute('data-code', '405')
  await expect(page.getByTestId('problem-banner')).toHaveAttribute('data-barcode', 'RE100000005')
  const re9 = await scanSent(page, 'RE100000009', path)
  expect([re9.status_type_id, re9.problematic_sector_id]).toEqual([Number(defaultStatus), null])
  await expect(sorting).toHaveAttribute('data-code', '406')
  await expect(page.getByTestId('sort-bucket')).toContainText(WAREHOUSE_ANSWER.sortNoBucket)
  await expect(page.getByTestId('sort-bucket')).toContainText('RE100000009')
  for (const row of await history(request, token, 'RE100000009')) expect(row.problematic_sector?.id ?? null).not.toBe(DEMO_SECTORS.blocked.id)

  // A status picked by hand stays for every next parcel, and the screen says so loudly.
  await status.selectOption(String(DEMO_STATUSES.known.id))
  await expect(page.getByTestId('own-choice-banner')).toBeVisible()
  await status.selectOption(defaultStatus)
  await expect(page.getByTestId('own-choice-banner')).toHaveCount(0)

  expect((await api(request, endpoints.endWorkflow, { token, body: { type: 'manual' } })).status).toBe(200)
})

test('the parcel list opens with rows of the last LISTING.defaultDays days and says so under the dates', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto('/parcel-list')
  const table = page.getByTestId('listing-table')
  await expect(table).toHaveAttribute('data-state', 'loaded')
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible()
  const today = await page.locator('input[name=end]').inputValue()
  await expect(page.locator('input[name=start]')).toHaveValue(addDays(today, 1 - LISTING.defaultDays))
  await expect(page.getByTestId('date-range-hint')).toHaveText(SHIPMENT_MSG.listingDatesHint(LISTING.defaultDays))
})
