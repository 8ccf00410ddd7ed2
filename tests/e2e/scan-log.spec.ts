import { expect, test } from '@playwright/test'
import { endpoints } from '../../src/contract/endpoints.ts'
import { SCAN_LOG_MSG } from '../../src/contract/messages/floorScanLog.ts'
import { STATUS } from '../../src/server/seed/warehouse.ts'
import { api, apiToken, signIn } from './support.ts'

/**
 * Issue 24, "why did this parcel go to sector 5?": a worker receives the demo parcel RE100000005
 * (Blocked Goods SRL) at PRZJ_01; the admin opens the parcel's page, follows its scans link and
 * reads, on the scan log, the answer that put it in sector 5 ("Blokada nadawania"); then finds the
 * same scan by the workstation.
 */
test('the scan log answers why RE100000005 went to sector 5', async ({ page, request }) => {
  const worker = await apiToken(request, 'worker')
  await api(request, endpoints.endWorkflow, { token: worker, body: { type: 'manual' } })
  expect((await api(request, endpoints.setWorkstation, { token: worker, body: { code: 'PRZJ_01' } })).status).toBe(200)
  const scan = await api(request, endpoints.parcelScan, { token: worker, body: { barcode: 'RE100000005', id_status_type: STATUS.received } })
  expect(scan.status).toBe(208)
  expect((await api(request, endpoints.endWorkflow, { token: worker, body: { type: 'manual' } })).status).toBe(200)

  await signIn(page, 'admin@example.com', 'admin123')
  await page.goto('/shipment/RE100000005')
  await page.getByRole('tab', { name: 'Informacje wewnętrzne' }).click()
  await page.getByTestId('parcel-scan-log').first().click()
  await expect(page).toHaveURL(/\/scan-log\?parcel=RE100000005$/)
  await expect(page.getByRole('heading', { name: SCAN_LOG_MSG.title })).toBeVisible()

  const table = page.getByTestId('scan-log-table')
  const row = table.locator('tbody tr').filter({ hasText: 'RE100000005' }).filter({ hasText: '208' }).first()
  await expect(row).toBeVisible()
  await expect(row.getByTestId('scan-log-sector')).toHaveText('Blokada nadawania')
  await expect(row.getByTestId('scan-log-answer')).toContainText(scan.body.message)
  await expect(row.getByTestId('scan-log-status')).not.toHaveText('—')
  await expect(row).toContainText('PRZJ_01')
  await expect(row).toContainText('worker@example.com')
  await expect(row).toContainText(SCAN_LOG_MSG.kinds.intake)

  // By workstation (the parcel's filter cleared first): the take, the scan and the end of PRZJ_01.
  await page.getByTestId('scan-log-clear').click()
  await expect(page.getByTestId('scan-log-parcel')).toHaveCount(0)
  await page.getByTestId('scan-log-workstation').fill('PRZJ_01')
  await page.getByTestId('scan-log-search').click()
  await expect(page).toHaveURL(/workstation=PRZJ_01/)
  const rows = table.locator('tbody tr')
  await expect(rows.filter({ hasText: SCAN_LOG_MSG.kinds.workstation_end }).first()).toBeVisible()
  await expect(rows.filter({ hasText: SCAN_LOG_MSG.kinds.workstation_take }).first()).toBeVisible()
  await expect(rows.filter({ hasText: 'Blokada nadawania' }).first()).toBeVisible()
})
