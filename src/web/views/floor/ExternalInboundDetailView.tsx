import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { SCAN_SCREEN_MSG as S } from '../../../contract/messages/floorScreens.ts'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { href } from '../../../contract/routes.ts'
import type { ExternalInbound } from '../../../contract/schemas/floor.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { type RecordFormProps, connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { externalInboundForm, externalInboundFormInput } from '../../wiring/floorExternalInboundList.ts'
import type { ScreenProps } from '../../screen.ts'
import { useLeaveGuard } from '../../ui/form.tsx'
import { FormActions } from '../../ui/recordKit.tsx'

/** /external_inbound/{id}: read-only waybill, scan date, accepting user's e-mail, barcode, courier; editable comment. */
export default function ExternalInboundDetailView({ params }: ScreenProps) {
  return <Detail key={params.id} id={Number(params.id)} />
}

const isInbound = (extra: unknown): extra is ExternalInbound => typeof extra === 'object' && extra !== null && 'waybill' in extra && 'parcels' in extra

function Detail({ id }: { id: number }) {
  const [state, send] = useMachine(externalInboundForm, { input: externalInboundFormInput(id), inspect })
  const p = connectForm(state, send)
  useLeaveGuard(p.isDirty)
  const inbound = isInbound(p.extra) ? p.extra : null
  return (
    <section className="page wh-admin" data-testid="external-inbound-detail" data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>
          {S.inboundOne}
          {inbound ? ` #${inbound.id}` : ''}
        </h1>
        <span className="spacer" />
        <Link className="btn" href={href('externalInbound')}>
          {UI_TEXT.backToList}
        </Link>
      </div>
      {p.loading && <div className="loading">{UI_TEXT.loading}</div>}
      {p.problem && (
        <div className="alert alert-danger" role="alert">
          {p.error}
        </div>
      )}
      {inbound && !p.problem && !p.loading && <InboundCard p={p} inbound={inbound} />}
    </section>
  )
}

function InboundCard({ p, inbound }: { p: RecordFormProps; inbound: ExternalInbound }) {
  const rows: Array<[string, string, string]> = [
    ['waybill', S.inboundWaybill, inbound.waybill],
    ['scanned_at', S.inboundScannedAt, formatDateTime(inbound.scanned_at)],
    ['email', S.inboundAcceptedBy, inbound.scanned_by_user?.email ?? '—'],
    ['barcode', S.inboundBarcode, inbound.barcode],
    ['courier', S.inboundCourier, inbound.inbound_courier?.name ?? '—'],
  ]
  const comment = p.fieldProps('comment')
  return (
    <form
      className="card form-narrow"
      onSubmit={(e) => {
        e.preventDefault()
        p.submit()
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
            <dt>{S.inboundParcels}</dt>
            <dd>
              {inbound.parcels.map((parcel) => (
                <Link key={parcel.id} href={href('shipment', { internalNumber: parcel.waybill })}>
                  {parcel.waybill}{' '}
                </Link>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <div className={`field${comment.errors.length ? ' has-error' : ''}`}>
        <label htmlFor="f-comment">{UI_TEXT.comment}</label>
        <textarea id="f-comment" name="comment" rows={4} value={comment.value} readOnly={comment.readOnly} onChange={comment.onChange} onBlur={comment.onBlur} />
        {comment.errors.length > 0 && (
          <ul className="field-errors" role="alert">
            {comment.errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
      <FormActions submit={{ label: UI_TEXT.save, busyLabel: UI_TEXT.saving, busy: p.isSaving, disabled: p.busy || !p.isDirty || !p.canSubmit, name: 'save' }} />
    </form>
  )
}
