import { readFileSync } from 'node:fs'
import { type Browser, type Page, expect, test } from '@playwright/test'
import { parseLabelBarcode } from '../../src/contract/barcodes.ts'
import { API_BASE } from '../../src/contract/constants/platform.ts'
import { LISTING_PAGE_LENGTHS } from '../../src/contract/constants/tables.ts'
import { STORAGE_KEY, TOAST_MS } from '../../src/contract/constants/ui.ts'
import { endpoints } from '../../src/contract/endpoints.ts'
import { type Endpoint } from '../../src/contract/endpoint.ts'
import { SHIPMENT_MSG } from '../../src/contract/messages/shipments.ts'
import { ROUTES, href } from '../../src/contract/routes.ts'
import { SHIPMENTS_KEY_TEXT } from '../../src/contract/messages/shipments.ts'
import ro from '../../src/web/i18n/ro.json' with { type: 'json' }
import { fetchApi, fetchToken, signIn } from './support.ts'
import { decodeBarcodes, isPdf, pageCount, pageSizeMm } from '../server/shipments/pdf.ts'

/**
 * Shipments and parcels in a real Chromium against the real server:
 * the demo client creates a home delivery to Romania with two parcels, downloads its 100×150
 * label (the barcodes decode to the parcels' label numbers) and follows it logged out on the
 * public tracking page in Romanian; an admin filters the list, selects parcels and changes their
 * status, and sees the 420 warning for the ones that already had it.
 */

let base = ''
const api = <E extends Endpoint>(ep: E, token: string | null, body?: unknown, params?: Record<string, string | number>) =>
  fetchApi(base, ep, token, body, params)
const tokenOf = (email: string, password: string) => fetchToken(base, email, password)




async function signOut(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Wyloguj' }).click()
  await expect(page).toHaveURL(new RegExp(`${ROUTES.home.path}$`))
}

const toast = (page: Page, text: string) => page.locator('[role=status]').filter({ hasText: text }).first()

test.beforeAll(async ({}, info) => {
  base = info.project.use.baseURL!
})

