import { readFileSync } from 'node:fs'
import { type Page, expect, test } from '@playwright/test'
import { API_BASE } from '../../src/contract/constants.ts'
import { type Endpoint, endpoints, fillPath } from '../../src/contract/endpoints.ts'
import { MSG } from '../../src/contract/messages.ts'
import { WADMIN } from '../../src/contract/messages/warehouseAdmin.ts'
import { WMSG } from '../../src/contract/messages/warehouse.ts'
import { ROUTES, href } from '../../src/contract/routes.ts'

/**
 * Warehouse admin screens (S2 §2): workstations (create, free / occupied with the holder's e-mail,
 * clear after the generic confirmation), tags (the PDF download and its name). Real server, real
 * Chromium, demo data.
 */

let base = ''

/** Calls the API with a token (no cookies, so no XSRF pairing is needed). */
async function api<E extends Endpoint>(ep: E, token: string | null, body?: unknown, params?: Record<string, string | number>) {
  const send = () =>
    fetch(new URL(API_BASE + fillPath(ep.path, params), base), {
      method: ep.method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: ep.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    })
  const res = await send().catch(send)
  return { status: res.status, data: (await res.json().catch(() => null)) as E['reply']['Type'] }
}

async function token(email: string, password: string) {
  const login = await api(endpoints.login, null, { email, password })
  expect(login.status).toBe(200)
  return (login.data as { _token: string })._token
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/')
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(password)
  await page.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(page).toHaveURL(new RegExp(`${ROUTES.dashboard.path}$`))
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test.beforeAll(async ({}, info) => {
  base = info.project.use.baseURL!
})

test('admin creates a workstation, sees it free, then occupied by a worker, and clears it after confirmation', async ({ page }) => {
  const code = `PRZJ_${String(10 + Math.floor(Math.random() * 89))}`
  await signIn(page, 'admin@example.com', 'admin123')

  // Create: all three fields are required; the save button waits for them.
  await page.goto(href('workstationNew'))
  const form = page.getByTestId('workstation-form')
  await expect(form).toHaveAttribute('data-mode', 'new')
  const save = form.getByRole('button', { name: 'Zapisz' })
  await expect(save).toBeDisabled()
  await form.locator('select[name=warehouse_id]').selectOption({ label: 'TYCHY' })
  await form.locator('select[name=workstation_type_id]').selectOption({ label: 'PRZJ – Przyjęcie' })
  await expect(save).toBeDisabled()
  await form.locator('input[name=code]').fill(code)
  await save.click()
  await expect(toast(page, WMSG.workstationAdded)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${href('workstationsList', { card: 'workstations-list' })}$`))

  // The list, filtered to intake workstations: the new one is free, with no e-mail.
  const list = page.getByTestId('workstations-list')
  await list.locator('select[name=type]').selectOption({ label: 'PRZJ – Przyjęcie' })
  await list.getByRole('button', { name: 'Filtruj' }).click()
  await expect(toast(page, WMSG.workstationsFiltered)).toBeVisible()
  const row = page.getByTestId('workstations-table').locator('tbody tr', { hasText: code })
  await expect(row).toHaveCount(1)
  await expect(row.locator('td').nth(3)).toHaveText(WADMIN.free)
  await expect(row.locator('td').nth(4)).toHaveText('')
  await page.screenshot({ path: test.info().outputPath('workstations-free.png'), fullPage: true })

  // A worker occupies it (the API /set-workstation uses).
  const worker = await token('worker@example.com', 'worker123')
  const occupied = await api(endpoints.setWorkstation, worker, { code })
  expect(occupied.status).toBe(200)

  await list.getByRole('button', { name: 'Filtruj' }).click()
  await expect(row.locator('td').nth(3)).toHaveText(WADMIN.occupied)
  await expect(row.locator('td').nth(4)).toHaveText('worker@example.com')
  await page.screenshot({ path: test.info().outputPath('workstations-occupied.png'), fullPage: true })

  // Its page: occupied by the worker; "Opróżnij" asks first, "Nie" changes nothing.
  await row.click()
  await expect(page).toHaveURL(/\/workstation\/\d+$/)
  const state = page.getByTestId('workstation-state')
  await expect(state).toHaveText(`${WADMIN.occupied}: worker@example.com`)
  await page.getByTestId('workstation-clear').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(MSG.confirmAction)
  await dialog.getByRole('button', { name: 'Nie' }).click()
  await expect(dialog).toBeHidden()
  await expect(state).toHaveAttribute('data-free', 'false')

  await page.getByTestId('workstation-clear').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(toast(page, WMSG.workstationCleared)).toBeVisible()
  await expect(state).toHaveText(WADMIN.free)
  // The workflow table shows the worker's workflow ended by the admin.
  const workflows = page.getByTestId('workstation-workflows')
  await expect(workflows.locator('tbody tr').first()).toContainText('worker@example.com')
  await expect(workflows.locator('tbody tr').first()).toContainText(WADMIN.endType.admin)
  await page.screenshot({ path: test.info().outputPath('workstation-cleared.png'), fullPage: true })
  const who = await api(endpoints.whoami, worker)
  expect(who.data.workstation).toBeNull()

  // Clearing a free workstation says so.
  await page.getByTestId('workstation-clear').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(toast(page, WMSG.workstationFree)).toBeVisible()

  // Delete (after confirmation): gone from the list.
  await page.getByTestId('workstation-delete').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Tak' }).click()
  await expect(toast(page, WMSG.workstationDeleted)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${href('workstationsList', { card: 'workstations-list' })}$`))
  await expect(page.getByTestId('workstations-table').locator('tbody tr', { hasText: 'PRZJ_01' })).toHaveCount(1)
  await expect(page.getByTestId('workstations-table').locator('tbody tr', { hasText: code })).toHaveCount(0)
})

