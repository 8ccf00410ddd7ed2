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
  // warehouse floor: scanning screens
  setWorkstation: lazy(() => import('./views/warehouse/SetWorkstationView.tsx')),
  parcelFromNumber: lazy(() => import('./views/warehouse/IntakeScanView.tsx')),
  parcelClassification: lazy(() => import('./views/warehouse/ClassificationView.tsx')),
  parcelFromNumberAssign: lazy(() => import('./views/warehouse/IntakeScanView.tsx').then((m) => ({ default: m.IntakeAssignView }))),
}
