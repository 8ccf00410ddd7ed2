import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { companyLogic } from '../../wiring/clients.ts'
import { ClientDataForm } from './ClientDataForm.tsx'
import { CLIENTS_TEXT } from '../../../contract/messages/clients.ts'

const noErrors = () => ({})

/** /company (client and admin): the signed-in client's own record, read only. */
export default function CompanyView() {
  const [state, send] = useMachine(companyLogic, { input: { id: 0, validate: noErrors }, inspect })
  const form = connectRecordForm(state, send)
  return (
    <section className="page" data-testid="company-page">
      <div className="page-header">
        <h1>{CLIENTS_TEXT.myCompany}</h1>
      </div>
      {form.problem && (
        <div className="alert alert-danger" role="alert">
          {form.error}
        </div>
      )}
      {form.loading && <p className="loading">{UI_TEXT.loading}</p>}
      {!form.loading && !form.problem && <ClientDataForm form={form} readOnly testId="company-form" />}
    </section>
  )
}
