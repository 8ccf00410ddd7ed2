import { useMachine } from '@xstate/react'
import { CLIENTS } from '../../../contract/constants/clients.ts'
import { href } from '../../../contract/routes.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { priceBandLogic, validatePriceBand } from '../../wiring/clients.ts'
import type { ScreenProps } from '../../screen.ts'
import { Confirm } from '../../ui/modal.tsx'
import { FormButtons, FormField } from '../../ui/recordKit.tsx'
import { CLIENT_LABEL } from '../../../contract/messages/clients.ts'

/** /client/{idClient}/price[/{id}] (admin): a price band of service 2505; back to the card's pricing tab. */
export default function PriceBandFormView({ params }: ScreenProps) {
  const clientId = Number(params.idClient)
  const id = params.id ? Number(params.id) : null
  return <PriceBandForm key={`${clientId}/${id}`} clientId={clientId} id={id} />
}

function PriceBandForm({ clientId, id }: { clientId: number; id: number | null }) {
  const [state, send] = useMachine(priceBandLogic(clientId), { input: { id, validate: validatePriceBand }, inspect })
  const form = connectRecordForm(state, send)
  const bounds = `${CLIENTS.priceBandMin}–${CLIENTS.priceBandMax}`
  return (
    <section className="page" data-testid="price-band-page">
      <div className="page-header">
        <h1>{id === null ? CLIENT_LABEL.newPriceBand : CLIENT_LABEL.priceBand}</h1>
      </div>
      {form.problem && <div className="alert alert-danger" role="alert">{form.error}</div>}
      {!form.loading && !form.problem && (
        <form className="card form-narrow" noValidate data-testid="price-band-form" onSubmit={(e) => { e.preventDefault(); form.submit() }}>
          <p>
            {CLIENT_LABEL.service} {CLIENTS.priceBandServiceId}
          </p>
          <FormField form={form} name="net_price" label={CLIENT_LABEL.netPrice} type="number" />
          <FormField form={form} name="vat_percentage" label={CLIENT_LABEL.vat(bounds)} type="number" />
          <FormField form={form} name="min_weight_value" label={CLIENT_LABEL.minWeight(bounds)} type="number" />
          <FormField form={form} name="max_weight_value" label={CLIENT_LABEL.maxWeight(bounds)} type="number" />
          <FormButtons form={form} testId="price-band" back={href('clientCard', { id: clientId, card: 'pricing' })} />
          <Confirm open={form.confirming} onConfirm={form.confirm} onCancel={form.cancel} busy={form.busy} />
        </form>
      )}
    </section>
  )
}
