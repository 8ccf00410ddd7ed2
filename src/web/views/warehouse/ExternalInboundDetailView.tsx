import { useState } from 'react'
import { Link } from 'wouter'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { href } from '../../../contract/routes.ts'
import type { ExternalInbound } from '../../../contract/schemas/warehouse.ts'
import type { ScreenProps } from '../../screen.ts'
import { call } from '../../api/client.ts'
import { formatDateTime } from '../../../contract/time.ts'
import { notify } from '../../ui/toast.tsx'
import { showFailure, useLoad } from './adminKit.tsx'

/** /external_inbound/{id}: read-only waybill, scan date, accepting user's e-mail, barcode, courier; editable comment. */
export default function ExternalInboundDetailView({ params }: ScreenProps) {
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const [loaded, , replace] = useLoad(
    () => (valid ? call(endpoints.externalInboundGet, undefined, { id }) : Promise.reject(new Error(WAREHOUSE_ADMIN_TEXT.inboundMissing))),
    id,
  )
  return (
    <section className="page wh-admin" data-testid="external-inbound-detail">
      <div className="page-header">
        <h1>Przyjęcie zewnętrzne{loaded.status === 'ready' ? ` #${loaded.data.id}` : ''}</h1>
        <span className="spacer" />
        <Link className="btn" href={href('externalInbound')}>
          Wróć do listy
        </Link>
      </div>
      {loaded.status === 'loading' && <div className="loading">Ładowanie…</div>}
      {loaded.status === 'failed' && (
        <div className="alert alert-danger" role="alert">
          {loaded.error}
        </div>
      )}
      {loaded.status === 'ready' && <InboundCard key={loaded.data.id} inbound={loaded.data} onSaved={replace} />}
    </section>
  )
}

function InboundCard({ inbound, onSaved }: { inbound: ExternalInbound; onSaved: (i: ExternalInbound) => void }) {
  const [comment, setComment] = useState(inbound.comment)
  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    try {
      const saved = await call(endpoints.externalInboundComment, { id: inbound.id, comment })
      notify.success(WAREHOUSE_MSG.updated)
      onSaved(saved.data)
    } catch (e) {
      showFailure(e)
    } finally {
      setSaving(false)
    }
  }
  const rows: Array<[string, string, string]> = [
    ['waybill', 'List przewozowy', inbound.waybill],
    ['scanned_at', 'Data skanowania', formatDateTime(inbound.scanned_at)],
    ['email', 'Przyjął', inbound.scanned_by_user?.email ?? '—'],
    ['barcode', 'Zeskanowany kod', inbound.barcode],
    ['courier', 'Kurier', inbound.inbound_courier?.name ?? '—'],
  ]
  return (
    <form
      className="card form-narrow"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <dl className="wh-facts">
        {rows.map(([key, label, value]) => (
          <div key={key} data-fact={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {inbound.parcels.length > 0 && (
          <div data-fact="parcels">
            <dt>Przesyłki</dt>
            <dd>
              {inbound.parcels.map((p) => (
                <Link key={p.id} href={href('shipment', { internalNumber: p.waybill })}>
                  {p.waybill}{' '}
                </Link>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <div className="field">
        <label htmlFor="f-comment">Komentarz</label>
        <textarea id="f-comment" name="comment" rows={4} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" name="save" disabled={saving || comment === inbound.comment}>
          {saving ? 'Zapisywanie…' : 'Zapisz'}
        </button>
      </div>
    </form>
  )
}