test('the demo client creates a home delivery to Romania with two parcels, prints its 100×150 label and follows it in Romanian, logged out', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'client@example.com', 'client123')
  await page.getByTestId('sidebar').getByRole('link', { name: 'Moje przesyłki' }).click()
  await expect(page).toHaveURL(/\/parcels$/)
  await page.getByTestId('new-shipment').click()
  await expect(page).toHaveURL(/\/shipment\/new$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SHIPMENT_MSG.createTitle)

  const form = page.locator('[data-machine=shipmentForm]')
  await expect(form).toHaveAttribute('data-state', 'editing')
  // Clients have no client chooser; the service defaults to home delivery; the recipient appears once a country is chosen.
  await expect(form.locator('input[name=client]')).toHaveCount(0)
  await expect(form.locator('select[name=delivery_service] option')).toHaveText(['Dostawa do domu', 'Dostawa do automatu paczkowego', 'Zwrot z domu', 'Zwrot z automatu paczkowego'])
  await expect(form.locator('select[name=delivery_service]')).toHaveValue('1')
  await expect(form.locator('[data-party]')).toHaveCount(0)
  await expect(form.getByLabel('Kraj odbiorcy')).toBeVisible()
  await form.getByLabel('Kraj odbiorcy').selectOption({ label: 'Rumunia' })
  await expect(form.locator('[data-party=recipient] legend')).toHaveText('Odbiorca')
  await expect(form.locator('input[name="content.currency"]')).toHaveValue('RON')

  // Submitting an empty form: field messages and the form message, nothing sent.
  await page.getByTestId('shipment-submit').click()
  await expect(page.getByTestId('form-message')).toHaveText(SHIPMENT_MSG.invalid)
  await expect(form.locator('[data-party=recipient] .field.has-error').first()).toBeVisible()
  await expect(page).toHaveURL(/\/shipment\/new$/)

  await form.locator('input[name="recipient.name"]').fill('Ion Popescu')
  await form.locator('input[name="recipient.phone.number"]').fill('721123456')
  await form.locator('input[name="recipient.email"]').fill('ion.popescu@example.ro')
  // Locality search from 3 characters; the choice sets the postal code.
  await form.locator('input[name="recipient.locality"]').fill('Bu')
  await expect(form.getByText('Wpisz co najmniej 3 znaki')).toBeVisible()
  await form.locator('input[name="recipient.locality"]').fill('Bucu')
  const suggestion = form.locator('[data-testid=locality-chooser] [role=option]').filter({ hasText: 'București' }).first()
  await suggestion.click()
  await expect(form.locator('input[name="recipient.locality"]')).toHaveValue(/București/)
  await expect(form.locator('input[name="recipient.address.postal_code"]')).toHaveValue(/^\d{6}$/)
  await form.locator('input[name="recipient.address.details"]').fill('Strada Lipscani 5')
  await form.locator('input[name="content.declared_content"]').fill('Książki')
  await form.locator('input[name="content.declared_value"]').fill('120.50')

  const fillParcel = async (i: number, [w, h, wi, l]: [string, string, string, string]) => {
    await form.locator(`input[name="parcels.${i}.weight.declared"]`).fill(w)
    await form.locator(`input[name="parcels.${i}.dimensions.declared.height"]`).fill(h)
    await form.locator(`input[name="parcels.${i}.dimensions.declared.width"]`).fill(wi)
    await form.locator(`input[name="parcels.${i}.dimensions.declared.length"]`).fill(l)
  }
  await fillParcel(0, ['2.5', '20', '30', '40'])
  await form.getByRole('button', { name: 'Dodaj kolejną przesyłkę' }).click()
  await expect(form.locator('[data-testid=parcels-table] tbody tr')).toHaveCount(2)
  // The first row has no delete button, the second has one.
  await expect(form.locator('tr[data-parcel="0"] button')).toHaveCount(0)
  await expect(form.locator('tr[data-parcel="1"] button', { hasText: 'Usuń' })).toBeVisible()
  await fillParcel(1, ['1.2', '10', '15', '20'])

  await page.getByTestId('shipment-submit').click()
  await expect(page).toHaveURL(/\/shipment\/RE\d{9}$/)
  await expect(toast(page, SHIPMENT_MSG.created)).toBeVisible()
  const number = page.url().split('/').pop()!
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Przesyłka ${number}`)
  await expect(page.getByTestId('flag')).toHaveAttribute('src', /asset\/flag\/RO$/)
  await expect(page.getByTestId('shipment-page')).toHaveAttribute('data-context', 'shipment')
  // A client sees no admin tabs; the shipment was registered at once, so the form is read-only.
  await expect(page.locator('[data-tabs=shipment]')).toHaveCount(0)
  await expect(page.locator('[data-machine=shipmentForm]')).toHaveAttribute('data-state', 'readOnly')
  await expect(page.locator('input[name="recipient.name"]')).toHaveValue('Ion Popescu')
  const parcelNumbers = await page.locator('[data-tabs=parcel] [role=tab]').allTextContents()
  expect(parcelNumbers).toHaveLength(2)
  expect(parcelNumbers[0]).toBe(number)

  // The 100×150 label: a PDF with one page per parcel, each a Code128 of the parcel's 28-character label number.
  await page.locator('[data-action=print-label]').click()
  await expect(page.getByRole('heading', { name: 'Pobierz etykiety' })).toBeVisible()
  await expect(page.locator('[data-size]')).toHaveText(['297×210', '100×150'])
  const downloading = page.waitForEvent('download')
  await page.locator('[data-size="100150"]').click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${number}.pdf`)
  const pdf = new Uint8Array(readFileSync((await download.path())!))
  expect(isPdf(pdf)).toBe(true)
  expect(pageCount(pdf)).toBe(2)
  expect(pageSizeMm(pdf)).toEqual([100, 150])
  const labels = decodeBarcodes(pdf).map((b) => parseLabelBarcode(b))
  expect(labels.every((l) => l !== null && !l.oldLabel)).toBe(true)
  expect(labels.map((l) => l!.internalNumber).sort()).toEqual([...parcelNumbers].sort())
  for (const l of labels) {
    // Routing digits: Romania (01) · courier · home delivery (1) · position · of 2 parcels.
    expect(l!.routing.slice(0, 2)).toBe('01')
    expect(l!.routing[4]).toBe('1')
    expect(l!.routing.slice(8, 11)).toBe('002')
  }

  // Copy tracking link: the origin plus /tracking/{number}.
  await page.locator('[data-action=copy-link]').click()
  await expect(toast(page, SHIPMENTS_KEY_TEXT.link_was_copied)).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(base).origin}${href('trackingId', { id: number })}`)

  // The new shipment heads the client's list (newest first); a row opens it.
  await page.goto(href('parcels'))
  const table = page.getByTestId('listing-table')
  await expect(table).toHaveAttribute('data-state', 'loaded')
  await expect(table.locator('tbody tr[data-row-id]').first()).toContainText(parcelNumbers[1]!)
  // A client downloads the report of the list directly (an XLSX).
  const reporting = page.waitForEvent('download')
  await page.getByTestId('report').click()
  const report = await reporting
  expect(report.suggestedFilename()).toMatch(/\.xlsx$/)
  expect(readFileSync((await report.path())!).subarray(0, 2).toString('latin1')).toBe('PK')
  await table.locator('tbody tr[data-row-id]', { hasText: parcelNumbers[0]! }).click()
  await expect(page).toHaveURL(new RegExp(`/shipment/${number}$`))

  // Logged out, the public tracking page shows the history; Romanian names once RO is chosen.
  await signOut(page)
  await page.goto(href('trackingId', { id: number }))
  const tracking = page.getByTestId('tracking-page')
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
  await expect(tracking).toHaveAttribute('data-state', 'found')
  // The browser speaks Polish (locale pl-PL) and nothing is stored yet: Polish first.
  await expect(tracking.locator('[data-lang=pl]')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('tracking-history')).toContainText('Przesyłka zarejestrowana')
  await tracking.locator('[data-lang=ro]').click()
  await expect(tracking.getByRole('heading', { level: 1 })).toHaveText(ro.tracking.title)
  await expect(page.getByTestId('tracking-history')).toContainText('Expediere înregistrată')
  await expect(tracking.locator('[role=tab]')).toHaveCount(2)
  await tracking.locator('[role=tab]').nth(1).click()
  await expect(page.getByTestId('tracking-history')).toHaveAttribute('data-parcel', parcelNumbers[1]!)
  await expect(page.getByTestId('tracking-history')).toContainText('Expediere înregistrată')
  // The choice is stored: a reload keeps Romanian.
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY.language)).toBe('ro')
  await page.reload()
  await expect(tracking.locator('[data-lang=ro]')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('tracking-history')).toContainText('Expediere înregistrată')

  // The number is required; an unknown number is 'parcel_search_error'.
  await tracking.locator('input[name=number]').fill('')
  await tracking.getByRole('button', { name: ro.tracking.search }).click()
  await expect(tracking.getByText(ro.tracking.required)).toBeVisible()
  await tracking.locator('input[name=number]').fill('RE999999999')
  await tracking.getByRole('button', { name: ro.tracking.search }).click()
  await expect(page).toHaveURL(/\/tracking\/RE999999999$/)
  await expect(page.getByTestId('tracking-message')).toHaveText(ro.parcel_search_error)

  // A visitor whose browser speaks neither Polish nor Romanian gets Romanian.
  await expectRomanianByDefault(browser, number)
})

async function expectRomanianByDefault(browser: Browser, number: string) {
  const visitor = await browser.newContext({ baseURL: base, locale: 'en-US', timezoneId: 'Europe/Warsaw' })
  const page = await visitor.newPage()
  await page.goto(href('tracking'))
  const tracking = page.getByTestId('tracking-page')
  await expect(tracking.locator('[data-lang=ro]')).toHaveAttribute('aria-pressed', 'true')
  await tracking.locator('input[name=number]').fill(number.toLowerCase())
  await tracking.locator('input[name=number]').press('Enter')
  await expect(page).toHaveURL(new RegExp(`/tracking/${number}$`))
  await expect(page.getByTestId('tracking-history')).toContainText('Expediere înregistrată')
  await visitor.close()
}

test('an admin filters the parcel list, selects parcels and changes their status; 420 names the ones that already had it', async ({ page }) => {
  // Three fresh parcels of Demo Shop SRL with cash on delivery (so the filters can single them out).
  const clientToken = await tokenOf('client@example.com', 'client123')
  const adminToken = await tokenOf('admin@example.com', 'admin123')
  const parcel = (w: number, i: number) => ({ in_shipment_order: i + 1, weight: { declared: w }, dimensions: { declared: { height: 10, width: 20, length: 30 } } })
  // The locality the form would choose, from the same search.
  const localities = (await fetch(new URL(`${API_BASE}${endpoints.localitySearch.path}?country_id=1&query=Bucu`, base), {
    headers: { authorization: `Bearer ${clientToken}` },
  }).then((r) => r.json())) as Array<{ id: number; name: string; postal_code: string }>
  const loc = localities[0]!
  const created = await api(endpoints.shipmentCreate, clientToken, {
    delivery_service: 1,
    sender: null,
    recipient: {
      name: 'Maria Ionescu',
      private_person: true,
      contact_name: null,
      email: '',
      phone: { prefix: '+40', number: '722333444' },
      address: { locality: { id: loc.id, name: loc.name }, postal_code: loc.postal_code, details: 'Bulevardul Unirii 10' },
      country: { id: 1 },
      locker: null,
    },
    content: { declared_content: 'Ceramika', declared_value: 80, cash_on_delivery_value: 99.9, currency: 'RON' },
    parcels: [1, 2, 3].map(parcel),
  })
  expect(created.status, JSON.stringify(created.data)).toBe(201)
  const waybill = (created.data as { internal_waybill: string }).internal_waybill
  const shipment = (await api(endpoints.shipmentGet, adminToken, undefined, { internalNumber: waybill })).data
  const ours = shipment.shipment.parcels.map((p) => ({ id: p.id, number: p.waybill.internal }))
  expect(ours).toHaveLength(3)
  const statuses = (await api(endpoints.statusTypeList, adminToken)).data
  const sorted = statuses.find((s) => s.name === 'Posortowana')!
  const handed = statuses.find((s) => s.name === 'Wydana kurierowi')!
  // The first parcel already has the status the admin is about to give.
  const first = await api(endpoints.groupStatus, adminToken, { ids: [ours[0]!.id], id_status_type: sorted.id, when: new Date().toISOString(), where: 'TYCHY' })
  expect(first.status).toBe(200)

  await signIn(page, 'admin@example.com', 'admin123')
  await page.getByTestId('sidebar').getByRole('link', { name: 'Przesyłki', exact: true }).click()
  await expect(page).toHaveURL(/\/parcel-list$/)
  const listing = page.getByTestId('listing-page')
  const table = page.getByTestId('listing-table')
  await expect(table).toHaveAttribute('data-state', 'loaded')
  await expect(table.locator('select[name=pageLength] option')).toHaveText(LISTING_PAGE_LENGTHS.map(String))

  // Filters: Demo Shop SRL (client search), with cash on delivery, in the default range (the last LISTING.defaultDays days).
  await listing.locator('input[name=client]').fill('Demo Sh')
  await listing.getByRole('option', { name: 'Demo Shop SRL' }).click()
  await listing.locator('select[name=cod]').selectOption({ label: 'Tak' })
  await expect(table).toHaveAttribute('data-state', 'loaded')
  const rowOf = (id: number) => table.locator(`tbody tr[data-row-id="${id}"]`)
  for (const p of ours) await expect(rowOf(p.id)).toBeVisible()
  const rows = table.locator('tbody tr[data-row-id]')
  for (const text of await rows.allTextContents()) expect(text).toContain('Demo Shop SRL')

  // The criteria are kept for this user: a reload restores them.
  await page.reload()
  await expect(table).toHaveAttribute('data-state', 'loaded')
  await expect(listing.locator('input[name=client]')).toHaveValue('Demo Shop SRL')
  await expect(listing.locator('select[name=cod]')).toHaveValue('1')
  for (const p of ours) await expect(rowOf(p.id)).toBeVisible()

  // An internal number narrows the list to one parcel (after the search delay).
  await listing.locator('input[name=internal_number]').fill(ours[1]!.number)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveAttribute('data-row-id', String(ours[1]!.id))
  await listing.locator('input[name=internal_number]').fill('')
  await expect(rowOf(ours[0]!.id)).toBeVisible()

  // Select our three parcels and give them "sorted": the first already had it → 420 with its number.
  await expect(page.getByTestId('change-statuses')).toBeDisabled()
  for (const p of ours) await rowOf(p.id).locator('input[type=checkbox]').check()
  await expect(page.getByTestId('change-statuses')).toHaveText('Zmień statusy (3)')
  await page.getByTestId('change-statuses').click()
  const dialog = page.getByRole('dialog', { name: 'Zmiana statusu (3)' })
  await expect(dialog.locator('input[name=where]')).toHaveValue('TYCHY')
  await expect(dialog.locator('input[name=when]')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
  // Status, when and where are required.
  await dialog.locator('input[name=where]').fill('')
  await page.getByTestId('status-submit').click()
  await expect(dialog.locator('.field.has-error')).toHaveCount(2)
  await dialog.locator('select[name=id_status_type]').selectOption(String(sorted.id))
  await dialog.locator('input[name=where]').fill('TYCHY')
  await page.getByTestId('status-submit').click()
  await expect(dialog).toHaveCount(0)
  await expect(toast(page, SHIPMENT_MSG.groupSkipped([ours[0]!.number]))).toBeVisible()
  // The list reloads with the new status and no selection.
  await expect(table).toHaveAttribute('data-state', 'loaded')
  for (const p of ours) await expect(rowOf(p.id)).toContainText(sorted.displayed_name)
  await expect(page.getByTestId('change-statuses')).toBeDisabled()

  // All of them, a status none had: a plain success.
  for (const p of ours) await rowOf(p.id).locator('input[type=checkbox]').check()
  await page.getByTestId('change-statuses').click()
  await page.getByRole('dialog').locator('select[name=id_status_type]').selectOption(String(handed.id))
  await page.getByTestId('status-submit').click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(table).toHaveAttribute('data-state', 'loaded')
  for (const p of ours) await expect(rowOf(p.id)).toContainText(handed.displayed_name)
  await expect(page.locator('[role=status]').filter({ hasText: 'Status nadano, z wyjątkiem' })).toHaveCount(0, { timeout: TOAST_MS.s5 + 1_000 })

  // Select all takes the whole page.
  await page.getByTestId('select-all').click()
  const count = await rows.count()
  await expect(page.getByTestId('change-statuses')).toHaveText(`Zmień statusy (${count})`)

  // The admin's history tab shows the statuses given, with the user.
  await rowOf(ours[2]!.id).click()
  await expect(page).toHaveURL(new RegExp(`/shipment/${waybill}$`))
  await page.locator('[data-tabs=shipment] [role=tab]', { hasText: 'Historia' }).click()
  await page.locator('[data-tabs=history] [role=tab]', { hasText: ours[2]!.number }).click()
  await expect(page.getByTestId('history-parcel')).toContainText(handed.displayed_name)
  await expect(page.getByTestId('history-parcel')).toContainText('admin@example.com')
  // The admin deletes a status of the operator's (after the confirmation).
  const handedRow = page.getByTestId('history-parcel').locator('tbody tr', { hasText: handed.displayed_name })
  await handedRow.getByRole('button', { name: 'Usuń' }).click()
  await page.getByRole('button', { name: 'Tak' }).click()
  await expect(toast(page, SHIPMENT_MSG.historyStatusDeleted)).toBeVisible()
  await expect(page.getByTestId('history-parcel').locator('tbody tr', { hasText: handed.displayed_name })).toHaveCount(0)
  await expect(page.getByTestId('history-parcel')).toContainText(sorted.displayed_name)

  // Not yet received at the warehouse: the shipment can be marked as removed; the list of deleted ones shows it.
  await page.locator('[data-action=remove]').click()
  await page.getByRole('button', { name: 'Tak' }).click()
  await expect(toast(page, SHIPMENT_MSG.deleted)).toBeVisible()
  await expect(page).toHaveURL(/\/parcel-list$/)
  await listing.locator('select[name=deleted]').selectOption({ label: 'Usunięte' })
  await expect(table).toHaveAttribute('data-state', 'loaded')
  for (const p of ours) await expect(rowOf(p.id)).toBeVisible()

  // Logout forgets the saved criteria.
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY.parcelListCriteria)).toContain('Demo Shop SRL')
  await signOut(page)
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY.parcelListCriteria)).toBeNull()
})

/** One destination per country: a home locality (search text and the suggestion to pick) and a locker search text. */
const DESTINATIONS = [
  { country: 'Rumunia', iso: 'RO', currency: 'RON', home: [['Cluj', 'Cluj-Napoca', '400001'], ['Iasi', 'Iași', '700001']], locker: 'Cluj' },
  { country: 'Węgry', iso: 'HU', currency: 'HUF', home: [['Budapest', 'V. kerület', '1051'], ['Debrecen', 'Debrecen', '4024']], locker: 'Debrecen' },
  { country: 'Bułgaria', iso: 'BG', currency: 'BGN', home: [['Sofia', 'Sredets', '1000'], ['Varna', 'Varna', '9000']], locker: 'Varna' },
] as const

test('the demo client creates each of the four services to Romania, Hungary and Bulgaria through the form', async ({ page }) => {
  test.setTimeout(240_000)
  await signIn(page, 'client@example.com', 'client123')
  for (const d of DESTINATIONS) {
    for (const service of [1, 2, 3, 4] as const) {
      const ret = service === 2 || service === 4
      const locker = service === 3 || service === 4
      const key = ret ? 'sender' : 'recipient'
      const what = `${d.iso} service ${service}`
      await page.goto(href('shipmentNew'))
      const form = page.locator('[data-machine=shipmentForm]')
      await expect(form).toHaveAttribute('data-state', 'editing')
      await form.locator('select[name=delivery_service]').selectOption(String(service))
      await form.getByLabel(ret ? 'Kraj nadawcy' : 'Kraj odbiorcy').selectOption({ label: d.country })
      await expect(form.locator('input[name="content.currency"]'), what).toHaveValue(d.currency)
      await form.locator(`input[name="${key}.name"]`).fill(`Odbiorca ${what}`)
      await form.locator(`input[name="${key}.phone.number"]`).fill('701234567')
      let postal: string | null = null
      if (locker) {
        await form.locator(`input[name="${key}.locker"]`).fill(d.locker)
        await form.locator('[data-testid=locker-chooser] [role=option]').first().click()
        await expect(form.locator(`input[name="${key}.locker"]`), what).not.toHaveValue('')
      } else {
        const [query, pick, code] = d.home[ret ? 1 : 0]
        await form.locator(`input[name="${key}.locality"]`).fill(query)
        await form.locator('[data-testid=locality-chooser] [role=option]').filter({ hasText: pick }).filter({ hasText: code }).first().click()
        await expect(form.locator(`input[name="${key}.address.postal_code"]`), what).toHaveValue(code)
        // No street list for HU and BG: the street is typed as free text.
        await form.locator(`input[name="${key}.address.details"]`).fill('Fő utca 12')
        postal = code
      }
      await form.locator('input[name="content.declared_content"]').fill('Książki')
      await form.locator('input[name="content.declared_value"]').fill('50')
      await form.locator('input[name="parcels.0.weight.declared"]').fill('1.5')
      await form.locator('input[name="parcels.0.dimensions.declared.height"]').fill('10')
      await form.locator('input[name="parcels.0.dimensions.declared.width"]').fill('20')
      await form.locator('input[name="parcels.0.dimensions.declared.length"]').fill('30')
      await page.getByTestId('shipment-submit').click()
      await expect(page, what).toHaveURL(/\/shipment\/RE\d{9}$/)
      await expect(toast(page, SHIPMENT_MSG.created)).toBeVisible()
      await expect(page.getByTestId('flag'), what).toHaveAttribute('src', new RegExp(`asset/flag/${d.iso}$`))
      await expect(page.locator(`input[name="${key}.name"]`), what).toHaveValue(`Odbiorca ${what}`)
      if (postal) await expect(page.locator(`input[name="${key}.address.postal_code"]`), what).toHaveValue(postal)
      // Registered with the courier of the route at once: read-only.
      await expect(page.locator('[data-machine=shipmentForm]'), what).toHaveAttribute('data-state', 'readOnly')
    }
  }
})

test('switching home → locker with two parcels keeps both and says why it cannot be sent; cash on delivery 123.456 is refused, not rounded', async ({ page }) => {
  await signIn(page, 'client@example.com', 'client123')
  await page.goto(href('shipmentNew'))
  const form = page.locator('[data-machine=shipmentForm]')
  await form.getByLabel('Kraj odbiorcy').selectOption({ label: 'Węgry' })
  await form.locator('input[name="parcels.0.weight.declared"]').fill('1.5')
  await form.getByRole('button', { name: 'Dodaj kolejną przesyłkę' }).click()
  await form.locator('input[name="parcels.1.weight.declared"]').fill('2.5')
  await form.locator('select[name=delivery_service]').selectOption('3')
  await expect(form.locator('[data-testid=parcels-table] tbody tr')).toHaveCount(2)
  await expect(form.locator('input[name="parcels.1.weight.declared"]')).toHaveValue('2.5')
  await expect(form.getByText(SHIPMENT_MSG.lockerMultiPack)).toBeVisible()
  await page.getByTestId('shipment-submit').click()
  await expect(page).toHaveURL(/\/shipment\/new$/)
  await expect(form.getByText(SHIPMENT_MSG.lockerMultiPack)).toBeVisible()
  await form.getByRole('button', { name: 'Usuń paczkę 2' }).click()
  await expect(form.getByText(SHIPMENT_MSG.lockerMultiPack)).toHaveCount(0)

  await form.locator('input[name=cod]').check()
  await form.locator('input[name="content.cash_on_delivery_value"]').fill('123.456')
  await page.getByTestId('shipment-submit').click()
  await expect(form.getByText(SHIPMENT_MSG.amountScale(2))).toBeVisible()
  await expect(form.locator('input[name="content.cash_on_delivery_value"]')).toHaveValue('123.456')
  await expect(page).toHaveURL(/\/shipment\/new$/)
})

test('the demo client never sees an internal status on its shipment page (after a status-59 scan)', async ({ page }) => {
  const clientToken = await tokenOf('client@example.com', 'client123')
  const adminToken = await tokenOf('admin@example.com', 'admin123')
  const localities = (await fetch(new URL(`${API_BASE}${endpoints.localitySearch.path}?country_id=3&query=Budapest&postal_code=1061`, base), {
    headers: { authorization: `Bearer ${clientToken}` },
  }).then((r) => r.json())) as Array<{ id: number; name: string; postal_code: string }>
  const loc = localities[0]!
  const created = await api(endpoints.shipmentCreate, clientToken, {
    delivery_service: 1,
    sender: null,
    recipient: {
      name: 'Kovács Anna', private_person: true, contact_name: null, email: '', phone: { prefix: '+36', number: '301234567' },
      address: { locality: { id: loc.id, name: loc.name }, postal_code: loc.postal_code, details: 'Andrássy út 10' }, country: { id: 3 }, locker: null,
    },
    content: { declared_content: 'Ceramika', declared_value: 80, cash_on_delivery_value: 0, currency: 'HUF' },
    parcels: [{ in_shipment_order: 1, weight: { declared: 1 }, dimensions: { declared: { height: 10, width: 20, length: 30 } } }],
  })
  expect(created.status, JSON.stringify(created.data)).toBe(201)
  const waybill = (created.data as { internal_waybill: string }).internal_waybill
  const shipment = (await api(endpoints.shipmentGet, adminToken, undefined, { internalNumber: waybill })).data
  const statuses = (await api(endpoints.statusTypeList, adminToken)).data
  const known = statuses.find((s) => s.internal === 1 && s.name === 'Wykryto znany problem')!
  const added = await api(endpoints.parcelHistoryAdd, adminToken, { parcel_id: shipment.shipment.parcels[0]!.id, status_type_id: known.id })
  expect(added.status).toBe(201)

  await signIn(page, 'client@example.com', 'client123')
  await page.goto(href('shipment', { internalNumber: waybill }))
  await expect(page.getByTestId('shipment-page')).toHaveAttribute('data-context', 'shipment')
  await expect(page.getByText('Przesyłka zarejestrowana').first()).toBeVisible()
  await expect(page.getByText(known.displayed_name)).toHaveCount(0)
})
