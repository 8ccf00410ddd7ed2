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
  users: lazy(() => import('./views/admin/UsersView.tsx')),
  userNew: lazy(() => import('./views/admin/UserFormView.tsx')),
  userEdit: lazy(() => import('./views/admin/UserFormView.tsx')),
  profile: lazy(() => import('./views/auth/ProfileView.tsx')),
  passwordRecover: lazy(() => import('./views/auth/PasswordRecoverView.tsx')),
  emailCheck: lazy(() => import('./views/auth/EmailCheckView.tsx')),
  findMyPostalCode: lazy(() => import('./views/public/PostalCodeFinderView.tsx')),
  shipment: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  shipmentNew: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  parcelList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcelsList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcels: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  tracking: lazy(() => import('./views/public/TrackingView.tsx')),
  trackingId: lazy(() => import('./views/public/TrackingView.tsx')),
}
