import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { type ReactNode, useState } from 'react'
import { useLocation } from 'wouter'
import { ROLE } from '../../../contract/constants/access.ts'
import { endpoints as ep } from '../../../contract/endpoints.ts'
import { SHIPMENTS_TEXT, SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import { href } from '../../../contract/routes.ts'
import { useDataLoad } from '../../ui/load.ts'
import { useSessionUser } from '../../wiring/session.ts'
import { assetUrl, shipmentLoad } from '../../wiring/shipments.ts'
import type { ScreenProps } from '../../screen.ts'
import { Tabs } from './ParcelDetails.tsx'
import { ParcelDetails } from './ParcelDetails.tsx'
import { ShipmentActions } from './ShipmentActions.tsx'
import { HistoryTab, InternalInfoTab } from './ShipmentAdminTabs.tsx'
import { ShipmentFinanceTab as FinanceTab } from './ShipmentFinanceTab.tsx'
import { ShipmentForm } from './ShipmentForm.tsx'
import { shipmentScreen } from './rules.ts'

type Tab = 'data' | 'history' | 'internal' | 'finance'
const TAB_LABEL: Record<Tab, string> = { data: SHIPMENTS_TEXT.shipmentData, history: SHIPMENTS_TEXT.history, internal: SHIPMENTS_TEXT.internalInfo, finance: SHIPMENTS_TEXT.billing }

/**
 * /shipment/new and /shipment/{internalNumber}: create, view and edit a shipment. The
 * header carries the number with the destination flag (or the danger icon for a parcel with no
 * shipment) and the action buttons; the tabs are the data form and, for admins on a shipment,
 * history, internal info and finance.
 */
export default function ShipmentView({ params }: ScreenProps) {
  const user = useSessionUser()!
  const [, navigate] = useLocation()
  const number = params.internalNumber
  const back = (
    <button type="button" className="btn" onClick={() => navigate(href('dashboard'))}>
      {SHIPMENTS_TEXT.back}
    </button>
  )
  if (number === undefined) {
    return (
      <section className="page shipment-page" data-testid="shipment-page">
        <div className="page-header">
          {back}
          <h1>{SHIPMENT_MSG.createTitle}</h1>
        </div>
        <ShipmentForm key="new" role={user.role} shipment={null} editable={user.role !== ROLE.warehouse_worker} onSaved={() => {}} />
      </section>
    )
  }
  // A new number in the address (after create, adoption) is a new page: it starts on the data tab.
  return <ShipmentPage key={number} number={number} role={user.role} back={back} />
}

function ShipmentPage({ number, role, back }: { number: string; role: number; back: ReactNode }) {
  const [, navigate] = useLocation()
  const page = useDataLoad(shipmentLoad, number)
  // Which tab is open is UI state; the shipment, its loading and reloading are the machine's.
  const [tab, setTab] = useState<Tab>('data')
  const reply = page.data

  if (page.problem !== null) {
    return (
      <section className="page shipment-page" data-testid="shipment-page">
        <div className="page-header">{back}</div>
        <div className="alert alert-danger" role="alert" data-testid="shipment-error">
          {page.problem}
        </div>
      </section>
    )
  }
  if (!reply || reply.shipment.waybill === undefined) return <p className="loading">{UI_TEXT.loading}</p>

  const s = reply.shipment
  const screen = shipmentScreen(role, reply)
  const tabs: Tab[] = screen.adminTabs ? ['data', 'history', 'internal', 'finance'] : ['data']
  const active = tabs.includes(tab) ? tab : 'data'

  return (
    <section className="page shipment-page" data-testid="shipment-page" data-context={reply.context} data-number={s.waybill}>
      <div className="page-header shipment-header">
        {back}
        <h1>{SHIPMENTS_TEXT.shipment} {s.waybill}</h1>
        {screen.danger ? (
          <img className="header-flag" src={assetUrl(ep.assetDangerIcon)} alt={SHIPMENTS_TEXT.noWaybill} title={SHIPMENTS_TEXT.noWaybill} data-testid="danger-icon" />
        ) : (
          screen.flagIso && <img className="header-flag" src={assetUrl(ep.assetFlag, { isoCode: screen.flagIso })} alt={screen.flagIso} title={screen.flagIso} data-testid="flag" />
        )}
        {s.deleted_at && <span className="badge badge-danger">{SHIPMENTS_TEXT.deletedMark}</span>}
        <span className="spacer" />
        <ShipmentActions role={role} reply={reply} screen={screen} navigate={navigate} reload={page.reload} />
      </div>
      {s.internal_info.error_message && (
        <div className="alert alert-danger" role="alert" data-testid="internal-error">
          {s.internal_info.error_message}
        </div>
      )}
      {tabs.length > 1 && <Tabs labels={tabs.map((t) => TAB_LABEL[t])} active={tabs.indexOf(active)} onChange={(i) => setTab(tabs[i]!)} name="shipment" />}
      {active === 'data' && (
        <>
          {reply.context === 'shipment' && s.delivery_service !== null && (
            <ShipmentForm key={`${s.waybill}-${page.answers}`} role={role} shipment={s} editable={screen.editable} onSaved={page.reload} />
          )}
          <ParcelDetails parcels={s.parcels} />
        </>
      )}
      {active === 'history' && <HistoryTab number={s.waybill} />}
      {active === 'internal' && s.id !== null && <InternalInfoTab number={s.waybill} shipmentId={s.id} onRegistered={page.reload} />}
      {active === 'finance' && <FinanceTab number={s.waybill} />}
    </section>
  )
}
