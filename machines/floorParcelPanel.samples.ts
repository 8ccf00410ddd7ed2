import { MSG } from '../src/contract/messages.ts'
import type { HistoryRow } from '../src/contract/schemas/floor.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { type ParcelData, parcelPanelMachine } from './floorParcelPanel.ts'

const row = (id: number, when: string, name: string, email: string | null): HistoryRow => ({
  id,
  when,
  status_type_id: 55,
  name,
  displayed_name: name,
  where: 'TYCHY',
  email,
  workstation: 'PRZJ_01',
  problematic_sector: null,
})
/** RE100000001 after its intake scan. */
export const PANEL_RE100000001: ParcelData = {
  parcel: { id: 1, internal_number: 'RE100000001', weight: 1.2, weight_value: 1.2, volumetric_weight: 1.2, height: 20, width: 10, length: 30, out_number: '-' },
  history: [row(2, '2025-01-02T09:00:00.000Z', 'Przyjęta na magazyn', 'worker@example.com'), row(1, '2025-01-01T08:00:00.000Z', 'Zarejestrowana', null)],
}

export const parcelPanelSamples = defineSamples(parcelPanelMachine, {
  inputs: { fresh: undefined },
  events: [
    named('RE100000001', { type: 'SHOW', parcelId: 1, barcode: 'RE100000001' }),
    named('RE100000002', { type: 'SHOW', parcelId: 2, barcode: 'RE100000002' }),
    { type: 'RELOAD' },
    { type: 'CLEAR' },
    doneActor('loadParcel', PANEL_RE100000001, 'RE100000001'),
    errorActor('loadParcel', httpError(404, { message: 'Nie znaleziono przesyłki' }), '404'),
    errorActor('loadParcel', httpError(0, { message: MSG.serverError }), 'offline'),
  ],
  key: (c) => ({ parcelId: c.parcelId, parcel: c.parcel !== null, error: c.error !== null }),
})
