import { useState } from 'react'
import type { ParcelView } from '../../../contract/schemas/shipments.ts'
import { formatDateTime, formatNumber } from '../../../contract/format.ts'
import { SHIPMENTS_TEXT } from '../../../contract/messages/shipments.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v))
const dims = (d: { height: number; width: number; length: number } | null) => (d ? `${formatNumber(d.height)} × ${formatNumber(d.width)} × ${formatNumber(d.length)}` : '—')

/**
 * Per-parcel tabs of an existing shipment: couriers and
 * numbers, warehouse dates, measured and declared weight and dimensions.
 */
export function ParcelDetails({ parcels }: { parcels: readonly ParcelView[] }) {
  const [active, setActive] = useState(0)
  const p = parcels[Math.min(active, parcels.length - 1)]
  if (!p) return null
  return (
    <section className="parcel-details" data-testid="parcel-details">
      <h2>{SHIPMENTS_TEXT.parcels}</h2>
      <Tabs labels={parcels.map((x) => x.waybill.internal)} active={active} onChange={setActive} name="parcel" />
      <dl className="details-grid" data-parcel={p.waybill.internal}>
        <dt>{UI_TEXT.status}</dt>
        <dd>{dash(p.last_status)}</dd>
        <dt>{SHIPMENTS_TEXT.lastMileCourier}</dt>
        <dd>{dash(p.couriers.last_mile)}</dd>
        <dt>{SHIPMENTS_TEXT.outputNumber}</dt>
        <dd>{dash(p.waybill.external_last_mile)}</dd>
        <dt>{SHIPMENTS_TEXT.returnNumber}</dt>
        <dd>{dash(p.waybill.external_return)}</dd>
        <dt>{SHIPMENTS_TEXT.duplicateNumber}</dt>
        <dd>{dash(p.waybill.external_duplicated)}</dd>
        <dt>{SHIPMENTS_TEXT.bufferNumber}</dt>
        <dd>{dash(p.waybill.external_buffer)}</dd>
        <dt>{SHIPMENTS_TEXT.firstMileCourier}</dt>
        <dd>{dash(p.couriers.first_mile)}</dd>
        <dt>{SHIPMENTS_TEXT.firstMileNumber}</dt>
        <dd>{dash(p.waybill.external_first_mile)}</dd>
        <dt>{SHIPMENTS_TEXT.intake}</dt>
        <dd>{formatDateTime(p.timestamps.shipping_warehouse_received_at)}</dd>
        <dt>{SHIPMENTS_TEXT.delivery}</dt>
        <dd>{formatDateTime(p.timestamps.delivered_at)}</dd>
        <dt>{SHIPMENTS_TEXT.returnIntake}</dt>
        <dd>{formatDateTime(p.timestamps.return_warehouse_received_at)}</dd>
        <dt>{SHIPMENTS_TEXT.measuredWeight}</dt>
        <dd>{formatNumber(p.weight.measured)}</dd>
        <dt>{SHIPMENTS_TEXT.declaredWeight}</dt>
        <dd>{formatNumber(p.weight.declared)}</dd>
        <dt>{SHIPMENTS_TEXT.measuredSize}</dt>
        <dd>{dims(p.dimensions.measured)}</dd>
        <dt>{SHIPMENTS_TEXT.declaredSize}</dt>
        <dd>{dims(p.dimensions.declared)}</dd>
      </dl>
    </section>
  )
}

/** A row of tab buttons (role=tablist). */
export function Tabs({ labels, active, onChange, name }: { labels: readonly string[]; active: number; onChange: (i: number) => void; name: string }) {
  return (
    <div className="tabs" role="tablist" data-tabs={name}>
      {labels.map((l, i) => (
        <button key={`${l}-${i}`} type="button" role="tab" aria-selected={i === active} className={i === active ? 'active' : undefined} onClick={() => onChange(i)}>
          {l}
        </button>
      ))}
    </div>
  )
}
