import { DIAL_CODE } from '../../src/contract/constants/shipments.ts'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate'
import type { Invocation } from '../../machines/graph/replay.ts'
import { SHIPMENT_MSG } from '../../src/contract/messages/shipments.ts'
import type { ShipmentView } from '../../src/contract/schemas/shipments.ts'
import { validateForm, connectShipmentForm, draftOf, emptyDraft, requestOf, partyKey, shipmentFormMachine, type ShipmentDraft, type ShipmentFormContext, type ShipmentFormEvent } from '../../machines/shipmentsForm.ts'
import { companyReturn, countries, homeDelivery, lockerDelivery, shipmentFormSamples } from '../../machines/shipmentsForm.samples.ts'
import { describeModel } from './model.ts'

const isReturn = (s: number) => s === 2 || s === 4
const isLocker = (s: number) => s === 3 || s === 4
const entered = (d: ShipmentDraft) => (isReturn(d.delivery_service) ? 'sender' : 'recipient')
const notEntered = (d: ShipmentDraft) => (isReturn(d.delivery_service) ? 'recipient' : 'sender')

/**
 * The fields the shipment form requires, written out on their own (not through the schema), keyed as
 * the spec keys server errors: recipient.name, parcels.0.weight.declared, ... Phone: 6 to 12 digits.
 */
function expectedErrorKeys(d: ShipmentDraft, cod: boolean): string[] {
  const keys: string[] = []
  const key = entered(d)
  const p = d[key]
  if (!p) keys.push(key)
  else {
    if (!p.name) keys.push(`${key}.name`)
    if (!/^\d{6,12}$/.test(p.phone.number)) keys.push(`${key}.phone.number`)
    if (isLocker(d.delivery_service) && !p.locker) keys.push(`${key}.locker`)
    if (!isLocker(d.delivery_service) && (!p.address?.locality || !p.address.details.trim())) keys.push(`${key}.address`)
    if (!p.private_person && !p.contact_name?.trim()) keys.push(`${key}.contact_name`)
  }
  if (!d.content.declared_content) keys.push('content.declared_content')
  if (cod && !(d.content.cash_on_delivery_value > 0)) keys.push('content.cash_on_delivery_value')
  d.parcels.forEach((parcel, i) => {
    if (!(parcel.weight.declared >= 0.1)) keys.push(`parcels.${i}.weight.declared`)
    for (const f of ['height', 'width', 'length'] as const) if (!(parcel.dimensions.declared[f] >= 10)) keys.push(`parcels.${i}.dimensions.declared.${f}`)
  })
  if (isLocker(d.delivery_service) && d.parcels.length > 1) keys.push('parcels')
  return keys.sort()
}

const get = (obj: unknown, path: string[]): unknown => path.reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], obj)
const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ShipmentFormContext | undefined
const sorted = (o: object) => Object.keys(o).sort()

