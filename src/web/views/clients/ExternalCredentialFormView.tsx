import { useMachine } from '@xstate/react'
import { EXTERNAL_CREDENTIAL_TYPES } from '../../../contract/constants/clients.ts'
import { generatePassword, generateUsername } from '../../../contract/credentials.ts'
import { CLIENTS_TEXT, CLIENT_LABEL, CLIENT_MSG } from '../../../contract/messages/clients.ts'
import { href } from '../../../contract/routes.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { externalLogic, validateExternal } from '../../wiring/clients.ts'
import type { ScreenProps } from '../../screen.ts'
import { Confirm } from '../../ui/modal.tsx'
import { FieldErrors, FormButtons, FormField } from '../../ui/recordKit.tsx'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

const revokedAtOf = (extra: unknown) => (extra && typeof extra === 'object' && 'revokedAt' in extra && typeof extra.revokedAt === 'string' ? extra.revokedAt : null)
const clientNameOf = (extra: unknown) => (extra && typeof extra === 'object' && 'clientName' in extra && typeof extra.clientName === 'string' ? extra.clientName : '')

/** /client/{clientId}/external_api_credentials[/{id}] (admin): credentials a client's shop system uses with our API. */
export default function ExternalCredentialFormView({ params }: ScreenProps) {
  const clientId = Number(params.clientId)
  const id = params.id ? Number(params.id) : null
  return <ExternalForm key={`${clientId}/${id}`} clientId={clientId} id={id} />
}

function ExternalForm({ clientId, id }: { clientId: number; id: number | null }) {
  const [state, send] = useMachine(externalLogic(clientId), { input: { id, validate: (v) => validateExternal(id === null ? v : { ...v, id }) }, inspect })
  const form = connectRecordForm(state, send)
  return (
    <section className="page" data-testid="external-page">
      <div className="page-header">
        <h1>{id === null ? CLIENTS_TEXT.newExternal : CLIENTS_TEXT.external}</h1>
      </div>
      {form.problem && <div className="alert alert-danger" role="alert">{form.error}</div>}
      {!form.loading && !form.problem && (
        <form className="card form-narrow" noValidate data-testid="external-form" onSubmit={(e) => { e.preventDefault(); form.submit() }}>
          <div className="field">
            <label htmlFor="x-type">{UI_TEXT.type}</label>
            <select id="x-type" data-testid="external-type" disabled={!form.editable} value={form.text('type')} onChange={(e) => form.set('type', e.target.value)}>
              {EXTERNAL_CREDENTIAL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CLIENT_LABEL.externalTypes[t]}
                </option>
              ))}
            </select>
            <FieldErrors errors={form.errorsOf('type')} />
          </div>
          <FormField form={form} name="username" label={UI_TEXT.login} />
          <FormField form={form} name="password" label={id === null ? CLIENTS_TEXT.password : CLIENTS_TEXT.passwordUnchanged} />
          <button
            type="button"
            className="btn btn-sm"
            data-testid="external-generate"
            disabled={!form.editable}
            onClick={() => form.setMany({ username: form.text('username') || generateUsername(clientNameOf(form.extra)), password: generatePassword() })}
          >
            {CLIENTS_TEXT.generateLogin}
          </button>
          <FormField form={form} name="ip" label={CLIENTS_TEXT.ipAddress} />
          {typeof form.values.token === 'string' && <p>{CLIENTS_TEXT.token} <code>{form.values.token}</code></p>}
          {id !== null && (revokedAtOf(form.extra) ? (
            <p data-testid="external-revoked">{CLIENT_LABEL.externalRevoked}: {formatDateTime(revokedAtOf(form.extra)!)}</p>
          ) : (
            <button type="button" className="btn btn-danger" data-testid="external-revoke" onClick={() => form.actFor('revoke')} disabled={!form.canAct}>
              {CLIENT_LABEL.externalRevoke}
            </button>
          ))}
          <FormButtons form={form} testId="external" back={href('clientCard', { id: clientId, card: 'external_api_credentials' })} />
          <Confirm
            open={form.confirming}
            message={form.pendingAction === 'revoke' ? CLIENT_MSG.externalRevokeConfirm : undefined}
            onConfirm={form.confirm}
            onCancel={form.cancel}
            busy={form.busy}
          />
        </form>
      )}
    </section>
  )
}
