import { describe, expect, it } from 'vitest'
import { ROLE } from '../../src/contract/constants/access.ts'
import { ROUTES, type RouteName, canOpen } from '../../src/contract/routes.ts'
import { OFFICE_ROUTES } from '../../src/web/officeRoutes.ts'
import { OFFICE_SCREENS } from '../../src/web/routesOffice.ts'

/** A route no warehouse worker and no visitor opens: an admin's or a client's ("office") screen. */
const office = (name: RouteName) => name !== 'home' && ROUTES[name].roles !== 'public' && !canOpen(name, ROLE.warehouse_worker)

describe('screens loaded through routesOffice.ts', () => {
  it('are exactly the routes only an admin or a client opens: the login page and the floor keep theirs in the entry', () => {
    const expected = (Object.keys(ROUTES) as RouteName[]).filter(office).sort()
    expect([...OFFICE_ROUTES].sort()).toEqual(expected)
    expect(Object.keys(OFFICE_SCREENS).sort()).toEqual(expected)
  })
})
