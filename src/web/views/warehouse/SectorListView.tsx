import { Link } from 'wouter'
import { allows } from '../../../contract/access.ts'
import { WAREHOUSE } from '../../../contract/constants/warehouse.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT, WAREHOUSE_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { canOpen, href } from '../../../contract/routes.ts'
import type { Sector } from '../../../contract/schemas/warehouse.ts'
import { useDataLoad } from '../../ui/load.ts'
import { useSessionUser } from '../../wiring/session.ts'
import { sectorList, useReference } from '../../wiring/warehouse.ts'
import { Select, optionsOf } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { type PlainColumn, PlainTable } from '../../ui/adminKit.tsx'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

/** /problematic-sector/list: warehouse filter (default warehouse 1), id, code, name, internal, delete after confirmation. */
export default function SectorListView() {
  const user = useSessionUser()
  const reference = useReference()
  // The machine keeps the warehouse asked (its key), the sectors and the delete's confirmation.
  const list = useDataLoad(sectorList, WAREHOUSE.defaultWarehouseId)
  const mayDelete = allows(endpoints.problematicSectorDelete.roles, user?.role)

  const columns: PlainColumn<Sector>[] = [
    { id: 'id', header: UI_TEXT.id, cell: (s) => s.id },
    { id: 'code', header: WAREHOUSE_ADMIN_TEXT.sectorColumn.code, cell: (s) => <strong>{s.code}</strong> },
    { id: 'name', header: WAREHOUSE_ADMIN_TEXT.sectorColumn.name, cell: (s) => s.name },
    { id: 'internal', header: WAREHOUSE_ADMIN_TEXT.sectorColumn.internal, cell: (s) => WAREHOUSE_ADMIN_TEXT.yesNo[s.internal] },
    ...(mayDelete
      ? [
          {
            id: 'actions',
            header: <span className="sr-only">{WAREHOUSE_ADMIN_TEXT.actions}</span>,
            cell: (s: Sector) => (
              <button type="button" className="btn btn-sm btn-danger" data-testid={`sector-delete-${s.id}`} onClick={() => list.ask(s)}>
                {UI_TEXT.delete}
              </button>
            ),
          },
        ]
      : []),
  ]

  return (
    <section className="page wh-admin" data-testid="sectors-page">
      <div className="page-header">
        <h1>{WAREHOUSE_ADMIN_TEXT.sectors}</h1>
        <span className="spacer" />
        {user && canOpen('problematicSectorNew', user.role) && allows(endpoints.problematicSectorCreate.roles, user.role) && (
          <Link className="btn btn-primary" href={href('problematicSectorNew')} data-testid="sector-add">
            {WAREHOUSE_ADMIN_TEXT.addSector}
          </Link>
        )}
      </div>
      <div className="card filters">
        <Select
          label={WAREHOUSE_TEXT.warehouse}
          name="warehouse_id"
          value={Number(list.key)}
          options={optionsOf(reference?.warehouses, (w) => w.name).slice(1)}
          onChange={(v) => list.load(Number(v))}
        />
      </div>
      <PlainTable
        testId="sectors-table"
        rows={list.data ?? []}
        loading={list.loaded.status === 'loading'}
        columns={columns}
        rowKey={(s) => s.id}
        emptyText={list.problem ?? undefined}
      />
      <Confirm open={list.isConfirming} busy={list.isBusy} onCancel={list.cancel} onConfirm={list.confirm} />
    </section>
  )
}
