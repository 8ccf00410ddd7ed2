import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { href } from '../../../contract/routes.ts'
import type { WorkflowRow } from '../../../contract/schemas/warehouse.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { stateString } from '../../../../machines/graph/describe.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { useDataLoad } from '../../wiring/load.ts'
import { workstationForm, workstationFormInput, workstationOf, workstationWorkflows } from '../../wiring/warehouse.ts'
import type { ScreenProps } from '../../screen.ts'
import { FormCard, useLeaveGuard } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { SelectField, TextField } from '../common/recordKit.tsx'
import { type PlainColumn, PlainTable } from './adminKit.tsx'

/** /workstation/new and /workstation/{id} (admin): warehouse, type and code; in edit mode delete, clear and the workflow table. */
export default function WorkstationFormView({ params }: ScreenProps) {
  const id = params.id === undefined ? null : Number(params.id)
  return (
    <section className="page wh-admin">
      <WorkstationForm key={params.id ?? 'new'} id={id} />
    </section>
  )
}

const WORKFLOW_COLUMNS: PlainColumn<WorkflowRow>[] = [
  { id: 'id', header: 'ID', cell: (w) => w.id },
  { id: 'email', header: 'Pracownik', cell: (w) => w.email },
  { id: 'start_at', header: 'Początek', cell: (w) => formatDateTime(w.start_at) },
  { id: 'end_at', header: 'Koniec', cell: (w) => (w.end_at ? formatDateTime(w.end_at) : WAREHOUSE_ADMIN_TEXT.workflowOpen) },
  { id: 'end_type', header: 'Typ zakończenia', cell: (w) => (w.end_type ? WAREHOUSE_ADMIN_TEXT.endType[w.end_type] : '') },
  { id: 'accepted_scans', header: 'Skany', cell: (w) => w.accepted_scans, className: 'num' },
]

/** The workstation form (also the "new workstation" card of /workstations-list). */
export function WorkstationForm({ id }: { id: number | null }) {
  const [state, send] = useMachine(workstationForm, { input: workstationFormInput(id), inspect })
  const p = connectForm(state, send)
  useLeaveGuard(p.isDirty)
  const workstation = workstationOf(p.extra)
  // The history asks again after each confirmed action (a clear ends the open workflow).
  const workflows = useDataLoad(workstationWorkflows, [p.isNew ? null : id, p.acts])
  if (p.problem)
    return (
      <div data-testid="workstation-form">
        <h1>Stanowisko</h1>
        <div className="alert alert-danger" role="alert">
          {p.error}
        </div>
        <Link href={href('workstationsList')}>Wróć do listy stanowisk</Link>
      </div>
    )
  if (p.loading) return <div className="loading">Ładowanie…</div>
  return (
    <div data-testid="workstation-form" data-mode={p.isNew ? 'new' : 'edit'} data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{workstation ? `Stanowisko ${workstation.code}` : 'Nowe stanowisko'}</h1>
        {workstation &&
          (workstation.free ? (
            <span className="badge badge-success" data-testid="workstation-state" data-free="true">
              {WAREHOUSE_ADMIN_TEXT.free}
            </span>
          ) : (
            <span className="badge badge-danger" data-testid="workstation-state" data-free="false">
              {WAREHOUSE_ADMIN_TEXT.occupied}: {workstation.employee?.email}
            </span>
          ))}
      </div>
      <FormCard onSubmit={p.submit}>
        <SelectField p={p} name="warehouse_id" label="Magazyn *" />
        <SelectField p={p} name="workstation_type_id" label="Typ stanowiska *" />
        <TextField p={p} name="code" label="Kod *" />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" name="save" disabled={!p.canSubmit || p.busy}>
            {p.isSaving ? 'Zapisywanie…' : 'Zapisz'}
          </button>
          <Link className="btn" href={href('workstationsList')}>
            Anuluj
          </Link>
          <span className="spacer" />
          {!p.isNew && (
            <>
              <button type="button" className="btn" name="clear" data-testid="workstation-clear" onClick={() => p.actFor('clear')} disabled={!p.canAct}>
                Opróżnij
              </button>
              <button type="button" className="btn btn-danger" name="delete" data-testid="workstation-delete" onClick={() => p.actFor('delete')} disabled={!p.canAct}>
                Usuń
              </button>
            </>
          )}
        </div>
      </FormCard>
      {!p.isNew && (
        <>
          <h2>Historia pracy na stanowisku</h2>
          <PlainTable
            testId="workstation-workflows"
            rows={workflows.data ?? []}
            loading={workflows.loaded.status === 'loading'}
            columns={WORKFLOW_COLUMNS}
            rowKey={(w) => w.id}
          />
        </>
      )}
      <Confirm open={p.confirming} busy={p.busy} onCancel={p.cancel} onConfirm={p.confirm} />
    </div>
  )
}
