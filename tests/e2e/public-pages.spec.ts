import { type Page, expect, test } from '@playwright/test'
import { NOT_FOUND_PAGE } from '../../src/contract/messages/notFound.ts'
import { DEMO, expectState, signIn } from './support.ts'

/**
 * The public pages on a phone, and the page for an address no route knows.
 */

const PHONE = { width: 390, height: 844 }

/** Neither the page nor any box on it scrolls sideways: everything fits the phone's width. */
async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    boxes: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`),
  }))
  expect(overflow.document).toBeLessThanOrEqual(PHONE.width)
  expect(overflow.boxes).toEqual([])
}

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

  test('/tracking: the form and a shipment with its status history fit without scrolling sideways', async ({ page }) => {
    await page.goto('/tracking')
    await expectState(page, 'tracking', 'idle')
    await expectFitsWidth(page)
    await page.goto('/tracking/RE100000001')
    await expect(page.getByTestId('tracking-history')).toBeVisible()
    await expect(page.getByTestId('tracking-history').locator('tbody tr').first()).toBeVisible()
    await expectFitsWidth(page)
  })

  test('/find-my-postal-code: the search and its result table fit without scrolling sideways', async ({ page }) => {
    await page.goto('/find-my-postal-code')
    await expectFitsWidth(page)
    await page.locator('input[name=searchText]').fill('Cluj')
    await expect(page.getByTestId('town-results').locator('tbody tr').first()).toBeVisible()
    await expectFitsWidth(page)
  })
})

test.describe('an address no route knows', () => {
  test('anonymous: a Polish not-found page that keeps the address and links to the login page', async ({ page }) => {
    await page.goto('/no-such-page/42')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_PAGE.title)
    await expect(page.getByTestId('not-found')).toContainText('/no-such-page/42')
    await expect(page).toHaveURL(/\/no-such-page\/42$/)
    await page.getByRole('link', { name: NOT_FOUND_PAGE.home }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('input[name=email]')).toBeVisible()
  })

  test('signed in: the not-found page inside the sidebar frame, its link leads to the dashboard', async ({ page }) => {
    await signIn(page, DEMO.client.email, DEMO.client.password)
    await page.goto('/shipments-of-last-year')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_PAGE.title)
    await expect(page.getByTestId('sidebar')).toBeVisible()
    await page.getByRole('link', { name: NOT_FOUND_PAGE.home }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})
