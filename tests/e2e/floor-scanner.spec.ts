import { type APIRequestContext, type Page, type Request, expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { DEMO, api, apiToken, signIn, workerTakesWorkstation } from './support.ts'

/**
 * The floor as a scanner sees it: a scanner types its code at 5 ms per key and ends it with Enter,
 * wherever the focus is. Every code is either processed (sent once) or refused out loud naming the
 * barcode; it never lands in a form field and nothing is dropped silently. The parcels used here are
 * ordinary demo parcels no other spec relies on (RE1000001xx–3xx) and codes of this spec's own.
 */

const SCAN_PATH = endpoints.parcelScan.path

/** A scanner: the keys at 5 ms each, then Enter — into whatever has the focus. */
async function scanner(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 })
  await page.keyboard.press('Enter')
}

/** Every scan request the page sends, by barcode. */
function recordScans(page: Page) {
  const sent: string[] = []
  page.on('request', (r: Request) => {
    if (r.url().includes(SCAN_PATH) && r.method() !== 'GET') sent.push(String((r.postDataJSON() as { barcode?: string }).barcode))
  })
  return sent
}

/**
 * The page's main thread is busy for `ms` from just after its `at`-th key (counted from 0), as a
 * long task, a garbage collection or a slow render makes it: the scanner's next keys wait in the
 * browser meanwhile, and the screen's timers come due.
 */
async function busyAfterKey(page: Page, at: number, ms: number) {
  await page.evaluate(
    ([at, ms]) => {
      let n = 0
      const onKey = () => {
        if (n++ !== at) return
        document.removeEventListener('keydown', onKey, true)
        setTimeout(() => {
          const end = performance.now() + ms
          while (performance.now() < end);
        }, 2)
      }
      document.addEventListener('keydown', onKey, true)
    },
    [at, ms] as const,
  )
}

async function history(request: APIRequestContext, token: string, barcode: string) {
  const res = await api(request, endpoints.parcelHistory, { token, params: { idType: 'barcode', value: barcode } })
  return res.status === 200 ? (res.body as Array<{ where: string | null }>) : []
}

const intake = (page: Page) => page.locator('[data-machine=intakeScan]')
const where = (page: Page) => page.locator('input[name=where]')
/** The barcodes the screen lists as not processed. */
const unprocessed = (page: Page) => page.getByTestId('scan-unprocessed').locator('[data-barcode]')

async function atIntake(page: Page, request: APIRequestContext) {
  await workerTakesWorkstation(page, request, 'PRZJ_01', /\/parcel-from-number$/)
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
}

/** The choose-client window for Demo Shop SRL, verified with its postal code and phone. */
async function chooseDemoShop(page: Page) {
  await page.locator('input[name=client-search]').fill('Demo')
  await page.getByTestId('client-results').getByRole('button', { name: /Demo Shop SRL/ }).click()
  await page.locator('input[name=postal_code]').fill('010011')
  await page.locator('input[name=phone_number]').fill('721000111')
  await page.getByTestId('client-verify').click()
}

test('focus elsewhere: a scan with the focus in "Miejsce", on the sound switch or on the page goes to the scan; Miejsce keeps its place', async ({ page, request }) => {
  const sent = recordScans(page)
  await atIntake(page, request)
  await where(page).click()
  await scanner(page, 'RE100000170')
  await expect.poll(() => sent).toEqual(['RE100000170'])
  await expect(where(page)).toHaveValue('TYCHY')
  await page.getByTestId('sound-toggle').click()
  await scanner(page, 'RE100000171')
  await page.locator('h1').first().click()
  await scanner(page, 'RE100000172')
  await expect.poll(() => sent).toEqual(['RE100000170', 'RE100000171', 'RE100000172'])
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  const token = await apiToken(request, 'worker')
  for (const b of ['RE100000170', 'RE100000171', 'RE100000172']) expect((await history(request, token, b))[0]?.where).toBe('TYCHY')
  // A person still types into Miejsce; a place that is not the warehouse's is refused, naming the barcode.
  await where(page).fill('TYCHYRE100000173')
  await page.getByTestId('scan-input').focus()
  await scanner(page, 'RE100000174')
  await expect(unprocessed(page).filter({ hasText: 'RE100000174' })).toHaveCount(1)
  expect(sent).not.toContain('RE100000174')
})

