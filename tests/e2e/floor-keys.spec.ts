import { type Page, type Request, expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { FLOOR_SCREEN_LABEL } from '../../src/contract/messages/floor.ts'
import { WAREHOUSE_LABEL } from '../../src/contract/messages/warehouse.ts'
import { api, apiToken, workerTakesWorkstation } from './support.ts'

/**
 * Keyboard actions on the floor, each alone, then a scanner (5 ms per key + Enter, no click first):
 * the next scan is processed, never typed into a field, and once the window or form has closed the
 * scan field has the focus with the focus lock free. Parcels RE10000026x are this spec's own.
 */

async function scanner(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 })
  await page.keyboard.press('Enter')
}

/** Every scan request (intake POST/PUT, resolve PUT) the page sends, by barcode. */
function recordScans(page: Page, path: string) {
  const sent: string[] = []
  page.on('request', (r: Request) => {
    if (r.url().includes(path) && r.method() !== 'GET') sent.push(String((r.postDataJSON() as { barcode?: string }).barcode))
  })
  return sent
}

/** The scan field is ready: focused, lock free. */
async function scanFieldReady(page: Page) {
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await expect(page.getByTestId('scan-lock')).toHaveAttribute('data-locked', 'false')
}

/** No field but the scan field ever holds a scanned code. */
async function noFieldHolds(page: Page, code: string) {
  for (const value of await page.locator('input:not([data-scan-field]), textarea').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))) {
    expect(value).not.toContain(code)
  }
}

const intake = (page: Page) => page.locator('[data-machine=intakeScan]')

async function dimensionsOpenFor(page: Page, code: string, sent: string[]) {
  await scanner(page, code)
  await expect.poll(() => sent).toEqual([code])
  await expect(page.getByTestId('parcel-scanned-as')).toContainText(code)
  await expect(page.getByTestId('parcel-number')).toBeVisible()
  await page.keyboard.press('PageDown')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.dimensions')
  await expect(page.locator('#dim-weight')).toBeFocused()
}

test('intake: PgDn, Tab, Enter saves the dimensions; the next scan is sent, lands in no field, and the scan field is ready', async ({ page, request }) => {
  const sent = recordScans(page, endpoints.parcelScan.path)
  await workerTakesWorkstation(page, request, 'PRZJ_01', /\/parcel-from-number$/)
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await dimensionsOpenFor(page, 'RE100000261', sent)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await scanFieldReady(page)
  await scanner(page, 'RE100000262')
  await expect.poll(() => sent).toEqual(['RE100000261', 'RE100000262'])
  await noFieldHolds(page, 'RE100000262')
})

test('intake: Tab ×5 to "Anuluj" and Enter closes the form; the next scan is sent and the scan field is ready', async ({ page, request }) => {
  const sent = recordScans(page, endpoints.parcelScan.path)
  await workerTakesWorkstation(page, request, 'PRZJ_01', /\/parcel-from-number$/)
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await dimensionsOpenFor(page, 'RE100000263', sent)
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: FLOOR_SCREEN_LABEL.cancel })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await scanFieldReady(page)
  await scanner(page, 'RE100000264')
  await expect.poll(() => sent).toEqual(['RE100000263', 'RE100000264'])
  await noFieldHolds(page, 'RE100000264')
})

test('resolve: ArrowDown, Tab, Enter ("Ustaw") sets the status; the next scan is sent and the scan field is ready', async ({ page, request }) => {
  const sent = recordScans(page, endpoints.problematicSectorResolve.path)
  await workerTakesWorkstation(page, request, 'PRBL_01', /\/resolve-problematic$/)
  const root = page.locator('[data-machine=resolveProblematic]')
  await expect(root).toHaveAttribute('data-state', 'ready')
  // Two parcels parked in the blocked-dispatch sector through the API (at PRBL_01, as this worker).
  const token = await apiToken(request, 'worker')
  const sectors = (await api(request, endpoints.problematicSectorList, { token })).body as Array<{ id: number; name: string }>
  const blocked = sectors.find((s) => s.name === 'Blokada nadawania')!
  for (const barcode of ['RE100000265', 'RE100000266']) {
    expect((await api(request, endpoints.problematicSectorResolve, { token, body: { barcode, status_type_id: 59, problematic_sector_id: blocked.id } })).status).toBe(200)
  }
  await page.getByTestId('scan-input').focus()
  await scanner(page, 'RE100000265')
  await expect(root).toHaveAttribute('data-state', 'choosing')
  await expect(page.locator('#resolve-status')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Tab')
  await expect(root.getByRole('button', { name: WAREHOUSE_LABEL.set })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(root).toHaveAttribute('data-state', 'ready')
  await scanFieldReady(page)
  await scanner(page, 'RE100000266')
  await expect(root).toHaveAttribute('data-state', 'choosing')
  await expect.poll(() => sent).toEqual(['RE100000265', 'RE100000265', 'RE100000266'])
})
