import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { CLIENTS } from '../../../contract/constants/clients.ts'
import { href } from '../../../contract/routes.ts'
import type { CourierRow, CredentialType } from '../../../contract/schemas/clients.ts'
import { type CredentialValues, connectCredentialCheck } from '../../../../machines/clientsCredentialCheck.ts'
import { inspect } from '../../inspector/index.ts'
import { credentialLogic } from '../../wiring/clients.ts'
import type { ScreenProps } from '../../screen.ts'
import { Confirm } from '../../ui/modal.tsx'
import { FieldErrors, FormActions, BackLink } from '../../ui/recordKit.tsx'
import { CLIENTS_TEXT } from '../../../contract/messages/clients.ts'

const referenceOf = (r: unknown): { types: CredentialType[]; couriers: CourierRow[] } => ({
  types: r && typeof r === 'object' && 'types' in r && Array.isArray(r.types) ? r.types : [],
  couriers: r && typeof r === 'object' && 'couriers' in r && Array.isArray(r.couriers) ? r.couriers : [],
})

/**
 * /client/{idClient}/credentail[/{id}] (admin): a courier account of the client. Login, password and
 * service must be checked with the courier before saving; a protected account can only be unpinned.
 */
export default function CredentialFormView({ params }: ScreenProps) {
  const clientId = Number(params.idClient)
  const id = params.id ? Number(params.id) : null
  return <CredentialForm key={`${clientId}/${id}`} clientId={clientId} id={id} />
}

function CredentialForm({ clientId, id }: { clientId: number; id: number | null }) {
  const [state, send] = useMachine(credentialLogic, { input: { mode: 'account', clientId, id, defaultCourierId: CLIENTS.defaultCourierId }, inspect })
  const p = connectCredentialCheck(state, send)
  const { types, couriers } = referenceOf(p.reference)
  const courierTypes = types.filter((t) => t.id_courier === p.values.id_courier && (!t.protected || p.values.id_type === t.id))
  const disabled = !p.editable || p.locked
  const text = (name: keyof CredentialValues, label: string, type = 'text') => (
    <div className={`field${p.errorsOf(name).length ? ' has-error' : ''}`}>
      <label htmlFor={`k-${name}`}>{label}</label>
      <input id={`k-${name}`} type={type} data-testid={`credential-${name}`} disabled={disabled} value={String(p.values[name] ?? '')} onChange={(e) => p.set(name, e.target.value)} />
      <FieldErrors errors={p.errorsOf(name)} />
    </div>
  )
  return (
    <section className="page" data-testid="credential-page">
      <div className="page-header">
        <h1>{id === null ? CLIENTS_TEXT.newCredential : CLIENTS_TEXT.credential}</h1>
      </div>
      {p.problem && <div className="alert alert-danger" role="alert">{p.error}</div>}
      {p.loading && <p className="loading">{UI_TEXT.loading}</p>}
      {!p.loading && !p.problem && (
        <form className="card form-narrow" noValidate data-testid="credential-form" onSubmit={(e) => { e.preventDefault(); if (p.showSave) p.save(); else p.check() }}>
          {p.locked && (
            <div className="alert alert-warning" role="status" data-testid="credential-locked">
              {CLIENTS_TEXT.credentialLocked}
            </div>
          )}
          <div className="field">
            <label htmlFor="k-id_courier">{UI_TEXT.courier}</label>
            <select id="k-id_courier" disabled={disabled} value={p.values.id_courier} onChange={(e) => p.set('id_courier', Number(e.target.value))}>
              {couriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className={`field${p.errorsOf('id_type').length ? ' has-error' : ''}`}>
            <label htmlFor="k-id_type">{CLIENTS_TEXT.accountType}</label>
            <select id="k-id_type" data-testid="credential-id_type" disabled={disabled} value={p.values.id_type ?? ''} onChange={(e) => p.set('id_type', e.target.value ? Number(e.target.value) : null)}>
              <option value="">{UI_TEXT.choose}</option>
              {courierTypes.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <FieldErrors errors={p.errorsOf('id_type')} />
          </div>
          {text('username', UI_TEXT.login)}
          {text('password', p.isNew ? CLIENTS_TEXT.password : CLIENTS_TEXT.passwordUnchanged, 'password')}
          {text('service', CLIENTS_TEXT.service)}
          {text('note', CLIENTS_TEXT.note)}
          {text('comment', CLIENTS_TEXT.comment)}
          {p.result && (
            <dl className="details-grid" data-testid="credential-contract">
              <dt>{CLIENTS_TEXT.contractNumber}</dt>
              <dd>{p.result.contract_number}</dd>
              <dt>{UI_TEXT.email}</dt>
              <dd>{p.result.email}</dd>
              <dt>{UI_TEXT.phone}</dt>
              <dd>{p.result.phone_number}</dd>
            </dl>
          )}
          <FormActions>
            {p.showCheck && (
              <button type="submit" className="btn btn-primary" data-testid="credential-check" disabled={!p.canCheck}>
                {CLIENTS_TEXT.check}
              </button>
            )}
            {p.showSave && (
              <button type="submit" className="btn btn-primary" data-testid="credential-save" disabled={!p.canSave}>
                {UI_TEXT.save}
              </button>
            )}
            {p.canDelete && (
              <button type="button" className="btn btn-danger" data-testid="credential-delete" onClick={p.remove}>
                {UI_TEXT.delete}
              </button>
            )}
            {p.canUnpin && (
              <button type="button" className="btn" data-testid="credential-unpin" onClick={p.unpin}>
                {CLIENTS_TEXT.unpin}
              </button>
            )}
            <BackLink href={href('clientCard', { id: clientId, card: 'api' })} />
          </FormActions>
          <Confirm open={p.confirming} onConfirm={p.confirm} onCancel={p.cancel} busy={p.busy} />
        </form>
      )}
    </section>
  )
}