test('a workstation code of the wrong form is refused with the create message and the field error', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto(href('workstationNew'))
  const form = page.getByTestId('workstation-form')
  await form.locator('select[name=warehouse_id]').selectOption({ label: 'TYCHY' })
  await form.locator('select[name=workstation_type_id]').selectOption({ label: 'SRTW – Sortowanie' })
  await form.locator('input[name=code]').fill('PRZJ_55')
  await form.getByRole('button', { name: 'Zapisz' }).click()
  await expect(page.getByRole('status').filter({ hasText: WMSG.workstationAddError })).toBeVisible()
  await expect(form.locator('.field', { has: page.locator('input[name=code]') }).locator('.field-errors')).toHaveText(WMSG.workstationCodeFormat('SRTW'))
})

test('tags: a workstation tag and a client tag download as PDFs named from type and value; the form resets', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto(href('tags'))
  const root = page.locator('[data-machine=tagForm]')
  await expect(root).toHaveAttribute('data-state', 'form.choosingType')
  const generate = root.getByRole('button', { name: 'Generuj' })
  await expect(generate).toBeDisabled()

  // Workstation: warehouse → type → workstation.
  await root.getByRole('radio', { name: 'Stanowisko' }).click()
  await expect(root).toHaveAttribute('data-state', 'form.workstation.warehouse')
  await expect(root.locator('select[name=workstation_type_id]')).toBeDisabled()
  await root.locator('select[name=warehouse_id]').selectOption({ label: 'TYCHY' })
  await root.locator('select[name=workstation_type_id]').selectOption({ label: 'PRBL – Problematyczne' })
  await expect(root).toHaveAttribute('data-state', 'form.workstation.choosing')
  await root.locator('select[name=workstation]').selectOption({ label: 'PRBL_01' })
  await expect(generate).toBeEnabled()
  await page.screenshot({ path: test.info().outputPath('tags-workstation.png'), fullPage: true })
  const [ws] = await Promise.all([page.waitForEvent('download'), generate.click()])
  expect(ws.suggestedFilename()).toBe('workstation_PRBL_01.pdf')
  expect(readFileSync((await ws.path())!).subarray(0, 5).toString()).toBe('%PDF-')
  await expect(root).toHaveAttribute('data-state', 'form.choosingType')
  await expect(root.getByRole('radio', { checked: true })).toHaveCount(0)
  await expect(generate).toBeDisabled()

  // Client: the search starts at 3 characters.
  await root.getByRole('radio', { name: 'Klient' }).click()
  const search = root.locator('input[name=client]')
  await search.fill('De')
  await page.waitForTimeout(600)
  await expect(root).toHaveAttribute('data-state', 'form.client.typing')
  await search.fill('Demo Shop')
  const suggestion = root.getByTestId('client-suggestions').getByRole('button', { name: 'Demo Shop SRL' })
  await suggestion.click()
  await expect(root).toHaveAttribute('data-state', 'form.client.chosen')
  const admin = await token('admin@example.com', 'admin123')
  const clients = await api(endpoints.clientSearch, admin, undefined, { text: 'Demo Shop' })
  const demoShop = clients.data.find((c) => c.name === 'Demo Shop SRL')!
  const [client] = await Promise.all([page.waitForEvent('download'), generate.click()])
  expect(client.suggestedFilename()).toBe(`client_${demoShop.id}.pdf`)
  expect(readFileSync((await client.path())!).subarray(0, 5).toString()).toBe('%PDF-')
  await expect(root).toHaveAttribute('data-state', 'form.choosingType')
})
