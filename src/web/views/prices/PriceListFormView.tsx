import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine, useSelector } from '@xstate/react'
import { type PriceListKind, SPECIFIC_SURCHARGES, SURCHARGES, type Surcharge } from '../../../contract/constants/prices.ts'
import { FACTOR_TYPE_LABEL, PRICES_MSG, PRICES_TEXT, SURCHARGE_LABEL } from '../../../contract/messages/prices.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectPriceListForm, thresholdsOf } from '../../../../machines/pricesListForm.ts'
import { type RecordFormProps, connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { priceListFormLogic, priceListHome } from '../../wiring/prices.ts'
import type { ScreenProps } from '../../screen.ts'
import { Confirm } from '../../ui/modal.tsx'
import { FieldErrors, FormField, FormActions } from '../../ui/recordKit.tsx'
import { TYPE_TITLE, kindOf } from './PriceListListView.tsx'
import { WithHistory } from '../audit/AuditTable.tsx'

/**
 * /operational-price-list/{type}/form[/{id}] and …/client_form/{idClient}[/{id}] (admin): the list's
 * header, the nine surcharge blocks, the base amounts by weight threshold; clone from default and
 * deactivate for client lists; read-only with a warning once the list is in use.
 */
export default function PriceListFormView({ params }: ScreenProps) {
  const type = kindOf(params.type)
  const idClient = params.idClient ? Number(params.idClient) : null
  const id = params.id ? Number(params.id) : null
  return <PriceListForm key={`${type}/${idClient}/${id}`} type={type} idClient={idClient} id={id} />
}

function SelectField({ form, name, label }: { form: RecordFormProps; name: string; label: string }) {
  const errors = form.errorsOf(name)
  const opts = form.optionsOf(name)
  const value = form.values[name]
  return (
    <div className={`field${errors.length ? ' has-error' : ''}`}>
      <label htmlFor={`r-${name}`}>{label}</label>
      <select
        id={`r-${name}`}
        name={name}
        value={value == null ? '' : String(value)}
        disabled={!form.editable}
        onChange={(e) => form.change(name, typeof opts[0]?.value === 'number' || /^\d+$/.test(e.target.value) ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value)}
      >
        {opts.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors errors={errors} />
    </div>
  )
}

function SurchargeBlock({ form, x }: { form: RecordFormProps; x: Surcharge }) {
  const typeField = `${x}_account_factor_type`
  const percent = form.values[typeField] === 'percent'
  // Every amount names its currency: the specific factors' for cod, insurance and card payment, else the list's.
  const currency = String((SPECIFIC_SURCHARGES.includes(x) ? form.values.specific_factors_currency : form.values.currency) ?? '')
  return (
    <fieldset className="card surcharge" data-testid={`surcharge-${x}`}>
      <legend>{SURCHARGE_LABEL[x]}</legend>
      <div className="field">
        <label htmlFor={`r-${typeField}`}>{PRICES_TEXT.chargeMethod}</label>
        <select id={`r-${typeField}`} name={typeField} value={String(form.values[typeField] ?? 'lump_sum')} disabled={!form.editable} onChange={(e) => form.change(typeField, e.target.value)}>
          {Object.entries(FACTOR_TYPE_LABEL).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <FormField form={form} name={`${x}_account_factor`} label={percent ? PRICES_TEXT.valuePercent : PRICES_TEXT.amountIn(currency)} type="text" />
      {percent && (
        <>
          <FormField form={form} name={`${x}_account_factor_minimal`} label={PRICES_TEXT.minimumIn(currency)} type="text" />
          <FormField form={form} name={`${x}_account_factor_maximal`} label={PRICES_TEXT.maximumIn(currency)} type="text" />
        </>
      )}
    </fieldset>
  )
}

function Thresholds({ form, canEdit, add, remove }: { form: RecordFormProps; canEdit: boolean; add: () => void; remove: (i: number) => void }) {
  const rows = thresholdsOf(form.values)
  const setRow = (i: number, key: 'limiting_threshold' | 'base_amount', v: string) =>
    form.change('weight_thresholds', rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)))
  return (
    <div className="card" data-testid="thresholds">
      <h2>{PRICES_TEXT.baseAmounts}</h2>
      <FieldErrors errors={form.errorsOf('weight_thresholds')} />
      <table className="table">
        <thead>
          <tr>
            <th>{PRICES_TEXT.thresholdTo}</th>
            <th>{PRICES_TEXT.baseAmountIn}{String(form.values.currency ?? '')})</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-testid={`threshold-${i}`}>
              <td>
                <input aria-label={PRICES_TEXT.thresholdRow(i + 1)} inputMode="decimal" value={r.limiting_threshold} disabled={!canEdit} onChange={(e) => setRow(i, 'limiting_threshold', e.target.value)} />
                <FieldErrors errors={form.errorsOf(`weight_thresholds.${i}.limiting_threshold`)} />
              </td>
              <td>
                <input aria-label={PRICES_TEXT.baseAmountRow(i + 1)} inputMode="decimal" value={r.base_amount} disabled={!canEdit} onChange={(e) => setRow(i, 'base_amount', e.target.value)} />
                <FieldErrors errors={form.errorsOf(`weight_thresholds.${i}.base_amount`)} />
              </td>
              <td>
                {canEdit && (
                  <button type="button" className="btn btn-sm btn-danger" data-testid={`threshold-remove-${i}`} onClick={() => remove(i)}>
                    {UI_TEXT.delete}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit && (
        <button type="button" className="btn" data-testid="threshold-add" onClick={add}>
          {PRICES_TEXT.addThreshold}
        </button>
      )}
    </div>
  )
}

function PriceListForm({ type, idClient, id }: { type: PriceListKind; idClient: number | null; id: number | null }) {
  const [state, send] = useMachine(priceListFormLogic(type, idClient), { input: { type, idClient, id }, inspect })
  const w = connectPriceListForm(state, send)
  const formState = useSelector(w.form, (s) => s)
  if (!w.form || !formState) return null
  const form = connectRecordForm(formState, w.form.send)
  const back = priceListHome(type, idClient)
  return (
    <section className="page" data-testid="price-list-form-page" data-machine="priceListForm" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>
          {TYPE_TITLE[type]}: {id === null ? PRICES_TEXT.newPriceList : String(form.values.name ?? '')}
          {idClient !== null && PRICES_TEXT.clientListSuffix}
        </h1>
      </div>
      {form.problem && <div className="alert alert-danger" role="alert">{form.error}</div>}
      {w.inUse && (
        <div className="alert alert-warning" role="status" data-testid="price-list-in-use">
          {PRICES_MSG.inUse}
        </div>
      )}
      {!form.loading && !form.problem && (
        <WithHistory record={id === null ? null : { entity: type === 'income' ? 'income_price_list' : 'cost_price_list', entity_id: String(id) }}>
          <form className="price-list-form" noValidate data-testid="price-list-form" onSubmit={(e) => { e.preventDefault(); form.submit() }}>
            <div className="card form-narrow">
              <FormField form={form} name="name" label={UI_TEXT.nameRequired} />
              <SelectField form={form} name="special_association" label={PRICES_TEXT.specialLink} />
              <FormField form={form} name="begin_date" label={PRICES_TEXT.validFromRequired} type="date" />
              <SelectField form={form} name="currency" label={PRICES_TEXT.currencyRequired} />
              <SelectField form={form} name="specific_factors_currency" label={PRICES_TEXT.factorCurrencyRequired} />
              {type === 'cost' ? <SelectField form={form} name="id_courier" label={PRICES_TEXT.courierRequired} /> : <SelectField form={form} name="id_country" label={PRICES_TEXT.countryRequired} />}
            </div>
            <div className="surcharges">
              {SURCHARGES.map((x) => (
                <SurchargeBlock key={x} form={form} x={x} />
              ))}
            </div>
            <Thresholds form={form} canEdit={w.canEditThresholds} add={w.addThreshold} remove={w.removeThreshold} />
            <FormActions submit={w.inUse ? undefined : { label: UI_TEXT.save, disabled: !form.editable || form.busy, testId: 'price-list-save' }} back={back} backTestId="price-list-back">
              {w.canDeactivate && (
                <button type="button" className="btn btn-warning" data-testid="price-list-deactivate" onClick={w.deactivate}>
                  {PRICES_TEXT.deactivate}
                </button>
              )}
              {w.canClone && (
                <button type="button" className="btn" data-testid="price-list-clone" disabled={w.busy} onClick={w.clone}>
                  {PRICES_TEXT.cloneDefault}
                </button>
              )}
              {!form.isNew && form.canAct && (
                <button type="button" className="btn btn-danger" data-testid="price-list-delete" onClick={form.act}>
                  {UI_TEXT.delete}
                </button>
              )}
            </FormActions>
            <Confirm open={form.confirming} onConfirm={form.confirm} onCancel={form.cancel} busy={form.busy} />
            <Confirm open={w.confirmingDeactivate} onConfirm={w.confirm} onCancel={w.cancel} busy={w.busy} />
          </form>
        </WithHistory>
      )}
    </section>
  )
}
