import { describe, expect, it } from 'vitest'
import { ROLE } from '../../src/contract/constants/access.ts'
import { type RouteName, canOpen, sidebar } from '../../src/contract/routes.ts'

/** The floor's scanning screens: each one a role may open is one click away in its sidebar. */
const SCANNING_SCREENS: readonly RouteName[] = ['parcelFromNumber', 'parcelClassification', 'parcelSearch', 'externalInboundScan', 'resolveProblematic', 'setWorkstation']
const routesOf = (role: number) => sidebar({ role, hasWorkstation: true, hasReports: true }).flatMap((i) => ('route' in i ? [i.route] : []))

describe('sidebar', () => {
  for (const [name, role] of [['admin', ROLE.admin], ['warehouse worker', ROLE.warehouse_worker]] as const) {
    it(`${name}: every scanning screen the role may open is in its sidebar`, () => {
      const routes = routesOf(role)
      expect(SCANNING_SCREENS.filter((r) => canOpen(r, role) && !routes.includes(r))).toEqual([])
    })
  }
  it('the worker scans external inbounds from the sidebar ("Skanowanie przyjęć zewnętrznych"), before their list', () => {
    const items = sidebar({ role: ROLE.warehouse_worker, hasWorkstation: false, hasReports: false })
    const scan = items.findIndex((i) => 'route' in i && i.route === 'externalInboundScan')
    expect(items[scan]?.label).toBe('Skanowanie przyjęć zewnętrznych')
    expect(scan).toBeLessThan(items.findIndex((i) => 'route' in i && i.route === 'externalInbound'))
  })
  it('every item of every role opens for that role', () => {
    for (const role of Object.values(ROLE)) for (const r of routesOf(role)) expect([r, canOpen(r, role)]).toEqual([r, true])
  })
  it('admins reach the audit trail and the scan log; workers the scan log only; clients neither', () => {
    expect(routesOf(ROLE.admin)).toEqual(expect.arrayContaining(['audit', 'scanLog']))
    expect(routesOf(ROLE.warehouse_worker)).toContain('scanLog')
    expect(routesOf(ROLE.warehouse_worker)).not.toContain('audit')
    expect(routesOf(ROLE.client)).not.toContain('scanLog')
    expect(canOpen('audit', ROLE.warehouse_worker)).toBe(false)
  })
})