describeModel(shipmentFormMachine, shipmentFormSamples, {
  check: ({ path, event, snapshot, prev, calls, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const d = c.draft
    const input = path.input as { mode: 'create' | 'edit'; editable: boolean; draft?: ShipmentDraft; clientId?: number }
    const editing = snapshot.matches('editing')
    // The connect function's flags follow the tags.
    const api = connectShipmentForm(snapshot as Parameters<typeof connectShipmentForm>[0], () => {})
    expect(api.disabled).toBe(!editing)
    expect(api.isSubmitting).toBe(snapshot.matches('submitting'))
    expect(api.canAddParcel).toBe(snapshot.can({ type: 'ADD_PARCEL' }))
    expect(api.party).toBe(d[entered(d)])

    // ---- what every state keeps ----
    // Only the entered party exists: the sender for returns, the recipient otherwise.
    expect(d[notEntered(d)]).toBeNull()
    // A private person has no contact name.
    if (d[entered(d)]?.private_person) expect(d[entered(d)]!.contact_name ?? null).toBeNull()
    // Unticked cash on delivery means no amount.
    if (!c.cod) expect(d.content.cash_on_delivery_value).toBe(0)
    // Parcels are numbered 1..n; a locker service carries one parcel, any service at most 20.
    expect(d.parcels.map((p) => p.in_shipment_order)).toEqual(d.parcels.map((_, i) => i + 1))
    // A locker service with more parcels (switched to from a home service) cannot be sent until they go.
    if (isLocker(d.delivery_service) && d.parcels.length > 1) expect(validateForm(d, c.cod).ok).toBe(false)
    expect(d.parcels.length).toBeLessThanOrEqual(20)
    // 'Dodaj kolejną przesyłkę': not for locker services, not at 20 parcels.
    expect(snapshot.can({ type: 'ADD_PARCEL' })).toBe(editing && !isLocker(d.delivery_service) && d.parcels.length < 20)
    // Every row but the first can be removed.
    expect(snapshot.can({ type: 'REMOVE_PARCEL', index: 0 })).toBe(false)
    expect(snapshot.can({ type: 'REMOVE_PARCEL', index: 1 })).toBe(editing && d.parcels.length > 1)
    // Service, country and client are chosen when creating only.
    for (const e of [{ type: 'SET_SERVICE', service: 2 }, { type: 'SET_COUNTRY', countryId: 1 }, { type: 'SET_CLIENT', clientId: 3 }] as const)
      expect(snapshot.can(e), e.type).toBe(editing && input.mode === 'create')
    // Read-only: no edit is accepted at all.
    if (!input.editable) for (const e of shipmentFormSamples.events) expect(snapshot.can(e as never)).toBe(false)
    // Shown errors are keyed like the spec.
    for (const k of Object.keys(c.errors))
      expect(k).toMatch(/^((sender|recipient)(\.[a-z_.]+)?|content\.[a-z_]+|parcels(\.\d+\.(weight\.declared|dimensions\.declared\.(height|width|length)))?)$/)
    // Toasts: the success messages of the shipment form, and a failure toast of the message on show.
    for (const call of calls) {
      if (call.name === 'notifySaved') expect(call.params).toEqual({ message: input.mode === 'create' ? 'Przesyłka została utworzona poprawnie!' : 'Pomyślnie zapisano zmiany!' })
      if (call.name === 'notifyFailed') expect(call.params).toEqual({ message: (call.context as ShipmentFormContext).message })
    }

    const same = (keys: (keyof ShipmentDraft)[]) => {
      for (const k of keys) expect(d[k], `draft.${k} unchanged`).toEqual(before!.draft[k])
    }

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe(input.editable ? 'editing' : 'readOnly')
        expect(d).toEqual(input.draft ?? emptyDraft(input.clientId ?? null))
        expect(c.cod).toBe((input.draft?.content.cash_on_delivery_value ?? 0) > 0)
        expect(c.errors).toEqual({})
        expect(c.message).toBeNull()
        break
      case 'SET_SERVICE': {
        const { service } = event as Extract<ShipmentFormEvent, { type: 'SET_SERVICE' }>
        expect(d.delivery_service).toBe(service)
        // What was entered stays, now as the party this service asks for.
        expect(d[partyKey(service)]).toEqual(before!.draft.sender ?? before!.draft.recipient)
        // No parcel is dropped; a locker service with several says why it cannot be sent.
        expect(d.parcels).toEqual(before!.draft.parcels)
        expect(c.errors).toEqual(isLocker(service) && d.parcels.length > 1 ? { parcels: [SHIPMENT_MSG.lockerMultiPack] } : {})
        expect(c.message).toBeNull()
        same(['content', 'client_id', 'additional_data'])
        break
      }
      case 'SET_COUNTRY': {
        const { countryId } = event as Extract<ShipmentFormEvent, { type: 'SET_COUNTRY' }>
        const country = countries.find((x) => x.id === countryId)!
        const key = entered(d)
        const was = before!.draft[key]
        // The currency follows the country; locker, locality and postal code of the party are cleared.
        expect(d.content.currency).toBe(country.currency)
        expect(d[key]!.country).toEqual({ id: countryId })
        expect(d[key]!.locker).toBeNull()
        expect(d[key]!.address).toEqual({ locality: null, postal_code: '', details: was?.address?.details ?? '' })
        // The phone prefix becomes the country's dialling code; the number stays.
        expect(d[key]!.phone).toEqual({ prefix: DIAL_CODE[country.iso_code] ?? (was ?? d[key]!).phone.prefix, number: was?.phone.number ?? '' })
        if (was) expect({ ...d[key], country: null, locker: null, address: null, phone: null }).toEqual({ ...was, country: null, locker: null, address: null, phone: null })
        same(['delivery_service', 'parcels', 'client_id'])
        break
      }
      case 'SET_CLIENT':
        expect(d.client_id).toBe((event as Extract<ShipmentFormEvent, { type: 'SET_CLIENT' }>).clientId)
        expect(api.client?.id ?? null).toBe(d.client_id)
        same(['delivery_service', 'sender', 'recipient', 'content', 'parcels'])
        break
      case 'SET': {
        const e = event as Extract<ShipmentFormEvent, { type: 'SET' }>
        const [root, ...rest] = e.path.split('.')
        const target = root === 'party' ? entered(d) : root!
        const field = [target, ...rest].join('.')
        expect(root === 'party' ? before!.draft[entered(d)] : true, 'party fields only once the party block shows').toBeTruthy()
        const hidesContact = field === `${target}.private_person` && e.value === true
        expect(get(d, [target, ...rest])).toEqual(e.value)
        if (hidesContact) expect(d[entered(d)]!.contact_name).toBeNull()
        // The edited field's error goes; the others stay.
        const gone = new Set([field, ...(d[entered(d)]?.private_person ? [`${entered(d)}.contact_name`] : [])])
        expect(c.errors).toEqual(Object.fromEntries(Object.entries(before!.errors).filter(([k]) => !gone.has(k))))
        same(['delivery_service', 'parcels', 'client_id'])
        break
      }
      case 'TOGGLE_COD': {
        const { on } = event as Extract<ShipmentFormEvent, { type: 'TOGGLE_COD' }>
        expect(c.cod).toBe(on)
        expect(d.content.cash_on_delivery_value).toBe(on ? before!.draft.content.cash_on_delivery_value : 0)
        if (!on) expect(c.errors['content.cash_on_delivery_value']).toBeUndefined()
        break
      }
      case 'CHOOSE_LOCALITY': {
        const { locality } = event as Extract<ShipmentFormEvent, { type: 'CHOOSE_LOCALITY' }>
        expect(isLocker(d.delivery_service)).toBe(false)
        const key = entered(d)
        expect(d[key]!.address).toEqual({ locality: { id: locality.id, name: locality.name }, postal_code: locality.postal_code, details: before!.draft[key]!.address?.details ?? '' })
        break
      }
      case 'CHOOSE_LOCKER': {
        const { locker } = event as Extract<ShipmentFormEvent, { type: 'CHOOSE_LOCKER' }>
        expect(isLocker(d.delivery_service)).toBe(true)
        expect(d[entered(d)]!.locker).toEqual(locker)
        break
      }
      case 'ADD_PARCEL':
        // A new parcel: next number, declared weight and dimensions 0.
        expect(d.parcels).toEqual([
          ...before!.draft.parcels,
          { in_shipment_order: before!.draft.parcels.length + 1, weight: { declared: 0 }, dimensions: { declared: { height: 0, width: 0, length: 0 } } },
        ])
        break
      case 'REMOVE_PARCEL': {
        const { index } = event as Extract<ShipmentFormEvent, { type: 'REMOVE_PARCEL' }>
        expect(index).toBeGreaterThan(0)
        const left = before!.draft.parcels.filter((_, i) => i !== index)
        expect(d.parcels).toEqual(left.map((p, i) => ({ ...p, in_shipment_order: i + 1 })))
        expect(Object.keys(c.errors).filter((k) => k.startsWith('parcels.'))).toEqual([])
        break
      }
      case 'SET_PARCEL': {
        const { index, field, value } = event as Extract<ShipmentFormEvent, { type: 'SET_PARCEL' }>
        const p = d.parcels[index]!
        expect(field === 'weight' ? p.weight.declared : p.dimensions.declared[field]).toBe(value)
        expect(d.parcels.filter((_, i) => i !== index)).toEqual(before!.draft.parcels.filter((_, i) => i !== index))
        expect(c.errors[field === 'weight' ? `parcels.${index}.weight.declared` : `parcels.${index}.dimensions.declared.${field}`]).toBeUndefined()
        break
      }
      case 'SUBMIT': {
        const missing = expectedErrorKeys(before!.draft, before!.cod)
        if (missing.length === 0) {
          expect(snapshot.value).toBe('submitting')
          expect(invoked).toEqual<Invocation[]>([{ id: 'save', src: 'save', input: { mode: input.mode, draft: d } }])
          expect(c.errors).toEqual({})
          expect(c.message).toBeNull()
        } else {
          // Stays in the form with the field errors and 'Dane przesyłki są nieprawidłowe'.
          expect(snapshot.value).toBe('editing')
          expect(sorted(c.errors)).toEqual(missing)
          expect(c.message).toBe('Dane przesyłki są nieprawidłowe')
          expect(invoked).toEqual([])
        }
        expect(d).toEqual(before!.draft)
        break
      }
      case 'xstate.done.actor.save': {
        const out = (event as unknown as { output: { internal_waybill: string } }).output
        expect(calls.map((x) => x.name)).toEqual(['notifySaved'])
        if (input.mode === 'create') {
          // Created: the view goes to /shipment/{internal_waybill}.
          expect(snapshot.value).toBe('saved')
          expect(snapshot.status).toBe('done')
          expect(c.internalWaybill).toBe(out.internal_waybill)
        } else {
          expect(snapshot.value).toBe('editing')
          expect(c.internalWaybill).toBeNull()
        }
        break
      }
      case 'xstate.error.actor.save': {
        const err = (event as unknown as { error: { status: number; data: { errors?: Record<string, string[]> } } }).error
        expect(snapshot.value).toBe('editing')
        expect(calls.map((x) => x.name)).toEqual(['notifyFailed'])
        expect(d).toEqual(before!.draft)
        if (err.status === 422) {
          // Server field errors shown per field, plus the form message.
          expect(c.errors).toEqual(err.data.errors)
          expect(c.message).toBe('Dane przesyłki są nieprawidłowe')
        } else if (err.status === 451) {
          expect(c.message).toBe('Nadawanie do tego kraju jest niedozwolone!')
          expect(c.errors).toEqual({})
        } else {
          expect(c.message).toBe(input.mode === 'edit' ? 'Nie można zapisać zmian!' : 'Server Error')
          expect(c.errors).toEqual({})
        }
        break
      }
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

// ---- by hand ---------------------------------------------------------------------------------------

const start = (input: Parameters<typeof createActor<typeof shipmentFormMachine>>[1] extends infer O ? (O extends { input?: infer I } ? I : never) : never) =>
  createActor(shipmentFormMachine, { input }).start()

describe('shipmentForm, by hand', () => {
  it('creating each service: the recipient is entered for 1 and 3, the sender for returns 2 and 4', () => {
    for (const service of [1, 2, 3, 4] as const) {
      const actor = start({ mode: 'create', editable: true, countries, clientId: 1 })
      actor.send({ type: 'SET_SERVICE', service })
      actor.send({ type: 'SET_COUNTRY', countryId: 4 })
      actor.send({ type: 'SET', path: 'party.name', value: 'Petar Ivanov' })
      const d = actor.getSnapshot().context.draft
      const [enteredKey, otherKey] = service === 2 || service === 4 ? (['sender', 'recipient'] as const) : (['recipient', 'sender'] as const)
      expect(d[enteredKey]?.name, `service ${service}`).toBe('Petar Ivanov')
      expect(d[enteredKey]?.country).toEqual({ id: 4 })
      expect(d[otherKey]).toBeNull()
      expect(d.content.currency).toBe('BGN')
    }
  })

  it('an empty submit names every missing field as the spec keys them', () => {
    const actor = start({ mode: 'create', editable: true, countries, clientId: 1 })
    actor.send({ type: 'SET_COUNTRY', countryId: 1 })
    actor.send({ type: 'SUBMIT' })
    const { errors, message } = actor.getSnapshot().context
    expect(message).toBe('Dane przesyłki są nieprawidłowe')
    expect(Object.keys(errors).sort()).toEqual(
      [
        'recipient.name',
        'recipient.phone.number',
        'recipient.address',
        'content.declared_content',
        'parcels.0.weight.declared',
        'parcels.0.dimensions.declared.height',
        'parcels.0.dimensions.declared.width',
        'parcels.0.dimensions.declared.length',
      ].sort(),
    )
  })

  it('a locker service with a second parcel is refused with the multi-pack message', () => {
    const actor = start({ mode: 'create', editable: true, countries, draft: { ...lockerDelivery, parcels: [...lockerDelivery.parcels, { ...lockerDelivery.parcels[0]!, in_shipment_order: 2 }] } })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errors.parcels).toEqual(['Nie można nadać wielopaka z i do automatu paczkowego!'])
  })

  it('switching home → locker with 2 parcels keeps both and says "Nie można nadać wielopaka…" at once; removing the second clears it', () => {
    const home = start({ mode: 'create', editable: true, countries, draft: homeDelivery })
    home.send({ type: 'ADD_PARCEL' })
    home.send({ type: 'SET_PARCEL', index: 1, field: 'weight', value: 2 })
    const parcels = home.getSnapshot().context.draft.parcels
    home.send({ type: 'SET_SERVICE', service: 3 })
    expect(home.getSnapshot().context.draft.parcels).toEqual(parcels)
    expect(home.getSnapshot().context.errors).toEqual({ parcels: [SHIPMENT_MSG.lockerMultiPack] })
    home.send({ type: 'CHOOSE_LOCKER', locker: { id: 1, name: 'Locker' } })
    home.send({ type: 'SUBMIT' })
    expect(home.getSnapshot().value).toBe('editing')
    expect(home.getSnapshot().context.errors.parcels).toEqual([SHIPMENT_MSG.lockerMultiPack])
    home.send({ type: 'REMOVE_PARCEL', index: 1 })
    expect(home.getSnapshot().context.errors.parcels).toBeUndefined()
  })

  it('cash on delivery with more than 2 decimals, or 0 while ticked, is refused (never rounded)', () => {
    for (const [value, message] of [[123.456789, SHIPMENT_MSG.amountScale(2)], [0.001, SHIPMENT_MSG.amountScale(2)], [0, 'Pole jest wymagane']] as const) {
      const actor = start({ mode: 'create', editable: true, countries, draft: homeDelivery })
      actor.send({ type: 'TOGGLE_COD', on: true })
      actor.send({ type: 'SET', path: 'content.cash_on_delivery_value', value })
      actor.send({ type: 'SUBMIT' })
      expect(actor.getSnapshot().value, String(value)).toBe('editing')
      expect(actor.getSnapshot().context.errors['content.cash_on_delivery_value'], String(value)).toEqual([message])
      expect(actor.getSnapshot().context.draft.content.cash_on_delivery_value).toBe(value)
    }
  })

  it('ADD_PARCEL stops at 20 parcels', () => {
    const actor = start({ mode: 'create', editable: true, countries, draft: homeDelivery })
    for (let i = 0; i < 25; i++) actor.send({ type: 'ADD_PARCEL' })
    expect(actor.getSnapshot().context.draft.parcels).toHaveLength(20)
  })

  it('cash on delivery: the amount is required while ticked, set to 0 when unticked', () => {
    const actor = start({ mode: 'create', editable: true, countries, draft: homeDelivery })
    actor.send({ type: 'SET', path: 'content.cash_on_delivery_value', value: 99 })
    expect(actor.getSnapshot().context.draft.content.cash_on_delivery_value).toBe(0)
    actor.send({ type: 'TOGGLE_COD', on: true })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.errors).toEqual({ 'content.cash_on_delivery_value': ['Pole jest wymagane'] })
    actor.send({ type: 'SET', path: 'content.cash_on_delivery_value', value: 99 })
    expect(actor.getSnapshot().context.errors).toEqual({})
    actor.send({ type: 'TOGGLE_COD', on: false })
    expect(actor.getSnapshot().context.draft.content.cash_on_delivery_value).toBe(0)
  })

  it('a SET writes only the party, content and additional data: edit mode cannot change the service through it', () => {
    const actor = start({ mode: 'edit', editable: true, countries, draft: companyReturn })
    for (const path of ['delivery_service', 'client_id', 'parcels', 'sender', 'recipient.name', 'content'])
      expect(actor.getSnapshot().can({ type: 'SET', path, value: 3 }), path).toBe(false)
    actor.send({ type: 'SET', path: 'additional_data.note', value: 'Pilne' })
    expect(actor.getSnapshot().context.draft.additional_data.note).toBe('Pilne')
    expect(actor.getSnapshot().context.draft.delivery_service).toBe(2)
  })

  it('party fields wait for the party block: nothing is set before a country is chosen', () => {
    const actor = start({ mode: 'create', editable: true, countries, clientId: 1 })
    expect(actor.getSnapshot().can({ type: 'SET', path: 'party.name', value: 'X' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'CHOOSE_LOCALITY', locality: { id: 1, name: 'X', postal_code: '1' } })).toBe(false)
  })

  it('a 422 shows the server field errors; editing a field takes its error away, the others stay', async () => {
    const actor = createActor(
      shipmentFormMachine.provide({
        actors: {
          save: fromPromise<{ internal_waybill: string }, { mode: 'create' | 'edit'; draft: ShipmentDraft }>(async () => {
            throw Object.assign(new Error('422'), {
              status: 422,
              data: { message: 'Przesłane dane są nieprawidłowe', errors: { 'sender.phone.number': ['Nieprawidłowa wartość'], 'content.declared_value': ['Minimalna wartość to 0'] } },
            })
          }),
        },
      }),
      { input: { mode: 'edit', editable: true, countries, draft: companyReturn } },
    ).start()
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('editing') && s.context.message !== null)
    expect(actor.getSnapshot().context.message).toBe('Dane przesyłki są nieprawidłowe')
    actor.send({ type: 'SET', path: 'party.phone.number', value: '301234568' })
    expect(actor.getSnapshot().context.errors).toEqual({ 'content.declared_value': ['Minimalna wartość to 0'] })
  })

  it('create: the real save answers; the form ends in saved with the new number', async () => {
    const saved: unknown[] = []
    const actor = createActor(
      shipmentFormMachine.provide({
        actors: { save: fromPromise(async ({ input }) => (saved.push(input), { internal_waybill: 'RE100000099' })) },
      }),
      { input: { mode: 'create', editable: true, countries, draft: homeDelivery } },
    ).start()
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().context.internalWaybill).toBe('RE100000099')
    expect(saved).toEqual([{ mode: 'create', draft: homeDelivery }])
  })
})

