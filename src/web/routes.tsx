import { type ComponentType, lazy } from 'react'
import type { RouteName } from '../contract/routes.ts'

export interface ScreenProps {
  params: Record<string, string | undefined>
}

/**
 * Which screen renders which route of the guard table (src/contract/routes.ts). Routes without a
 * screen yet render the placeholder page, which says so.
 */
export const SCREENS: Partial<Record<RouteName, ComponentType<ScreenProps>>> = {
  dashboard: lazy(() => import('./views/common/DashboardView.tsx')),
  findMyPostalCode: lazy(() => import('./views/public/PostalCodeFinderView.tsx')),
}
