import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { href } from '../../../contract/routes.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { sectorForm, sectorFormInput } from '../../wiring/warehouse.ts'
import { FormCard, useLeaveGuard } from '../../ui/form.tsx'
import { SelectField, TextField } from '../common/recordKit.tsx'

/** /problematic-sector/new: name, warehouse, internal (No=0, Yes=1), code; 422 "Błąd podczas dodawania typu". */
export default function SectorFormView() {
  const [state, send] = useMachine(sectorForm, { input: sectorFormInput, inspect })
  const p = connectForm(state, send)
  useLeaveGuard(p.isDirty)
  return (
    <section className="page wh-admin" data-testid="sector-form" data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>Nowy sektor problematyczny</h1>
      </div>
      {p.problem && (
        <div className="alert alert-danger" role="alert">
          {p.error}{' '}
          <button type="button" className="btn btn-sm" onClick={p.retry}>
            Spróbuj ponownie
          </button>
        </div>
      )}
      {p.loading && <div className="loading">Ładowanie…</div>}
      {!p.problem && !p.loading && (
        <FormCard onSubmit={p.submit}>
          <TextField p={p} name="name" label="Nazwa *" />
          <SelectField p={p} name="warehouse_id" label="Magazyn *" />
          <SelectField p={p} name="internal" label="Wewnętrzny *" />
          <TextField p={p} name="code" label="Kod *" />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" name="save" disabled={!p.canSubmit || p.busy}>
              {p.isSaving ? 'Zapisywanie…' : 'Zapisz'}
            </button>
            <Link className="btn" href={href('problematicSectorList')}>
              Anuluj
            </Link>
          </div>
        </FormCard>
      )}
    </section>
  )
}
