import type { ParcelInput, Party } from '../src/contract/schemas/shipments.ts'
import { SHIPMENT } from '../src/contract/constants/shipments.ts'
import { defineSamples, doneActor, errorActor, httpError, named } from './graph/samples.ts'
import { shipmentFormMachine, validateForm, type CountryOption, type ShipmentDraft, type ShipmentFormContext } from './shipmentsForm.ts'

/** Countries as seeded (src/server/db/seed.ts). */
export const countries: CountryOption[] = [
  { id: 1, name: 'Rumunia', iso_code: 'RO', currency: 'RON' },
  { id: 2, name: 'Polska', iso_code: 'PL', currency: 'PLN' },
  { id: 3, name: 'Węgry', iso_code: 'HU', currency: 'HUF' },
  { id: 4, name: 'Bułgaria', iso_code: 'BG', currency: 'BGN' },
]

const parcel = (order: number): ParcelInput => ({ in_shipment_order: order, weight: { declared: 2.5 }, dimensions: { declared: { height: 20, width: 30, length: 40 } } })

const bucharest: Party = {
  name: 'Ion Popescu',
  private_person: true,
  contact_name: null,
  email: 'ion.popescu@example.com',
  phone: { prefix: '+40', number: '721000111' },
  address: { locality: { id: 11, name: 'București' }, postal_code: '010011', details: 'Strada Lipscani 12' },
  country: { id: 1 },
  locker: null,
}

const content = { declared_content: 'Książki', declared_value: 120, cash_on_delivery_value: 0, currency: 'RON' }
const noAdditional = { note: null, first_reference_number: null, second_reference_number: null }

/** A home delivery to Bucharest, complete: what a user has entered just before 'Utwórz'. */
export const homeDelivery: ShipmentDraft = {
  delivery_service: 1,
  client_id: 1,
  sender: null,
  recipient: bucharest,
  content,
  additional_data: noAdditional,
  parcels: [parcel(1)],
}

/** A saved home return from a Budapest company, with cash on delivery (editing an existing shipment). */
export const companyReturn: ShipmentDraft = {
  id: 7,
  delivery_service: 2,
  client_id: 1,
  sender: {
    ...bucharest,
    name: 'Budapest Kft',
    private_person: false,
    contact_name: 'Nagy Anna',
    phone: { prefix: '+36', number: '301234567' },
    address: { locality: { id: 31, name: 'Budapest' }, postal_code: '1051', details: 'Nádor utca 5' },
    country: { id: 3 },
  },
  recipient: null,
  content: { ...content, currency: 'HUF', cash_on_delivery_value: 150 },
  additional_data: { note: 'Zwrot', first_reference_number: 'ZW/7', second_reference_number: null },
  parcels: [parcel(1)],
}

/** A saved locker delivery: one parcel to a Sofia locker. */
export const lockerDelivery: ShipmentDraft = {
  id: 8,
  delivery_service: 3,
  client_id: 1,
  sender: null,
  recipient: { ...bucharest, name: 'Petar Ivanov', phone: { prefix: '+359', number: '881234567' }, address: null, country: { id: 4 }, locker: { id: 41, name: 'Sofia Mall' } },
  content: { ...content, currency: 'BGN' },
  additional_data: noAdditional,
  parcels: [parcel(1)],
}

/** A saved home delivery of the most parcels allowed. */
export const fullMultiPack: ShipmentDraft = {
  ...homeDelivery,
  id: 9,
  parcels: Array.from({ length: SHIPMENT.maxParcels }, (_, i) => parcel(i + 1)),
}

// The draft grows without bound with SET events: the key keeps what the form's behaviour depends on.
// The samples give finitely many drafts: their check is remembered by content (a real actor makes
// new draft objects for the same content on every replay).
const missingByContent = new Map<string, string[]>()
const missingByDraft = new WeakMap<ShipmentDraft, { cod: boolean; keys: string[] }>()
/** Field keys the form's check reports now. */
export function missingFields(c: Pick<ShipmentFormContext, 'draft' | 'cod'>): string[] {
  const known = missingByDraft.get(c.draft)
  if (known?.cod === c.cod) return known.keys
  const id = `${c.cod}${JSON.stringify(c.draft)}`
  let keys = missingByContent.get(id)
  if (!keys) {
    const r = validateForm(c.draft, c.cod)
    keys = r.ok ? [] : Object.keys(r.errors).sort()
    missingByContent.set(id, keys)
  }
  missingByDraft.set(c.draft, { cod: c.cod, keys })
  return keys
}

