import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { href } from '../../../contract/routes.ts'
import { type WorkflowRow, type WorkstationRow, WorkstationStoreRequest, WorkstationUpdateRequest } from '../../../contract/schemas/warehouse.ts'
import type { ScreenProps } from '../../screen.ts'
import { ApiError, call } from '../../api/client.ts'
import { formatDateTime } from '../../../contract/time.ts'
import { Field, FormCard, Select, useForm } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { notify } from '../../ui/toast.tsx'
import { type PlainColumn, PlainTable, idOf, optionsOf, showFailure, useLoad, useReference } from './adminKit.tsx'

/** /workstation/new and /workstation/{id} (admin): warehouse, type and code; in edit mode delete, clear and the workflow table. */
export default function WorkstationFormView({ params }: ScreenProps) {
  const id = params.id ? Number(params.id) : null
  return (
    <section className="page wh-admin">
      {id === null ? <WorkstationForm workstation={null} /> : <WorkstationEdit id={id} />}
    </section>
  )
}

function WorkstationEdit({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0
  const [loaded, reload, replace] = useLoad(() => (valid ? call(endpoints.workstationGet, undefined, { id }) : Promise.reject(new Error(WAREHOUSE_ADMIN_TEXT.workstationMissing))), id)
  if (loaded.status === 'failed')
    return (
      <div data-testid="workstation-form">
        <h1>Stanowisko</h1>
        <div className="alert alert-danger" role="alert">
          {loaded.error}
        </div>
        <Link href={href('workstationsList')}>Wróć do listy stanowisk</Link>
      </div>
    )
  if (loaded.status === 'loading') return <div className="loading">Ładowanie…</div>
  return <WorkstationForm key={loaded.data.id} workstation={loaded.data} onChanged={replace} onCleared={reload} />
}

const WORKFLOW_COLUMNS: PlainColumn<WorkflowRow>[] = [
  { id: 'id', header: 'ID', cell: (w) => w.id },
  { id: 'email', header: 'Pracownik', cell: (w) => w.email },
  { id: 'start_at', header: 'Początek', cell: (w) => formatDateTime(w.start_at) },
  { id: 'end_at', header: 'Koniec', cell: (w) => (w.end_at ? formatDateTime(w.end_at) : WAREHOUSE_ADMIN_TEXT.workflowOpen) },
  { id: 'end_type', header: 'Typ zakończenia', cell: (w) => (w.end_type ? WAREHOUSE_ADMIN_TEXT.endType[w.end_type] : '') },
  { id: 'accepted_scans', header: 'Skany', cell: (w) => w.accepted_scans, className: 'num' },
]

type Pending = 'delete' | 'clear' | null

export function WorkstationForm({
  workstation,
  onChanged,
  onCleared,
}: {
  workstation: WorkstationRow | null
  onChanged?: (w: WorkstationRow) => void
  onCleared?: () => void
}) {
  const [, navigate] = useLocation()
  const reference = useReference()
  const editing = workstation !== null
  const form = useForm(
    editing ? WorkstationUpdateRequest : WorkstationStoreRequest,
    editing
      ? { id: workstation.id, warehouse_id: workstation.warehouse_id, workstation_type_id: workstation.workstation_type_id, code: workstation.code }
      : { warehouse_id: undefined, workstation_type_id: undefined, code: '' },
  )
  const [saving, setSaving] = useState(false)
  const [pending, setPending] = useState<Pending>(null)
  const [acting, setActing] = useState(false)
  const [workflows, reloadWorkflows] = useLoad(
    () => (workstation ? call(endpoints.workstationWorkflow, undefined, { id: workstation.id }) : Promise.resolve([] as WorkflowRow[])),
    workstation?.id ?? null,
  )

  const save = async () => {
    form.markSubmitted()
    if (!form.decoded) return
    setSaving(true)
    try {
      if (editing) {
        const saved = await call(endpoints.workstationUpdate, form.decoded as typeof WorkstationUpdateRequest.Type)
        notify.success(WAREHOUSE_MSG.workstationEdited)
        onChanged?.(saved.workstation)
      } else {
        await call(endpoints.workstationStore, form.decoded as typeof WorkstationStoreRequest.Type)
        notify.success(WAREHOUSE_MSG.workstationAdded)
        navigate(href('workstationsList', { card: 'workstations-list' }))
      }
    } catch (e) {
      // Create 422: "Błąd podczas dodawania stanowiska" with the fields' errors.
      showFailure(e, form.setServerErrors, !editing && e instanceof ApiError && e.status === 422 ? WAREHOUSE_MSG.workstationAddError : undefined)
    } finally {
      setSaving(false)
    }
  }

  const act = async () => {
    if (!workstation || !pending) return
    setActing(true)
    try {
      if (pending === 'delete') {
        await call(endpoints.workstationDelete, { workstation_id: workstation.id })
        notify.success(WAREHOUSE_MSG.workstationDeleted)
        navigate(href('workstationsList', { card: 'workstations-list' }))
      } else {
        await call(endpoints.endWorkflowByAdmin, { workstation_id: workstation.id, type: 'admin' })
        notify.success(WAREHOUSE_MSG.workstationCleared)
        onCleared?.()
        reloadWorkflows()
      }
    } catch (e) {
      // Clearing a free workstation: 409 "Stanowisko jest aktualnie wolne".
      if (pending === 'clear' && e instanceof ApiError && e.status === 409) notify.info(WAREHOUSE_MSG.workstationFree)
      else showFailure(e)
    } finally {
      setActing(false)
      setPending(null)
    }
  }

  return (
    <div data-testid="workstation-form" data-mode={editing ? 'edit' : 'new'}>
      <div className="page-header">
        <h1>{editing ? `Stanowisko ${workstation.code}` : 'Nowe stanowisko'}</h1>
        {editing &&
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
      <FormCard onSubmit={save}>
        <Select
          label="Magazyn *"
          name="warehouse_id"
          value={String(form.values.warehouse_id ?? '')}
          options={optionsOf(reference?.warehouses, (w) => w.name)}
          onChange={(v) => {
            form.set('warehouse_id', idOf(v))
            form.touch('warehouse_id')
          }}
          errors={form.fieldErrors('warehouse_id')}
        />
        <Select
          label="Typ stanowiska *"
          name="workstation_type_id"
          value={String(form.values.workstation_type_id ?? '')}
          options={optionsOf(reference?.workstationTypes, (t) => `${t.code} – ${t.name}`)}
          onChange={(v) => {
            form.set('workstation_type_id', idOf(v))
            form.touch('workstation_type_id')
          }}
          errors={form.fieldErrors('workstation_type_id')}
        />
        <Field label="Kod *" autoComplete="off" placeholder="np. PRZJ_03" {...form.field('code')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" name="save" disabled={!form.valid || saving}>
            {saving ? 'Zapisywanie…' : 'Zapisz'}
          </button>
          <Link className="btn" href={href('workstationsList')}>
            Anuluj
          </Link>
          <span className="spacer" />
          {editing && (
            <>
              <button type="button" className="btn" name="clear" data-testid="workstation-clear" onClick={() => setPending('clear')} disabled={acting}>
                Opróżnij
              </button>
              <button type="button" className="btn btn-danger" name="delete" data-testid="workstation-delete" onClick={() => setPending('delete')} disabled={acting}>
                Usuń
              </button>
            </>
          )}
        </div>
      </FormCard>
      {editing && (
        <>
          <h2>Historia pracy na stanowisku</h2>
          <PlainTable
            testId="workstation-workflows"
            rows={workflows.status === 'ready' ? workflows.data : []}
            loading={workflows.status === 'loading'}
            columns={WORKFLOW_COLUMNS}
            rowKey={(w) => w.id}
          />
        </>
      )}
      <Confirm open={pending !== null} busy={acting} onCancel={() => setPending(null)} onConfirm={() => void act()} />
    </div>
  )
}
