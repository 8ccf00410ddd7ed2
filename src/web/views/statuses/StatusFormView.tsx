import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { href } from '../../../contract/routes.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { statusForm, statusFormInput } from '../../wiring/statuses.ts'
import type { ScreenProps } from '../../screen.ts'
import { FormCard } from '../../ui/form.tsx'
import { Facts, RecordFormActions, LoadFailed, SelectField, TextField } from '../../ui/recordKit.tsx'
import { STATUSES_TEXT } from '../../../contract/messages/statuses.ts'

/** /status/new and /statuses/status/{id} (admin): the status form; only the operator's unused statuses can be deleted. */
export default function StatusFormView({ params }: ScreenProps) {
  // Not a number: id 0, which the server does not know (the form says so).
  return <StatusForm key={params.id ?? 'new'} id={params.id === undefined ? null : Number(params.id) || 0} />
}

function StatusForm({ id }: { id: number | null }) {
  const [state, send] = useMachine(statusForm, { input: statusFormInput(id), inspect })
  const p = connectRecordForm(state, send)
  const back = href('statuses')
  return (
    <section className="page" data-testid="status-form" data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{p.isNew ? STATUSES_TEXT.newStatus : STATUSES_TEXT.statusNumber(id)}</h1>
      </div>
      <LoadFailed p={p} back={back} backLabel={STATUSES_TEXT.backToList} />
      {!p.problem && !p.loading && (
        <FormCard onSubmit={p.submit}>
          <Facts p={p} />
          <TextField p={p} name="name" label={UI_TEXT.nameRequired} />
          <TextField p={p} name="displayed_name" label={STATUSES_TEXT.displayNameRequired} />
          <TextField p={p} name="displayed_name_ro" label={STATUSES_TEXT.displayNameRoRequired} />
          <SelectField p={p} name="internal" label={STATUSES_TEXT.internalRequired} />
          <SelectField p={p} name="status_type_group_id" label={STATUSES_TEXT.group} />
          <RecordFormActions p={p} back={back} saveLabel={p.isNew ? UI_TEXT.create : UI_TEXT.save} />
        </FormCard>
      )}
    </section>
  )
}
