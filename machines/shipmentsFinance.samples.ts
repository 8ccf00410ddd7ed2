import { defineSamples, doneActor, errorActor, httpError } from './graph/samples.ts'
import { type FinanceData, shipmentFinanceMachine } from './shipmentsFinance.ts'

const zero = '0.00'
export const chargedFinance: FinanceData = {
  invoices: [],
  amounts: {
    main: {
      summary: '21.80', specific_exchange_rate: '0.20090909', currency: 'PLN', specific_factors_currency: 'RON', base: '14.50', cod: '1.30',
      insurance: zero, oversize: zero, overweight: zero, multi_pack: '6.00', cod_card_payment: zero, unclaimed: zero, collect_from_client: zero,
      non_conveyable: zero, accounting_weight: '2.600', price_list_id: 1, price_list_name: 'Cennik domyślny – Rumunia', charged_at: '2026-11-20T10:00:00.000Z',
      lines: [
        { kind: 'base', amount: '14.50', note: 'waga rozliczeniowa 2.600 kg, próg do 3 kg' },
        { kind: 'multi_pack', amount: '6.00', note: '1 kolejne paczki: 6.00 PLN' },
        { kind: 'cod', amount: '1.30', note: 'pobranie: 1.50% × 200.00 RON = 6.50 RON × 0.2' },
      ],
    },
    after_service: [],
  },
}
export const noCharges: FinanceData = { invoices: [], amounts: { main: null, after_service: [] } }

export const shipmentFinanceSamples = defineSamples(shipmentFinanceMachine, {
  inputs: { RE100000001: { number: 'RE100000001' } },
  events: [
    doneActor('loadFinance', chargedFinance, 'charged'),
    doneActor('loadFinance', noCharges, 'no charges'),
    errorActor('loadFinance', httpError(404, { message: 'Taka przesylka nie istnieje' }), '404'),
    { type: 'RELOAD' },
    { type: 'RETRY' },
  ],
})