test('window open: a scan while the sector window is open is refused naming the barcode and does not confirm the window', async ({ page, request }) => {
  const sent = recordScans(page)
  await atIntake(page, request)
  await scanner(page, 'RE100000006')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.choosingSector')
  await scanner(page, 'RE100000175')
  await expect(page.locator('[role=status]').filter({ hasText: `RE100000175: ${FLOOR_MSG.closeWindowFirst}` }).first()).toBeVisible()
  await page.waitForTimeout(300)
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.choosingSector')
  expect(sent).toEqual(['RE100000006'])
  // Two codes with no gap: both refused whole, never merged.
  await page.keyboard.type('RE100000176', { delay: 5 })
  await page.keyboard.press('Enter')
  await page.keyboard.type('RE100000177', { delay: 5 })
  await page.keyboard.press('Enter')
  await expect(unprocessed(page).filter({ hasText: 'RE100000176' })).toHaveCount(1)
  await expect(unprocessed(page).filter({ hasText: 'RE100000177' })).toHaveCount(1)
  expect(sent).toEqual(['RE100000006'])
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.choosingSector')
})

test('a cancelled courier hand-over ends: the next parcel is not linked to it', async ({ page, request }) => {
  const bodies: Array<Record<string, unknown>> = []
  page.on('request', (r) => {
    if (r.url().includes(SCAN_PATH) && r.method() !== 'GET') bodies.push(r.postDataJSON() as Record<string, unknown>)
  })
  await atIntake(page, request)
  await scanner(page, '8QWE88888')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.choosingClient')
  await expect(page.getByTestId('external-inbound')).toHaveText('8QWE88888')
  await page.keyboard.press('Escape')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await expect(page.getByTestId('external-inbound')).toHaveCount(0)
  // The hand-over's barcode is named among the unprocessed, to be put aside.
  await expect(unprocessed(page).filter({ hasText: '8QWE88888' })).toHaveCount(1)
  await scanner(page, 'UNKNOWN0003')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.choosingSector')
  await page.getByTestId('sector-choose-client').click()
  await chooseDemoShop(page)
  await expect(intake(page)).toHaveAttribute('data-code', '201')
  const last = bodies.filter((b) => b.barcode === 'UNKNOWN0003').at(-1)!
  expect(last.external_inbound_id ?? null).toBeNull()
})

test('burst while in flight: codes arriving during a scan are queued in order and each sent once; server down: the failed barcodes stay listed', async ({ page, request }) => {
  const sent = recordScans(page)
  await atIntake(page, request)
  const codes = ['RE100000180', 'RE100000181', 'RE100000182', 'RE100000183', 'RE100000184', 'RE100000185']
  for (const c of codes) await scanner(page, c)
  await expect.poll(() => sent, { timeout: 15_000 }).toEqual(codes)
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await page.waitForTimeout(500)
  expect(sent).toEqual(codes)
  await expect(page.locator('[role=status]').filter({ hasText: FLOOR_MSG.busy })).toHaveCount(0)

  // The server cannot be reached: every failed barcode stays on the list, none erases another; no problem mode.
  await page.route(`**/api/${SCAN_PATH}`, (route) => route.abort('connectionrefused'))
  const down = ['RE100000186', 'RE100000187', 'RE100000188']
  for (const c of down) await scanner(page, c)
  for (const c of down) await expect(unprocessed(page).filter({ hasText: c })).toHaveCount(1)
  await expect(intake(page)).toHaveAttribute('data-problem', 'false')
  await page.unroute(`**/api/${SCAN_PATH}`)
})

test('Caps Lock and the Polish-keyboard dash: re100000350 is sent as RE100000350', async ({ page, request }) => {
  const sent = recordScans(page)
  await atIntake(page, request)
  await scanner(page, 're100000350')
  await expect.poll(() => sent).toEqual(['RE100000350'])
})

