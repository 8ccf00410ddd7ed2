import { useState } from 'react'
import type { ParcelView } from '../../../contract/schemas/shipments.ts'
import { formatDateTime, formatNumber } from '../../ui/format.ts'

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
      <h2>Paczki</h2>
      <Tabs labels={parcels.map((x) => x.waybill.internal)} active={active} onChange={setActive} name="parcel" />
      <dl className="details-grid" data-parcel={p.waybill.internal}>
        <dt>Status</dt>
        <dd>{dash(p.last_status)}</dd>
        <dt>Kurier ostatniej mili</dt>
        <dd>{dash(p.couriers.last_mile)}</dd>
        <dt>Numer wyjściowy</dt>
        <dd>{dash(p.waybill.external_last_mile)}</dd>
        <dt>Numer zwrotu</dt>
        <dd>{dash(p.waybill.external_return)}</dd>
        <dt>Numer zduplikowanej przesyłki</dt>
        <dd>{dash(p.waybill.external_duplicated)}</dd>
        <dt>Numer oczekujący w buforze</dt>
        <dd>{dash(p.waybill.external_buffer)}</dd>
        <dt>Kurier pierwszej mili</dt>
        <dd>{dash(p.couriers.first_mile)}</dd>
        <dt>Numer pierwszej mili</dt>
        <dd>{dash(p.waybill.external_first_mile)}</dd>
        <dt>Przyjęcie na magazyn</dt>
        <dd>{formatDateTime(p.timestamps.shipping_warehouse_received_at)}</dd>
        <dt>Doręczenie</dt>
        <dd>{formatDateTime(p.timestamps.delivered_at)}</dd>
        <dt>Przyjęcie zwrotu na magazyn</dt>
        <dd>{formatDateTime(p.timestamps.return_warehouse_received_at)}</dd>
        <dt>Waga zmierzona [kg]</dt>
        <dd>{formatNumber(p.weight.measured)}</dd>
        <dt>Waga zadeklarowana [kg]</dt>
        <dd>{formatNumber(p.weight.declared)}</dd>
        <dt>Wymiary zmierzone (wys. × szer. × dł.) [cm]</dt>
        <dd>{dims(p.dimensions.measured)}</dd>
        <dt>Wymiary zadeklarowane (wys. × szer. × dł.) [cm]</dt>
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