describe('shipmentForm: money between the wire and the draft', () => {
  const shipment: ShipmentView = {
    id: 7,
    client: { id: 3, name: 'Sklep' },
    delivery_service: 1,
    sender: null,
    recipient: null,
    content: { declared_content: 'Książki', declared_value: '120.50', cash_on_delivery_value: '99.99', currency: 'RON' },
    additional_data: null,
    parcels: [],
    waybill: 'RE1',
    external_couriers: { first_mile: null, last_mile: null },
    internal_info: { creator: 'a', is_emag: false, is_return: false, shipment_id: 7, parcel_id: null, processable: true, correctly_requested_at: null, error_message: null },
    created_at: '2026-01-01T00:00:00Z',
    deleted_at: null,
  }

  it('the shipment a form edits: the reply\'s decimal text becomes the draft\'s numbers, and cash on delivery is ticked', () => {
    const actor = start({ mode: 'edit', editable: true, countries, shipment })
    const { draft, cod } = actor.getSnapshot().context
    expect(draft).toEqual(draftOf(shipment))
    expect(draft.content).toEqual({ declared_content: 'Książki', declared_value: 120.5, cash_on_delivery_value: 99.99, currency: 'RON' })
    expect(cod).toBe(true)
  })

  it('the request carries money as decimal text with two places', () => {
    const draft = { ...homeDelivery, content: { ...homeDelivery.content, declared_value: 120.5, cash_on_delivery_value: 0 } }
    expect(requestOf(draft).content).toMatchObject({ declared_value: '120.50', cash_on_delivery_value: '0.00' })
  })
})
