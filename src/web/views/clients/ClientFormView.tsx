import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { href } from '../../../contract/routes.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { clientFormLogic, validateNewClient } from '../../wiring/clients.ts'
import { ClientDataForm } from './ClientDataForm.tsx'
import { CLIENT_LABEL } from '../../../contract/messages/clients.ts'

/** /clients/new (admin): a new client with the defaults of a new client; after saving, back to /clients. */
export default function ClientFormView() {
  const [state, send] = useMachine(clientFormLogic, { input: { id: null, validate: validateNewClient }, inspect })
  const form = connectRecordForm(state, send)
  return (
    <section className="page" data-testid="client-new-page">
      <div className="page-header">
        <h1>{CLIENT_LABEL.newClient}</h1>
        <span className="spacer" />
        <Link className="btn" href={href('clients')}>
          {CLIENT_LABEL.backToList}
        </Link>
      </div>
      {form.loading ? <p className="loading">{UI_TEXT.loading}</p> : <ClientDataForm form={form} testId="client-form" />}
    </section>
  )
}
