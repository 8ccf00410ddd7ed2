import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { WAREHOUSE } from '../../../contract/constants/warehouse.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import { WAREHOUSE_ADMIN_TEXT } from '../../../contract/messages/warehouseAdmin.ts'
import { WAREHOUSE_MSG } from '../../../contract/messages/warehouse.ts'
import { href } from '../../../contract/routes.ts'
import { SectorCreateRequest } from '../../../contract/schemas/warehouse.ts'
import { ApiError, call } from '../../api/client.ts'
import { Field, FormCard, Select, useForm } from '../../ui/form.tsx'
import { notify } from '../../ui/toast.tsx'
import { idOf, optionsOf, showFailure, useReference } from './adminKit.tsx'

const INTERNAL_OPTIONS = [
  { value: 0, label: WAREHOUSE_ADMIN_TEXT.yesNo[0] },
  { value: 1, label: WAREHOUSE_ADMIN_TEXT.yesNo[1] },
]

/** /problematic-sector/new: name, warehouse, internal (No=0, Yes=1), code; 422 "Błąd podczas dodawania typu". */
export default function SectorFormView() {
  const [, navigate] = useLocation()
  const reference = useReference()
  const form = useForm(SectorCreateRequest, { name: '', warehouse_id: WAREHOUSE.defaultWarehouseId, internal: 0, code: '' })
  const [saving, setSaving] = useState(false)
  const save = async () => {
    form.markSubmitted()
    if (!form.decoded) return
    setSaving(true)
    try {
      const saved = await call(endpoints.problematicSectorCreate, form.decoded as typeof SectorCreateRequest.Type)
      notify.success(saved.message)
      navigate(href('problematicSectorList'))
    } catch (e) {
      showFailure(e, form.setServerErrors, e instanceof ApiError && e.status === 422 ? WAREHOUSE_MSG.sectorAddError : undefined)
    } finally {
      setSaving(false)
    }
  }
  return (
    <section className="page wh-admin" data-testid="sector-form">
      <div className="page-header">
        <h1>Nowy sektor problematyczny</h1>
      </div>
      <FormCard onSubmit={save}>
        <Field label="Nazwa *" autoComplete="off" {...form.field('name')} />
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
          label="Wewnętrzny *"
          name="internal"
          value={String(form.values.internal)}
          options={INTERNAL_OPTIONS}
          onChange={(v) => form.set('internal', Number(v))}
          errors={form.fieldErrors('internal')}
        />
        <Field label="Kod *" autoComplete="off" {...form.field('code')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" name="save" disabled={!form.valid || saving}>
            {saving ? 'Zapisywanie…' : 'Zapisz'}
          </button>
          <Link className="btn" href={href('problematicSectorList')}>
            Anuluj
          </Link>
        </div>
      </FormCard>
    </section>
  )
}
