import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMachine } from '@xstate/react'
import { PRICES } from '../../../contract/constants/prices.ts'
import { href } from '../../../contract/routes.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { courierPriceFormLogic, validateCourierPrice } from '../../wiring/prices.ts'
import type { ScreenProps } from '../../screen.ts'
import { FormField, FormActions } from '../../ui/recordKit.tsx'
import { PRICES_TEXT, SURCHARGE_LABEL } from '../../../contract/messages/prices.ts'

const FLAGS = [
  ['this_side_up', PRICES_TEXT.thisSideUp],
  ['liquid', PRICES_TEXT.liquid],
  ['not_expose_to_frost', PRICES_TEXT.protectFromFrost],
  ['cash_on_delivery', SURCHARGE_LABEL.cod],
  ['caution', PRICES_TEXT.fragile],
] as const

/** /prices/price/{id} (admin): one courier price; every bound 0–100. */
export default function CourierPriceView({ params }: ScreenProps) {
  const id = Number(params.id)
  return <CourierPriceForm key={id} id={id} />
}

function CourierPriceForm({ id }: { id: number }) {
  const [state, send] = useMachine(courierPriceFormLogic, { input: { id, validate: validateCourierPrice }, inspect })
  const form = connectRecordForm(state, send)
  const bounds = `${PRICES.courierPriceMin}–${PRICES.courierPriceMax}`
  return (
    <section className="page" data-testid="courier-price-page">
      <div className="page-header">
        <h1>{PRICES_TEXT.courierPrice}</h1>
      </div>
      {form.problem && <div className="alert alert-danger" role="alert">{form.error}</div>}
      {!form.loading && !form.problem && (
        <form className="card form-narrow" noValidate data-testid="courier-price-form" onSubmit={(e) => { e.preventDefault(); form.submit() }}>
          {form.facts.map((f) => (
            <p key={f.id}>
              {f.label}: <strong>{f.value}</strong>
            </p>
          ))}
          <FormField form={form} name="net_price" label={PRICES_TEXT.netPriceIn(bounds)} type="text" />
          <FormField form={form} name="vat_percentage" label={`VAT (%) * (${bounds})`} type="text" />
          <FormField form={form} name="max_insurance_value" label={PRICES_TEXT.maxInsuranceIn(bounds)} type="text" />
          <FormField form={form} name="min_weight_value" label={PRICES_TEXT.minWeightIn(bounds)} type="text" />
          <FormField form={form} name="max_weight_value" label={PRICES_TEXT.maxWeightIn(bounds)} type="text" />
          {FLAGS.map(([name, label]) => (
            <label key={name} className="check">
              <input type="checkbox" name={name} checked={form.values[name] === true} disabled={!form.editable} onChange={(e) => form.change(name, e.target.checked)} /> {label}
            </label>
          ))}
          <FormActions submit={{ label: UI_TEXT.save, disabled: !form.canSubmit, testId: 'courier-price-save' }} back={href('prices')} />
        </form>
      )}
    </section>
  )
}
