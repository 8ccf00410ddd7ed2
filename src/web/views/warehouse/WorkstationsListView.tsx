import { useCallback, useEffect, useMemo, useState } from 'react'
import { Link, Redirect, useLocation } from 'wouter'
import { STAFF_ROLES } from '../../../contract/constants/access.ts'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { WAREHOUSE } from '../../../contract/constants/warehouse.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { href } from '../../../contract/routes.ts'
import type { EndType, WorkflowRow, WorkstationRow } from '../../../contract/schemas/warehouse.ts'
import type { ScreenProps } from '../../screen.ts'
import { call } from '../../api/client.ts'
import { formatDateTime } from '../../../contract/time.ts'
import { Select } from '../../ui/form.tsx'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { notify } from '../../ui/toast.tsx'
import { type PlainColumn, PlainTable, idOf, optionsOf, showFailure, useLoad, useReference } from './adminKit.tsx'
import { WorkstationForm } from './WorkstationFormView.tsx'

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
        <h1>Stanowiska</h1>
        <div className="segmented" role="tablist" aria-label="Stanowiska">
          <button type="button" role="tab" aria-selected={card === 'workstations-list'} data-testid="tab-list" onClick={() => go('workstations-list')}>
            Lista stanowisk
          </button>
          <button type="button" role="tab" aria-selected={card === 'workflow_history'} data-testid="tab-history" onClick={() => go('workflow_history')}>
            Historia pracy
          </button>
        </div>
        <span className="spacer" />
        <Link className="btn btn-primary" href={href('workstationNew')} data-testid="workstation-add">
          Dodaj stanowisko
        </Link>
      </div>
      {card === 'workstations-list' && <WorkstationList />}
      {card === 'workflow_history' && <WorkflowHistory />}
      {card === 'workstation' && <WorkstationForm workstation={null} />}
    </section>
  )
}

