import { useActorRef, useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { Link, Redirect, useLocation } from 'wouter'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { WAREHOUSE } from '../../../contract/constants/warehouse.ts'
import { WAREHOUSE_ADMIN_MSG, WAREHOUSE_ADMIN_TEXT, WAREHOUSE_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { href } from '../../../contract/routes.ts'
import type { WorkstationRow } from '../../../contract/schemas/warehouse.ts'
import type { EndType, WorkflowRow } from '../../../contract/schemas/warehouseAdmin.ts'
import type { ScreenProps } from '../../screen.ts'
import { useDataLoad } from '../../ui/load.ts'
import { criteriaOf, tableInput } from '../../wiring/serverTable.ts'
import { type WorkstationListFilter, WORKSTATION_FILTER, employeesLoad, workflowsTable, workstationList, useReference } from '../../wiring/warehouse.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { Select, optionsOf } from '../../ui/form.tsx'
import { connectTable } from '../../../../machines/serverTable.ts'
import { inspect } from '../../inspector/index.ts'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { type PlainColumn, PlainTable, idOf } from '../../ui/adminKit.tsx'
import { WorkstationForm } from './WorkstationFormView.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

/** The cards of /workstations-list/{card}. */
export const WORKSTATION_CARDS = ['workstations-list', 'workflow_history', 'workstation'] as const
type Card = (typeof WORKSTATION_CARDS)[number]

/** /workstations-list (admin): tabs for the list and the workflow history, and an add button. */
export default function WorkstationsListView({ params }: ScreenProps) {
  const [, navigate] = useLocation()
  const card = (params.card ?? 'workstations-list') as Card
  if (!WORKSTATION_CARDS.includes(card)) return <Redirect to={href('workstationsList')} replace />
  const go = (c: Card) => navigate(href('workstationsList', { card: c }), { replace: true })
  return (
    <section className="page wh-admin" data-testid="workstations-page" data-card={card}>
      <div className="page-header">
        <h1>{WAREHOUSE_TEXT.workstations}</h1>
        <div className="segmented" role="tablist" aria-label={WAREHOUSE_TEXT.workstations}>
          <button type="button" role="tab" aria-selected={card === 'workstations-list'} data-testid="tab-list" onClick={() => go('workstations-list')}>
            {WAREHOUSE_TEXT.workstationList}
          </button>
          <button type="button" role="tab" aria-selected={card === 'workflow_history'} data-testid="tab-history" onClick={() => go('workflow_history')}>
            {WAREHOUSE_TEXT.workHistory}
          </button>
        </div>
        <span className="spacer" />
        <Link className="btn btn-primary" href={href('workstationNew')} data-testid="workstation-add">
          {WAREHOUSE_TEXT.addWorkstation}
        </Link>
      </div>
      {card === 'workstations-list' && <WorkstationList />}
      {card === 'workflow_history' && <WorkflowHistory />}
      {card === 'workstation' && <WorkstationForm id={null} />}
    </section>
  )
}

const LIST_COLUMNS: PlainColumn<WorkstationRow>[] = [
  { id: 'id', header: UI_TEXT.id, cell: (w) => w.id },
  { id: 'code', header: UI_TEXT.code, cell: (w) => <strong>{w.code}</strong> },
  { id: 'type', header: UI_TEXT.type, cell: (w) => w.type.name },
  {
    id: 'free',
    header: UI_TEXT.state,
    cell: (w) =>
      w.free ? (
        <span className="badge badge-success" data-free="true">
          {WAREHOUSE_ADMIN_TEXT.free}
        </span>
      ) : (
        <span className="badge badge-danger" data-free="false">
          {WAREHOUSE_ADMIN_TEXT.occupied}
        </span>
      ),
  },
  { id: 'employee', header: WAREHOUSE_TEXT.worker, cell: (w) => w.employee?.email ?? '' },
]

function WorkstationList() {
  const [, navigate] = useLocation()
  const reference = useReference()
  // The list asked (its key) lives in the machine; the selects hold the filter until "Filtruj".
  const list = useDataLoad(workstationList, WORKSTATION_FILTER)
  const [draft, setDraft] = useState<WorkstationListFilter>(WORKSTATION_FILTER)
  const told = useRef(0)
  return (
    <div data-testid="workstations-list">
      <form
        className="card filters"
        onSubmit={(e) => {
          e.preventDefault()
          told.current += 1
          list.load({ ...draft, told: told.current })
        }}
      >
        <Select
          label={WAREHOUSE_TEXT.warehouse}
          name="warehouse"
          value={draft.warehouse}
          options={optionsOf(reference?.warehouses, (w) => w.name).slice(1)}
          onChange={(v) => setDraft((f) => ({ ...f, warehouse: Number(v) }))}
        />
        <Select
          label={WAREHOUSE_TEXT.workstationType}
          name="type"
          value={draft.type ?? ''}
          options={optionsOf(reference?.workstationTypes, (t) => `${t.code} – ${t.name}`, UI_TEXT.all)}
          onChange={(v) => setDraft((f) => ({ ...f, type: idOf(v) ?? null }))}
        />
        <FormActions submit={{ label: UI_TEXT.filter, disabled: list.isBusy, name: 'filter' }} />
      </form>
      <PlainTable
        testId="workstations-table"
        rows={list.data ?? []}
        loading={list.loaded.status === 'loading'}
        columns={LIST_COLUMNS}
        rowKey={(w) => w.id}
        onRowClick={(w) => navigate(href('workstation', { id: w.id }))}
        emptyText={WAREHOUSE_ADMIN_MSG.workstationsNone}
      />
    </div>
  )
}

const endTypeLabel = (t: EndType | null) => (t ? WAREHOUSE_ADMIN_TEXT.endType[t] : '')
const wf = serverColumns<WorkflowRow>()
/** Server columns (WORKFLOW_COLUMNS): 0 id, 1 workstation, 2 email, 3 start_at, 4 end_at, 5 end_type. */
export const WORKFLOW_TABLE_COLUMNS: ServerColumn<WorkflowRow>[] = [
  wf.accessor('id', { header: UI_TEXT.id, meta: { orderIndex: 0 } }),
  wf.accessor('code', { header: WAREHOUSE_TEXT.workstation, meta: { orderIndex: 1 } }),
  wf.accessor('email', { header: WAREHOUSE_TEXT.worker, meta: { orderIndex: 2 } }),
  wf.accessor('start_at', { header: WAREHOUSE_TEXT.start, cell: (c) => formatDateTime(c.getValue()), meta: { orderIndex: 3 } }),
  wf.accessor('end_at', { header: WAREHOUSE_TEXT.end, cell: (c) => (c.getValue() ? formatDateTime(c.getValue()) : WAREHOUSE_ADMIN_TEXT.workflowOpen), meta: { orderIndex: 4 } }),
  wf.accessor('end_type', { header: WAREHOUSE_TEXT.endType, cell: (c) => endTypeLabel(c.getValue()), meta: { orderIndex: 5 } }),
]
const WORKFLOW_ORDER = [{ column: WAREHOUSE.workflowOrder.column, dir: WAREHOUSE.workflowOrder.dir }] as const
const NO_CRITERIA = { criteria: { user_id: null, workstation_type_id: null } }

function WorkflowHistory() {
  const reference = useReference()
  const employees = useDataLoad(employeesLoad)
  // The criteria live in the table's machine: a change reloads from the first page.
  const actor = useActorRef(workflowsTable, { input: tableInput({ pageLength: PAGE_SIZE.otherTables, order: WORKFLOW_ORDER, filters: NO_CRITERIA }), inspect })
  const api = connectTable<WorkflowRow>(useSelector(actor, (s) => s), actor.send)
  const criteria = criteriaOf(api.filters)
  const set = (key: 'user_id' | 'workstation_type_id', v: string) => api.setFilters({ criteria: { ...criteria, [key]: idOf(v) ?? null } })
  return (
    <div data-testid="workflow-history">
      <div className="card filters">
        <Select
          label={WAREHOUSE_TEXT.worker}
          name="user_id"
          value={String(criteria.user_id ?? '')}
          options={optionsOf(employees.data ?? [], (u) => u.email, UI_TEXT.everyone)}
          onChange={(v) => set('user_id', v)}
        />
        <Select
          label={WAREHOUSE_TEXT.workstationType}
          name="workstation_type_id"
          value={String(criteria.workstation_type_id ?? '')}
          options={optionsOf(reference?.workstationTypes, (t) => `${t.code} – ${t.name}`, UI_TEXT.all)}
          onChange={(v) => set('workstation_type_id', v)}
        />
        <FormActions>
          <button type="button" className="btn" onClick={() => api.setFilters(NO_CRITERIA)} disabled={criteria.user_id == null && criteria.workstation_type_id == null}>
            {UI_TEXT.resetFilters}
          </button>
        </FormActions>
      </div>
      <ServerTable<WorkflowRow> testId="workflow-table" columns={WORKFLOW_TABLE_COLUMNS} actor={actor} />
    </div>
  )
}
