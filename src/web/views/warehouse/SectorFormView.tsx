import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { href } from '../../../contract/routes.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { sectorForm, sectorFormInput } from '../../wiring/warehouse.ts'
import { FormCard, useLeaveGuard } from '../../ui/form.tsx'
import { SelectField, TextField, FormActions } from '../../ui/recordKit.tsx'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'

/** /problematic-sector/new: name, warehouse, internal (No=0, Yes=1), code; 422 "Błąd podczas dodawania typu". */
export default function SectorFormView() {
  const [state, send] = useMachine(sectorForm, { input: sectorFormInput, inspect })
  const p = connectForm(state, send)
  useLeaveGuard(p.isDirty)
  return (
    <section className="page wh-admin" data-testid="sector-form" data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{WAREHOUSE_ADMIN_TEXT.newSector}</h1>
      </div>
      {p.problem && (
        <div className="alert alert-danger" role="alert">
          {p.error}{' '}
          <button type="button" className="btn btn-sm" onClick={p.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      {p.loading && <div className="loading">{UI_TEXT.loading}</div>}
      {!p.problem && !p.loading && (
        <FormCard onSubmit={p.submit}>
          <TextField p={p} name="name" label={WAREHOUSE_ADMIN_TEXT.nameField} />
          <SelectField p={p} name="warehouse_id" label={WAREHOUSE_ADMIN_TEXT.warehouseField} />
          <SelectField p={p} name="internal" label={WAREHOUSE_ADMIN_TEXT.internalField} />
          <TextField p={p} name="code" label={WAREHOUSE_ADMIN_TEXT.codeField} />
          <FormActions submit={{ label: UI_TEXT.save, busyLabel: UI_TEXT.saving, busy: p.isSaving, disabled: !p.canSubmit || p.busy, name: 'save' }} back={href('problematicSectorList')} backLabel={UI_TEXT.cancel} />
        </FormCard>
      )}
    </section>
  )
}