const LIST_COLUMNS: PlainColumn<WorkstationRow>[] = [
  { id: 'id', header: 'ID', cell: (w) => w.id },
  { id: 'code', header: 'Kod', cell: (w) => <strong>{w.code}</strong> },
  { id: 'type', header: 'Typ', cell: (w) => w.type.name },
  {
    id: 'free',
    header: 'Stan',
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
  { id: 'employee', header: 'Pracownik', cell: (w) => w.employee?.email ?? '' },
]

interface ListFilter {
  warehouse: number
  type: number | undefined
}

const fetchWorkstations = (f: ListFilter) => call(endpoints.workstationsFullInfo, undefined, { warehouse: f.warehouse, type: f.type ?? 'all' })

function WorkstationList() {
  const [, navigate] = useLocation()
  const reference = useReference()
  const [filter, setFilter] = useState<ListFilter>({ warehouse: WAREHOUSE.defaultWarehouseId, type: undefined })
  const [rows, setRows] = useState<readonly WorkstationRow[] | null>(null)
  const [busy, setBusy] = useState(false)

  // The first list loads silently; "Filtruj" tells how the filter went.
  useEffect(() => {
    fetchWorkstations({ warehouse: WAREHOUSE.defaultWarehouseId, type: undefined }).then(setRows, (e: unknown) => {
      setRows([])
      showFailure(e)
    })
  }, [])
  const applyFilter = async () => {
    setBusy(true)
    try {
      const found = await fetchWorkstations(filter)
      setRows(found)
      if (found.length === 0) notify.warning(WAREHOUSE_MSG.workstationsNone)
      else notify.success(WAREHOUSE_MSG.workstationsFiltered)
    } catch (e) {
      showFailure(e)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="workstations-list">
      <form
        className="card filters"
        onSubmit={(e) => {
          e.preventDefault()
          void applyFilter()
        }}
      >
        <Select
          label="Magazyn"
          name="warehouse"
          value={filter.warehouse}
          options={optionsOf(reference?.warehouses, (w) => w.name).slice(1)}
          onChange={(v) => setFilter((f) => ({ ...f, warehouse: Number(v) }))}
        />
        <Select
          label="Typ stanowiska"
          name="type"
          value={filter.type ?? ''}
          options={optionsOf(reference?.workstationTypes, (t) => `${t.code} – ${t.name}`, 'Wszystkie')}
          onChange={(v) => setFilter((f) => ({ ...f, type: idOf(v) }))}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" name="filter" disabled={busy}>
            Filtruj
          </button>
        </div>
      </form>
      <PlainTable
        testId="workstations-table"
        rows={rows ?? []}
        loading={rows === null}
        columns={LIST_COLUMNS}
        rowKey={(w) => w.id}
        onRowClick={(w) => navigate(href('workstation', { id: w.id }))}
        emptyText={WAREHOUSE_MSG.workstationsNone}
      />
    </div>
  )
}

const endTypeLabel = (t: EndType | null) => (t ? WAREHOUSE_ADMIN_TEXT.endType[t] : '')
const wf = serverColumns<WorkflowRow>()
/** Server columns (WORKFLOW_COLUMNS): 0 id, 1 workstation, 2 email, 3 start_at, 4 end_at, 5 end_type. */
export const WORKFLOW_TABLE_COLUMNS: ServerColumn<WorkflowRow>[] = [
  wf.accessor('id', { header: 'ID', meta: { orderIndex: 0 } }),
  wf.accessor('code', { header: 'Stanowisko', meta: { orderIndex: 1 } }),
  wf.accessor('email', { header: 'Pracownik', meta: { orderIndex: 2 } }),
  wf.accessor('start_at', { header: 'Początek', cell: (c) => formatDateTime(c.getValue()), meta: { orderIndex: 3 } }),
  wf.accessor('end_at', { header: 'Koniec', cell: (c) => (c.getValue() ? formatDateTime(c.getValue()) : WAREHOUSE_ADMIN_TEXT.workflowOpen), meta: { orderIndex: 4 } }),
  wf.accessor('end_type', { header: 'Typ zakończenia', cell: (c) => endTypeLabel(c.getValue() as EndType | null), meta: { orderIndex: 5 } }),
]
const WORKFLOW_ORDER = [{ column: WAREHOUSE.workflowOrder.column, dir: WAREHOUSE.workflowOrder.dir }] as const

function WorkflowHistory() {
  const reference = useReference()
  const [employees] = useLoad(() => call(endpoints.employeesEmails, { roles: [...STAFF_ROLES] }), 'employees')
  const [userId, setUserId] = useState<number | undefined>()
  const [typeId, setTypeId] = useState<number | undefined>()
  const filters = useMemo(() => ({ criteria: { user_id: userId ?? null, workstation_type_id: typeId ?? null } }), [userId, typeId])
  const reset = useCallback(() => {
    setUserId(undefined)
    setTypeId(undefined)
  }, [])
  return (
    <div data-testid="workflow-history">
      <div className="card filters">
        <Select
          label="Pracownik"
          name="user_id"
          value={userId ?? ''}
          options={optionsOf(employees.status === 'ready' ? employees.data : [], (u) => u.email, 'Wszyscy')}
          onChange={(v) => setUserId(idOf(v))}
        />
        <Select
          label="Typ stanowiska"
          name="workstation_type_id"
          value={typeId ?? ''}
          options={optionsOf(reference?.workstationTypes, (t) => `${t.code} – ${t.name}`, 'Wszystkie')}
          onChange={(v) => setTypeId(idOf(v))}
        />
        <div className="form-actions">
          <button type="button" className="btn" onClick={reset} disabled={userId === undefined && typeId === undefined}>
            Resetuj filtry
          </button>
        </div>
      </div>
      <ServerTable<WorkflowRow>
        testId="workflow-table"
        columns={WORKFLOW_TABLE_COLUMNS}
        endpoint={endpoints.workflowList}
        pageSize={PAGE_SIZE.otherTables}
        defaultOrder={WORKFLOW_ORDER}
        filters={filters}
      />
    </div>
  )
}
