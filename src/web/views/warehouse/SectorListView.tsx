import { useState } from 'react'
import { Link } from 'wouter'
import { allows } from '../../../contract/access.ts'
import { WAREHOUSE } from '../../../contract/constants/warehouse.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { canOpen, href } from '../../../contract/routes.ts'
import type { Sector } from '../../../contract/schemas/warehouse.ts'
import { call } from '../../api/client.ts'
import { useSessionUser } from '../../machines/session.ts'
import { Select } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'
import { notify } from '../../ui/toast.tsx'
import { type PlainColumn, PlainTable, optionsOf, showFailure, useLoad, useReference } from './adminKit.tsx'

/** /problematic-sector/list: warehouse filter (default warehouse 1), id, code, name, internal, delete after confirmation. */
export default function SectorListView() {
  const user = useSessionUser()
  const reference = useReference()
  const [warehouseId, setWarehouseId] = useState<number>(WAREHOUSE.defaultWarehouseId)
  const [sectors, reload] = useLoad(() => call(endpoints.problematicSectorList, undefined, undefined, { warehouse_id: warehouseId }), warehouseId)
  const [deleting, setDeleting] = useState<Sector | null>(null)
  const [busy, setBusy] = useState(false)
  const mayDelete = allows(endpoints.problematicSectorDelete.roles, user?.role)

  const remove = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await call(endpoints.problematicSectorDelete, { id: deleting.id })
      notify.success(WAREHOUSE_MSG.deleted)
      reload()
    } catch (e) {
      showFailure(e)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  const columns: PlainColumn<Sector>[] = [
    { id: 'id', header: 'ID', cell: (s) => s.id },
    { id: 'code', header: 'Kod', cell: (s) => <strong>{s.code}</strong> },
    { id: 'name', header: 'Nazwa', cell: (s) => s.name },
    { id: 'internal', header: 'Wewnętrzny', cell: (s) => WAREHOUSE_ADMIN_TEXT.yesNo[s.internal] },
    ...(mayDelete
      ? [
          {
            id: 'actions',
            header: <span className="sr-only">Akcje</span>,
            cell: (s: Sector) => (
              <button type="button" className="btn btn-sm btn-danger" data-testid={`sector-delete-${s.id}`} onClick={() => setDeleting(s)}>
                Usuń
              </button>
            ),
          },
        ]
      : []),
  ]

  return (
    <section className="page wh-admin" data-testid="sectors-page">
      <div className="page-header">
        <h1>Sektory problematyczne</h1>
        <span className="spacer" />
        {user && canOpen('problematicSectorNew', user.role) && allows(endpoints.problematicSectorCreate.roles, user.role) && (
          <Link className="btn btn-primary" href={href('problematicSectorNew')} data-testid="sector-add">
            Dodaj sektor
          </Link>
        )}
      </div>
      <div className="card filters">
        <Select
          label="Magazyn"
          name="warehouse_id"
          value={warehouseId}
          options={optionsOf(reference?.warehouses, (w) => w.name).slice(1)}
          onChange={(v) => setWarehouseId(Number(v))}
        />
      </div>
      <PlainTable
        testId="sectors-table"
        rows={sectors.status === 'ready' ? sectors.data : []}
        loading={sectors.status === 'loading'}
        columns={columns}
        rowKey={(s) => s.id}
        emptyText={sectors.status === 'failed' ? sectors.error : undefined}
      />
      <Confirm open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={() => void remove()} />
    </section>
  )
}