test('the open dimension form: a scan is refused naming it and never lands in the weight; Esc closes the form and the scan field is ready', async ({ page, request }) => {
  const sent = recordScans(page)
  await atIntake(page, request)
  await scanner(page, 'RE100000190')
  await expect(page.getByTestId('parcel-scanned-as')).toContainText('RE100000190')
  // The parcel's data is in (the panel loads it after the answer).
  await expect(page.getByTestId('parcel-number')).toBeVisible()
  await page.keyboard.press('PageDown')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.dimensions')
  const weight = page.locator('#dim-weight')
  await expect(weight).toBeFocused()
  const before = await weight.inputValue()
  await scanner(page, 'RE100000168')
  await expect(unprocessed(page).filter({ hasText: 'RE100000168' })).toHaveCount(1)
  await expect(weight).toHaveValue(before)
  await page.keyboard.press('Escape')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await scanner(page, 'RE100000169')
  await expect.poll(() => sent).toEqual(['RE100000190', 'RE100000169'])
})

test('after a keyboard action (PgDn, Tab, Enter saves the dimensions) the next scan is not lost', async ({ page, request }) => {
  const sent = recordScans(page)
  await atIntake(page, request)
  await scanner(page, 'RE100000191')
  await expect(page.getByTestId('parcel-scanned-as')).toContainText('RE100000191')
  // The parcel's data is in (the panel loads it after the answer).
  await expect(page.getByTestId('parcel-number')).toBeVisible()
  await page.keyboard.press('PageDown')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.dimensions')
  await expect(page.locator('#dim-weight')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await scanner(page, 'RE100000192')
  await expect.poll(() => sent).toEqual(['RE100000191', 'RE100000192'])
})

test('a busy page in the middle of a burst: the code still goes out whole, once (the idle window at /set-workstation and at intake, the burst gap in "Miejsce")', async ({ page, request }) => {
  const token = await apiToken(request, 'worker')
  expect((await api(request, endpoints.endWorkflow, { token, body: { type: 'manual' } })).status).toBe(200)
  await signIn(page, DEMO.worker.email, DEMO.worker.password)
  const codes: string[] = []
  page.on('request', (r: Request) => {
    if (r.url().endsWith(endpoints.setWorkstation.path) && r.method() !== 'GET') codes.push(String((r.postDataJSON() as { code?: string }).code))
  })
  const sent = recordScans(page)

  // /set-workstation, no Enter: the idle window ends the code. The page is busy 600 ms after its second key.
  await page.goto('/set-workstation')
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await busyAfterKey(page, 1, 600)
  await page.keyboard.type('PRZJ-01', { delay: 5 })
  await expect(page).toHaveURL(/\/parcel-from-number$/)
  expect(codes).toEqual(['PRZJ_01'])

  // Intake, no Enter: the same.
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await busyAfterKey(page, 1, 600)
  await page.keyboard.type('RE100000360', { delay: 5 })
  await expect.poll(() => sent).toEqual(['RE100000360'])
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')

  // The focus in "Miejsce": the page is busy while the first keys are held (the burst gap comes due).
  await where(page).click()
  await busyAfterKey(page, 1, 600)
  await scanner(page, 'RE100000361')
  await expect.poll(() => sent).toEqual(['RE100000360', 'RE100000361'])
  await expect(where(page)).toHaveValue('TYCHY')
  await expect(unprocessed(page)).toHaveCount(0)
})

test('a parcel scanned the moment the workstation is set: its first keys, typed before the intake screen is there, are not lost (the code is sent whole, or refused naming it whole while the screen loads)', async ({ page, request }) => {
  const token = await apiToken(request, 'worker')
  expect((await api(request, endpoints.endWorkflow, { token, body: { type: 'manual' } })).status).toBe(200)
  await signIn(page, DEMO.worker.email, DEMO.worker.password)
  const sent = recordScans(page)
  await page.goto('/set-workstation')
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await page.keyboard.type('PRZJ-01', { delay: 5 })
  // The address changes as the set-workstation screen finishes; the intake screen comes after.
  await page.waitForURL(/\/parcel-from-number$/)
  await scanner(page, 'RE100000362')
  // Handed to the intake screen whole: sent, or — when it came while the screen was still loading
  // its data — refused as busy, named and listed. Never a piece of it ("E100000362").
  const listed = () => unprocessed(page).evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.barcode))
  await expect.poll(async () => [...sent, ...(await listed())]).toEqual(['RE100000362'])
  await expect(intake(page)).toHaveAttribute('data-state', 'ready.idle')
  expect([...sent, ...(await listed())]).toEqual(['RE100000362'])
})
