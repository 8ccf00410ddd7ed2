import { type APIRequestContext, type Page, expect, test } from '@playwright/test'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { api, apiToken, workerTakesWorkstation } from './support.ts'

/**
 * A scanner burst on the intake screen: 50 codes typed like a scanner (5 ms per key + Enter), with
 * 10 ms and then 0 ms between codes, and random clicks between them (the place field, the sound
 * switch, the page). Every barcode must end recorded exactly once (one history row, at the place
 * set) or listed by the screen as not processed — nothing lost, nothing at a wrong place. The codes
 * are new parcels created for Demo Shop SRL (chosen once for the screen). Prints its figures.
 */

const COUNT = 50

/** A small fixed pseudo-random sequence, so a failing run can be replayed. */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s / 2_147_483_648
  }
}

async function history(request: APIRequestContext, token: string, barcode: string) {
  const res = await api(request, endpoints.parcelHistory, { token, params: { idType: 'barcode', value: barcode } })
  return res.status === 200 ? (res.body as Array<{ where: string | null }>) : []
}

async function burst(page: Page, request: APIRequestContext, prefix: string, gapMs: number) {
  const codes = Array.from({ length: COUNT }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`)
  const next = random(gapMs + 7)
  const clicks = [
    () => page.locator('input[name=where]').click(),
    () => page.getByTestId('sound-toggle').click(),
    () => page.locator('h1').first().click(),
    () => page.locator('.floor-form .hint').last().click(),
  ]
  const started = Date.now()
  for (const code of codes) {
    await page.keyboard.type(code, { delay: 5 })
    await page.keyboard.press('Enter')
    if (next() < 0.3) await clicks[Math.floor(next() * clicks.length)]!()
    if (gapMs) await page.waitForTimeout(gapMs)
  }
  const intake = page.locator('[data-machine=intakeScan]')
  // Every queued scan is through: idle with an empty queue.
  await expect(intake).toHaveAttribute('data-state', 'ready.idle', { timeout: 30_000 })
  await expect(page.getByTestId('scan-queue')).toHaveAttribute('data-count', '0', { timeout: 30_000 })
  const ms = Date.now() - started
  const listed = new Set(await page.getByTestId('scan-unprocessed').locator('[data-barcode]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.barcode!)))
  const token = await apiToken(request, 'worker')
  let recorded = 0
  let refused = 0
  for (const code of codes) {
    const rows = await history(request, token, code)
    if (rows.length) {
      expect(rows.length, `${code} recorded once`).toBe(1)
      expect(rows[0]!.where, `${code} at the place set`).toBe(WAREHOUSE.defaultWhere)
      expect(listed.has(code), `${code} recorded, not listed as refused`).toBe(false)
      recorded++
    } else {
      expect(listed.has(code), `${code} neither recorded nor listed`).toBe(true)
      refused++
    }
  }
  console.log(`burst of ${COUNT} codes at ${gapMs} ms gaps: ${recorded} recorded, ${refused} refused, ${ms} ms`)
  expect(recorded + refused).toBe(COUNT)
  // The place field kept its value through the clicks.
  await expect(page.locator('input[name=where]')).toHaveValue(WAREHOUSE.defaultWhere)
}

test('a burst of 50 codes at 10 ms and at 0 ms gaps with random clicks: each recorded exactly once at its place, or listed as refused', async ({ page, request }) => {
  test.setTimeout(180_000)
  await workerTakesWorkstation(page, request, 'PRZJ_02', /\/parcel-from-number$/)
  await expect(page.locator('[data-machine=intakeScan]')).toHaveAttribute('data-state', 'ready.idle')
  // The client for every new parcel of the burst, chosen once for the screen.
  await page.getByTestId('choose-client-open').click()
  await page.locator('input[name=client-search]').fill('Demo')
  await page.getByTestId('client-results').getByRole('button', { name: /Demo Shop SRL/ }).click()
  await page.locator('input[name=postal_code]').fill('010011')
  await page.locator('input[name=phone_number]').fill('721000111')
  await page.getByTestId('client-verify').click()
  await expect(page.getByTestId('intake-client')).toContainText('Demo Shop SRL')
  await burst(page, request, 'BURSTA', 10)
  await burst(page, request, 'BURSTB', 0)
})
