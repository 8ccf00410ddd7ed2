import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { href } from '../../../contract/routes.ts'
import { resolvedTypeOf } from '../../../contract/schemas/aliases.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { aliasForm, aliasFormInput } from '../../wiring/aliases.ts'
import { searchClients } from '../../wiring/recordForms.ts'
import type { ScreenProps } from '../../screen.ts'
import { FormCard } from '../../ui/form.tsx'
import { TypeAhead } from '../../ui/typeahead.tsx'
import { Facts, RecordFormActions, LoadFailed, SelectField } from '../../ui/recordKit.tsx'
import { ALIASES_TEXT, ALIAS_LABEL } from '../../../contract/messages/aliases.ts'

/**
 * /unknown-client-aliases/{id} (admin): resolve an alias — the client (the parcel's client is
 * proposed), eMAG yes/no; the resolution is "manual" when the client was changed, else
 * "proposition".
 */
export default function UnknownAliasFormView({ params }: ScreenProps) {
  return <AliasForm key={params.id} id={Number(params.id) || 0} />
}

function AliasForm({ id }: { id: number }) {
  const [state, send] = useMachine(aliasForm, { input: aliasFormInput(id), inspect })
  const p = connectRecordForm(state, send)
  const back = href('unknownAliases')
  const clientId = typeof p.values.client_id === 'number' ? p.values.client_id : null
  const proposed = typeof p.values.proposed_client_id === 'number' ? p.values.proposed_client_id : null
  const selected = clientId !== null ? { id: clientId, name: p.text('client_name') } : null
  return (
    <section className="page" data-testid="alias-form" data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{ALIASES_TEXT.alias}</h1>
      </div>
      <LoadFailed p={p} back={back} backLabel={ALIASES_TEXT.backToList} />
      {!p.problem && !p.loading && (
        <FormCard onSubmit={p.submit}>
          <Facts p={p} />
          <TypeAhead<{ id: number; name: string }>
            label={UI_TEXT.clientRequired}
            name="client"
            testId="alias-client"
            selected={selected}
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
          <SelectField p={p} name="is_emag" label={UI_TEXT.emagRequired} />
          <p className="hint" data-testid="alias-resolved-type">
            {ALIASES_TEXT.resolution} {clientId === null ? '—' : ALIAS_LABEL.resolvedType[resolvedTypeOf(proposed, clientId)]}
          </p>
          <RecordFormActions p={p} back={back} saveLabel={UI_TEXT.save} />
        </FormCard>
      )}
    </section>
  )
}
