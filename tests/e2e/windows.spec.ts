import { type Page, expect, test } from '@playwright/test'
import { TOAST_LAYER } from '../../src/web/ui/toast.tsx'
import { OPEN_WINDOW } from '../../src/web/wiring/floorDom.ts'
import { href } from '../../src/contract/routes.ts'
import { DEMO, expectState, signIn, workerTakesWorkstation } from './support.ts'

/**
 * The windows (ui/modal.tsx, the browser's modal <dialog>) as a worker meets them on the intake
 * screen: the page behind is dimmed and does not scroll, the toasts that say why the window opened
 * stay above it undimmed, a click beside the panel closes it (the screen's machine decides), and
 * the focus is back in the scan field at once. A confirmation gives the focus back to the button
 * that opened it. Runs last: it scans a parcel the other specs scanned already (RE100000006, whose
 * answer opens the sector window) and records nothing.
 */

/** The colour of one pixel of the page as drawn (a screenshot decoded in the page). */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = (await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).toString('base64')
  return page.evaluate(async (data) => {
    const img = new Image()
    img.src = `data:image/png;base64,${data}`
    await img.decode()
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d')!
    ctx.drawImage(img, 0, 0)
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)]
  }, png)
}

const dimmed = (rgb: number[]) => rgb.every((c) => c < 200)

test('a window on the floor: page dimmed and still, its toasts above it, a click beside closes it, the scan field has the focus back', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await workerTakesWorkstation(page, request, 'PRZJ-01', /\/parcel-from-number$/)
  const intake = page.locator('[data-machine=intakeScan]')
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')
  const field = page.getByTestId('scan-input')
  await expect(field).toBeFocused()
  // The page's own background, before any window: light.
  expect(dimmed(await pixel(page, 1300, 740))).toBe(false)

  await page.keyboard.type('RE100000006', { delay: 5 })
  await expect(intake).toHaveAttribute('data-state', 'ready.choosingSector')
  const window = page.locator(OPEN_WINDOW)
  await expect(window).toHaveCount(1)
  expect(await window.evaluate((d) => d.matches(':modal') && d.contains(document.activeElement))).toBe(true)
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
  // The page behind is dimmed; the toast naming the parcel is not (it is drawn above the window).
  expect(dimmed(await pixel(page, 1300, 740))).toBe(true)
  const toast = page.locator(`.${TOAST_LAYER} [role=status]`).filter({ hasText: 'RE100000006' }).first()
  await expect(toast).toBeVisible()
  // A point of the toast's own padding (its top right corner, inside the rounding), not of its text.
  const box = (await toast.locator('xpath=..').boundingBox())!
  expect(dimmed(await pixel(page, Math.round(box.x + box.width - 10), Math.round(box.y + 6)))).toBe(false)

  // A click beside the panel: the machine leaves the sector choice, the window goes, the focus is back.
  await page.mouse.click(1300, 740)
  await expect(intake).toHaveAttribute('data-state', 'ready.idle')
  await expect(window).toHaveCount(0)
  await expect(field).toBeFocused({ timeout: 500 })
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden')
})

test('a confirmation: Escape asks its owner to close it, and the focus goes back to the button that opened it', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password)
  await page.goto(href('invoices'))
  await expectState(page, 'invoiceList', 'ready')
  const trigger = page.getByTestId('invoices-trigger')
  await trigger.click()
  const window = page.locator(OPEN_WINDOW)
  await expect(window).toHaveCount(1)
  await expect(window.getByRole('button', { name: 'Tak' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(window).toHaveCount(0)
  await expect(trigger).toBeFocused()
})
