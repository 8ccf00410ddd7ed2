import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { href } from '../../../contract/routes.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { myResignationForm, myResignationFormInput, resignationForm, resignationFormInput } from '../../wiring/resignations.ts'
import { searchClients } from '../../wiring/recordForms.ts'
import type { ScreenProps } from '../../screen.ts'
import { FormCard } from '../../ui/form.tsx'
import { TypeAhead } from '../../ui/typeahead.tsx'
import { Facts, RecordFormActions, LoadFailed, TextField } from '../../ui/recordKit.tsx'
import { RESIGNATIONS_TEXT } from '../../../contract/messages/resignations.ts'

const idOf = (raw: string | undefined) => (raw === undefined ? null : Number(raw) || 0)

/** /parcel-reported-resignation[/{id}] (admin): client (required on create), waybill, note; scan facts read-only; delete after confirmation. */
export default function ResignationFormView({ params }: ScreenProps) {
  return <AdminResignation key={params.id ?? 'new'} id={idOf(params.id)} />
}

/** /my-parcel-reported-resignation[/{id}] (client): waybill and note; read-only after creation, delete after confirmation. */
export function MyResignationFormView({ params }: ScreenProps) {
  return <MyResignation key={params.id ?? 'new'} id={idOf(params.id)} />
}

function AdminResignation({ id }: { id: number | null }) {
  const [state, send] = useMachine(resignationForm, { input: resignationFormInput(id), inspect })
  const p = connectRecordForm(state, send)
  const back = href('resignations')
  const clientId = typeof p.values.client_id === 'number' ? p.values.client_id : null
  return (
    <section className="page" data-testid="resignation-form" data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{p.isNew ? RESIGNATIONS_TEXT.newReport : RESIGNATIONS_TEXT.report}</h1>
      </div>
      <LoadFailed p={p} back={back} backLabel={RESIGNATIONS_TEXT.backToList} />
      {!p.problem && !p.loading && (
        <FormCard onSubmit={p.submit}>
          <Facts p={p} />
          {p.isNew && (
            <TypeAhead<{ id: number; name: string }>
              label={UI_TEXT.clientRequired}
              name="client"
              testId="resignation-client"
              selected={clientId !== null ? { id: clientId, name: p.text('client_name') } : null}
              display={(c) => c.name}
              itemKey={(c) => c.id}
              search={searchClients}
              disabled={!p.editable}
              placeholder={UI_TEXT.clientPlaceholder}
              errors={p.errorsOf('client_id')}
              onSelect={(c) => {
                p.setMany({ client_id: c?.id ?? null, client_name: c?.name ?? '' })
                p.touch('client_id')
              }}
            />
          )}
          <TextField p={p} name="waybill" label={RESIGNATIONS_TEXT.shipmentNumberRequired} />
          <TextField p={p} name="note" label={RESIGNATIONS_TEXT.additionalInfo} multiline />
          <RecordFormActions p={p} back={back} saveLabel={p.isNew ? RESIGNATIONS_TEXT.submit : UI_TEXT.save} />
        </FormCard>
      )}
    </section>
  )
}

function MyResignation({ id }: { id: number | null }) {
  const [state, send] = useMachine(myResignationForm, { input: myResignationFormInput(id), inspect })
  const p = connectRecordForm(state, send)
  const back = href('myResignations')
  return (
    <section className="page" data-testid="resignation-form" data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{p.isNew ? RESIGNATIONS_TEXT.reportShipment : RESIGNATIONS_TEXT.report}</h1>
      </div>
      <LoadFailed p={p} back={back} backLabel={RESIGNATIONS_TEXT.backToList} />
      {!p.problem && !p.loading && (
        <FormCard onSubmit={p.submit}>
          {p.readOnly && <p className="hint">{RESIGNATIONS_TEXT.cannotChange}</p>}
          <Facts p={p} />
          <TextField p={p} name="waybill" label={RESIGNATIONS_TEXT.shipmentNumberRequired} />
          <TextField p={p} name="note" label={RESIGNATIONS_TEXT.additionalInfo} multiline />
          <RecordFormActions p={p} back={back} saveLabel={RESIGNATIONS_TEXT.submit} />
        </FormCard>
      )}
    </section>
  )
}
