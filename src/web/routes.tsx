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
  // warehouse admin screens: workstations, problem sectors, external inbound, tags
  workstationsList: lazy(() => import('./views/warehouse/WorkstationsListView.tsx')),
  workstationNew: lazy(() => import('./views/warehouse/WorkstationFormView.tsx')),
  workstation: lazy(() => import('./views/warehouse/WorkstationFormView.tsx')),
  problematicSectorNew: lazy(() => import('./views/warehouse/SectorFormView.tsx')),
  problematicSectorList: lazy(() => import('./views/warehouse/SectorListView.tsx')),
  externalInbound: lazy(() => import('./views/warehouse/ExternalInboundListView.tsx')),
  externalInboundDetail: lazy(() => import('./views/warehouse/ExternalInboundDetailView.tsx')),
  tags: lazy(() => import('./views/warehouse/TagsView.tsx')),
  resolveProblematic: lazy(() => import('./views/warehouse/ResolveProblematicView.tsx')),
  parcelSearch: lazy(() => import('./views/warehouse/ParcelSearchView.tsx')),
  externalInboundScan: lazy(() => import('./views/warehouse/ExternalInboundScanView.tsx')),
  // warehouse floor: scanning screens
  setWorkstation: lazy(() => import('./views/warehouse/SetWorkstationView.tsx')),
  parcelFromNumber: lazy(() => import('./views/warehouse/IntakeScanView.tsx')),
  parcelClassification: lazy(() => import('./views/warehouse/ClassificationView.tsx')),
  parcelFromNumberAssign: lazy(() => import('./views/warehouse/IntakeScanView.tsx').then((m) => ({ default: m.IntakeAssignView }))),
  shipment: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  shipmentNew: lazy(() => import('./views/shipments/ShipmentView.tsx')),
  parcelList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcelsList: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  parcels: lazy(() => import('./views/parcels/ParcelListView.tsx')),
  tracking: lazy(() => import('./views/public/TrackingView.tsx')),
  trackingId: lazy(() => import('./views/public/TrackingView.tsx')),
}
