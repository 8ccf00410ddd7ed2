import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { Link } from 'wouter'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { href } from '../../../contract/routes.ts'
import type { WorkflowRow } from '../../../contract/schemas/warehouseAdmin.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { useDataLoad } from '../../ui/load.ts'
import { workstationForm, workstationFormInput, workstationOf, workstationWorkflows } from '../../wiring/warehouse.ts'
import type { ScreenProps } from '../../screen.ts'
import { FormCard, useLeaveGuard } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { SelectField, TextField, FormActions } from '../../ui/recordKit.tsx'
import { type PlainColumn, PlainTable } from '../../ui/adminKit.tsx'

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
  { id: 'id', header: UI_TEXT.id, cell: (w) => w.id },
  { id: 'email', header: WAREHOUSE_ADMIN_TEXT.workflowColumn.employee, cell: (w) => w.email },
  { id: 'start_at', header: WAREHOUSE_ADMIN_TEXT.workflowColumn.start, cell: (w) => formatDateTime(w.start_at) },
  { id: 'end_at', header: WAREHOUSE_ADMIN_TEXT.workflowColumn.end, cell: (w) => (w.end_at ? formatDateTime(w.end_at) : WAREHOUSE_ADMIN_TEXT.workflowOpen) },
  { id: 'end_type', header: WAREHOUSE_ADMIN_TEXT.workflowColumn.endType, cell: (w) => (w.end_type ? WAREHOUSE_ADMIN_TEXT.endType[w.end_type] : '') },
  { id: 'accepted_scans', header: WAREHOUSE_ADMIN_TEXT.workflowColumn.scans, cell: (w) => w.accepted_scans, className: 'num' },
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
        <h1>{WAREHOUSE_ADMIN_TEXT.workstation}</h1>
        <div className="alert alert-danger" role="alert">
          {p.error}
        </div>
        <Link href={href('workstationsList')}>{WAREHOUSE_ADMIN_TEXT.backToWorkstations}</Link>
      </div>
    )
  if (p.loading) return <div className="loading">{UI_TEXT.loading}</div>
  return (
    <div data-testid="workstation-form" data-mode={p.isNew ? 'new' : 'edit'} data-machine="recordForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{workstation ? WAREHOUSE_ADMIN_TEXT.workstationTitle(workstation.code) : WAREHOUSE_ADMIN_TEXT.newWorkstation}</h1>
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
        <SelectField p={p} name="warehouse_id" label={WAREHOUSE_ADMIN_TEXT.warehouseField} />
        <SelectField p={p} name="workstation_type_id" label={WAREHOUSE_ADMIN_TEXT.workstationTypeField} />
        <TextField p={p} name="code" label={WAREHOUSE_ADMIN_TEXT.codeField} />
        <FormActions
          submit={{ label: UI_TEXT.save, busyLabel: UI_TEXT.saving, busy: p.isSaving, disabled: !p.canSubmit || p.busy, name: 'save' }}
          back={href('workstationsList')}
          backLabel={UI_TEXT.cancel}
          end={
            !p.isNew && (
              <>
                <button type="button" className="btn" name="clear" data-testid="workstation-clear" onClick={() => p.actFor('clear')} disabled={!p.canAct}>
                  {WAREHOUSE_ADMIN_TEXT.clear}
                </button>
                <button type="button" className="btn btn-danger" name="delete" data-testid="workstation-delete" onClick={() => p.actFor('delete')} disabled={!p.canAct}>
                  {UI_TEXT.delete}
                </button>
              </>
            )
          }
        />
      </FormCard>
      {!p.isNew && (
        <>
          <h2>{WAREHOUSE_ADMIN_TEXT.workflowHistory}</h2>
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