/**
 * A draft missing more than one field is "unfinished": only its service, entered party and the
 * errors and message on show tell such states apart. A draft that is complete or misses one field
 * (named with its party: recipient.locker, sender.address...) is told apart by that field alone, a
 * complete one by its service and parcel count (one, several, the most allowed): the message on
 * show is checked on the step that changes it.
 */
export function shipmentKey(c: ShipmentFormContext) {
  const d = c.draft
  const missing = missingFields(c)
  const form =
    missing.length > 1
      ? { service: d.delivery_service, party: d.sender ? 'sender' : d.recipient ? 'recipient' : null, errorsShown: Object.keys(c.errors).length > 0, message: c.message }
      : missing.length === 1
        ? { missing }
        : { missing, service: d.delivery_service, parcels: d.parcels.length === 1 ? 'one' : d.parcels.length === SHIPMENT.maxParcels ? 'most allowed' : 'several' }
  return { ...form, internalWaybill: c.internalWaybill }
}

export const shipmentFormSamples = defineSamples(shipmentFormMachine, {
  inputs: {
    'create, nothing entered': { mode: 'create', editable: true, countries, clientId: 1 },
    'create, home delivery ready': { mode: 'create', editable: true, countries, draft: homeDelivery },
    'edit, company return with cash on delivery': { mode: 'edit', editable: true, countries, draft: companyReturn },
    'edit, locker delivery': { mode: 'edit', editable: true, countries, draft: lockerDelivery },
    'edit, 20 parcels': { mode: 'edit', editable: true, countries, draft: fullMultiPack },
    'read-only': { mode: 'edit', editable: false, countries, draft: companyReturn },
  },
  events: [
    named('home delivery', { type: 'SET_SERVICE', service: 1 }),
    named('home return', { type: 'SET_SERVICE', service: 2 }),
    named('locker delivery', { type: 'SET_SERVICE', service: 3 }),
    named('locker return', { type: 'SET_SERVICE', service: 4 }),
    named('HU', { type: 'SET_COUNTRY', countryId: 3 }),
    named('client 2', { type: 'SET_CLIENT', clientId: 2 }),
    named('name', { type: 'SET', path: 'party.name', value: 'Maria Ionescu' }),
    named('name emptied', { type: 'SET', path: 'party.name', value: '' }),
    named('company', { type: 'SET', path: 'party.private_person', value: false }),
    named('private person', { type: 'SET', path: 'party.private_person', value: true }),
    named('contact name', { type: 'SET', path: 'party.contact_name', value: 'Ana Ionescu' }),
    named('content', { type: 'SET', path: 'content.declared_content', value: 'Odzież' }),
    named('COD 150', { type: 'SET', path: 'content.cash_on_delivery_value', value: 150 }),
    named('on', { type: 'TOGGLE_COD', on: true }),
    named('off', { type: 'TOGGLE_COD', on: false }),
    named('Cluj-Napoca', { type: 'CHOOSE_LOCALITY', locality: { id: 12, name: 'Cluj-Napoca', postal_code: '400001' } }),
    named('locker', { type: 'CHOOSE_LOCKER', locker: { id: 42, name: 'Cluj Iulius' } }),
    { type: 'ADD_PARCEL' },
    named('row 2', { type: 'REMOVE_PARCEL', index: 1 }),
    named('row 1', { type: 'REMOVE_PARCEL', index: 0 }),
    named('row 1 weight 0.05', { type: 'SET_PARCEL', index: 0, field: 'weight', value: 0.05 }),
    named('row 1 weight 3', { type: 'SET_PARCEL', index: 0, field: 'weight', value: 3 }),
    { type: 'SUBMIT' },
    doneActor('save', { internal_waybill: 'RE100000042' }, 'RE100000042'),
    errorActor('save', httpError(422, { message: 'Przesłane dane są nieprawidłowe', errors: { 'recipient.phone.number': ['Nieprawidłowa wartość'] } }), '422'),
    errorActor('save', httpError(451, { message: 'country_not_allowed' }), '451'),
    errorActor('save', httpError(500, { message: 'Server Error' }), '500'),
  ],
  key: shipmentKey,
})
