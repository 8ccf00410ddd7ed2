import { useMachine } from '@xstate/react'
import { href } from '../../../contract/routes.ts'
import type { AdditionalPropertyType } from '../../../contract/schemas/clients.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { parameterLogic, validateParameter } from '../../wiring/clients.ts'
import type { ScreenProps } from '../../screen.ts'
import { Confirm } from '../../ui/modal.tsx'
import { FieldErrors, FormButtons } from '../../ui/recordKit.tsx'
import { CLIENT_LABEL } from '../../../contract/messages/clients.ts'

const typesOf = (extra: unknown): AdditionalPropertyType[] =>
  extra && typeof extra === 'object' && 'types' in extra && Array.isArray(extra.types) ? extra.types : []
const existingOf = (extra: unknown) => Boolean(extra && typeof extra === 'object' && 'existing' in extra && extra.existing)

/** /client/{idClient}/parameter[/{typeId}] (admin): a parameter of the client, with its type's input. */
export default function ParameterFormView({ params }: ScreenProps) {
  const clientId = Number(params.idClient)
  const id = params.id ? Number(params.id) : null
  return <ParameterForm key={`${clientId}/${id}`} clientId={clientId} id={id} />
}

function ParameterForm({ clientId, id }: { clientId: number; id: number | null }) {
  const [state, send] = useMachine(parameterLogic(clientId), { input: { id, validate: validateParameter }, inspect })
  const form = connectRecordForm(state, send)
  const types = typesOf(form.extra)
  const type = types.find((t) => t.id === Number(form.values.type_id))
  const value = form.text('value')
  const valueErrors = form.errorsOf('value')
  // Contact names of the courier services are flagged when left empty after being touched.
  const danger = type?.danger_when_empty && value.trim() === '' && form.touched('value')
  return (
    <section className="page" data-testid="parameter-page">
      <div className="page-header">
        <h1>{id === null ? CLIENT_LABEL.newParameter : (type?.name ?? CLIENT_LABEL.parameter)}</h1>
      </div>
      {form.problem && <div className="alert alert-danger" role="alert">{form.error}</div>}
      {!form.loading && !form.problem && (
        <form className="card form-narrow" noValidate data-testid="parameter-form" onSubmit={(e) => { e.preventDefault(); form.submit() }}>
          <div className="field">
            <label htmlFor="p-type">{CLIENT_LABEL.parameter}</label>
            <select
              id="p-type"
              disabled={!form.editable || existingOf(form.extra)}
              value={String(form.values.type_id ?? '')}
              onChange={(e) => {
                const t = types.find((x) => x.id === Number(e.target.value))
                if (t) form.setMany({ type_id: t.id, value: t.default_value })
              }}
            >
              {types.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <FieldErrors errors={form.errorsOf('type_id')} />
          </div>
          <div className={`field${valueErrors.length || danger ? ' has-error' : ''}`}>
            <label htmlFor="p-value">{CLIENT_LABEL.value}</label>
            {type && (type.input_type === 'boolean' || type.input_type === 'select') ? (
              <select id="p-value" data-testid="parameter-value" disabled={!form.editable} value={value} onChange={(e) => form.set('value', e.target.value)}>
                {type.option_keys.map((k, i) => (
                  <option key={k} value={k}>
                    {type.options[i] ?? k}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id="p-value"
                data-testid="parameter-value"
                type={type?.input_type === 'number' ? 'number' : type?.input_type === 'email' ? 'email' : 'text'}
                min={type?.code === 'SIDE_FORMULA_LIMIT' ? 0 : undefined}
                disabled={!form.editable}
                value={value}
                onChange={(e) => form.set('value', e.target.value)}
                onBlur={() => form.touch('value')}
              />
            )}
            {danger && <small className="text-danger">{CLIENT_LABEL.contactMissing}</small>}
            <FieldErrors errors={valueErrors} />
          </div>
          <FormButtons form={form} testId="parameter" back={href('clientCard', { id: clientId, card: 'parameters' })} />
          <Confirm open={form.confirming} onConfirm={form.confirm} onCancel={form.cancel} busy={form.busy} />
        </form>
      )}
    </section>
  )
}
