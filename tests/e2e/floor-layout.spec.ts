import { type Page, expect, test } from '@playwright/test'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { FLOOR_SCREEN_LABEL as L } from '../../src/contract/messages/floor.ts'
import { href } from '../../src/contract/routes.ts'
import { DEMO, fetchApi, fetchToken, signIn, workerTakesWorkstation } from './support.ts'
import { floorFit, overflow } from './layoutKit.ts'
import { type RunRecords, WORKSTATION, demoParams, routesOf } from './routeKit.ts'

/**
 * Every screen of the warehouse floor fits a 1280×800 touch terminal and a 1366×768 laptop: the
 * page does not scroll sideways, every field and button is seen whole (no card, window or toast
 * over it), nothing sticks out of its card, badges and buttons keep their text on one line, tables
 * show every column. Checked on each screen the worker may open, on the scanning screens also with
 * their windows open (sector chooser, dimension form, client chooser), a parcel shown with its
 * history, and the toast of taking the workstation on screen. /parcel-search also at a phone's 390 px.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
]
/** An ordinary demo parcel no other spec scans: intake shows it with its status history. */
const ORDINARY_PARCEL = 'RE100000240'
/** A Sameday-form barcode of our own for an external inbound record. */
const INBOUND_BARCODE = '9LAYT0000001'
/** Not in the system: intake answers 208 and opens the sector window with the client chooser's button, recording nothing. */
const UNKNOWN = 'UNKNOWN0001'

async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 })
  await page.keyboard.press('Enter')
}

async function settled(page: Page) {
  await expect(page.locator('.loading, .table-loading')).toHaveCount(0)
  await page.waitForLoadState('networkidle')
}

/** Both measures of one view; `where` names it in the report. */
async function measure(page: Page, where: string, found: string[]) {
  await settled(page)
  for (const o of [...(await overflow(page)), ...(await floorFit(page))]) found.push(`${where}: ${o}`)
}

async function takeWorkstation(page: Page, code: string, landing: RegExp) {
  await page.goto(href('setWorkstation'))
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await page.keyboard.type(code, { delay: 5 })
  await page.waitForTimeout(SCANNER.idleMs.intake + 150)
  await expect(page).toHaveURL(landing)
}

for (const size of SIZES) {
  test(`the floor at ${size.width}×${size.height}: every screen, its windows and its toasts fit`, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(size)
    const found: string[] = []
    const at = `${size.width}×${size.height}`
    const token = await fetchToken(baseURL!, DEMO.worker.email, DEMO.worker.password)
    try {
      // Intake, as the worker lands on it: the toast of the workstation taken is on screen.
      await workerTakesWorkstation(page, request, 'PRZJ_01', /\/parcel-from-number$/)
      await expect(page.locator('.toast-success')).toBeVisible()
      await measure(page, `${at} intake with a toast`, found)

      // A known problem chosen by hand: the sector row, its window, a sector that duplicates the row.
      const intake = page.locator('[data-machine=intakeScan]')
      await expect(intake).toHaveAttribute('data-state', 'ready.idle')
      const problem = await page.locator('select[name=status] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
      // A known problem opens the sector window by itself.
      const sectors = page.locator('.modal').filter({ hasText: L.chooseSector })
      for (const value of problem) {
        await page.locator('select[name=status]').selectOption(value)
        if (await sectors.count()) break
      }
      await expect(sectors).toBeVisible()
      await measure(page, `${at} intake, sector window`, found)
      const radios = sectors.locator('input[name=sector]')
      for (let i = 0; i < (await radios.count()); i++) {
        await radios.nth(i).check()
        if (await page.getByTestId('duplicated-row').count()) break
      }
      await measure(page, `${at} intake, sector window with a duplicating sector`, found)
      await page.getByTestId('sector-confirm').click()
      await expect(sectors).toHaveCount(0)
      await measure(page, `${at} intake, sector chosen`, found)
      await page.getByTestId('scan-reset').click()

      // A parcel shown with its status history, then its dimension form.
      await scan(page, ORDINARY_PARCEL)
      await expect(page.getByTestId('parcel-history').locator('tbody tr').first()).toBeVisible()
      await measure(page, `${at} intake with a parcel`, found)
      await page.keyboard.press('PageDown')
      await expect(page.locator('#dim-weight')).toBeFocused()
      await measure(page, `${at} intake, dimension form`, found)
      await page.keyboard.press('Escape')
      await page.getByTestId('scan-reset').click()

      // A barcode not in the system: the client chooser.
      await expect(intake).toHaveAttribute('data-state', 'ready.idle')
      await page.locator('h1').first().click()
      await scan(page, UNKNOWN)
      await expect(sectors).toBeVisible()
      await measure(page, `${at} intake, sector window of a barcode waiting for a client`, found)
      await page.getByTestId('sector-choose-client').click()
      await expect(page.getByTestId('choose-client')).toBeVisible()
      await measure(page, `${at} intake, client chooser`, found)
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('choose-client')).toHaveCount(0)

      await page.goto(href('parcelFromNumberAssign'))
      await measure(page, `${at} intake and assign`, found)

      // Sorting: the form, and the answer for a parcel it cannot sort.
      await takeWorkstation(page, 'SRTW_01', /\/parcel-classification$/)
      await measure(page, `${at} sorting`, found)
      await scan(page, UNKNOWN)
      await expect(page.locator('[data-machine=classification]')).toHaveAttribute('data-code', /\d+/)
      await measure(page, `${at} sorting, an answer`, found)

      await takeWorkstation(page, 'PRBL_01', /\/resolve-problematic$/)
      await measure(page, `${at} resolve`, found)

      // External inbound: a waybill accepted, and its record.
      await page.goto(href('externalInboundScan'))
      await settled(page)
      await page.keyboard.type(INBOUND_BARCODE, { delay: 5 })
      await expect(page.getByTestId('inbound-last')).toBeVisible()
      await measure(page, `${at} external inbound scan`, found)
      const inbound = (await fetchApi(baseURL!, endpoints.externalInboundScan, token, { barcode: INBOUND_BARCODE })).data.data?.id ?? 1

      // Scan-to-find: two codes compared.
      await page.goto(href('parcelSearch'))
      await settled(page)
      await scan(page, 'RE100000001')
      await scan(page, 'RE100000002')
      await expect(page.getByTestId('verdict')).toBeVisible()
      await measure(page, `${at} parcel search`, found)

      // Every other screen the worker may open (listings, history, tags, sectors).
      const records: RunRecords = { inbound, alias: 1 }
      for (const n of routesOf('worker').filter((x) => !WORKSTATION[x] && x !== 'setWorkstation')) {
        await page.goto(href(n, demoParams(n, records, 'floor-layout-not-a-real-token')))
        await measure(page, `${at} ${href(n, demoParams(n, records, '…'))}`, found)
      }
    } finally {
      await fetchApi(baseURL!, endpoints.endWorkflow, token, { type: 'manual' })
    }
    expect(found).toEqual([])
  })
}

test('/parcel-search fits a phone (390×844)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, DEMO.client.email, DEMO.client.password)
  await page.goto(href('parcelSearch'))
  await settled(page)
  await scan(page, 'RE100000001')
  await scan(page, 'RE100000002')
  await expect(page.getByTestId('verdict')).toBeVisible()
  expect(await overflow(page)).toEqual([])
})
