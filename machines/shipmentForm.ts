import { assign, fromPromise, setup } from 'xstate'
import { SHIPMENT } from '../src/contract/constants.ts'
import { SHIPMENT_MSG } from '../src/contract/messages/shipment.ts'
import { type ParcelInput, type Party, ShipmentCreateRequest, isLockerService, isReturnService } from '../src/contract/schemas/shipment.ts'
import { type FieldErrors, decode } from '../src/contract/validation.ts'

/**
 * The shipment form (S3 §2.2, §4, §5): create for the four delivery services, edit while the
 * rules allow, read-only otherwise. The draft has the request's shape; the same schema the server
 * decodes with validates it here.
 */
export interface CountryOption {
  id: number
  name: string
  iso_code: string
  currency: string
}

export interface ShipmentDraft {
  id?: number
  delivery_service: 1 | 2 | 3 | 4
  client_id: number | null
  sender: Party | null
  recipient: Party | null
  content: { declared_content: string; declared_value: number; cash_on_delivery_value: number; currency: string }
  additional_data: { note: string | null; first_reference_number: string | null; second_reference_number: string | null }
  parcels: ParcelInput[]
}

export interface ShipmentFormContext {
  mode: 'create' | 'edit'
  editable: boolean
  draft: ShipmentDraft
  /** Cash on delivery ticked (unticking sets the amount to 0). */
  cod: boolean
  countries: readonly CountryOption[]
  /** Field errors of the last submit (server 422 merged in), keyed like the spec: recipient.name, parcels.0.weight.declared ... */
  errors: FieldErrors
  /** Form-level message: 'Dane przesyłki są nieprawidłowe', 451 'Nadawanie do tego kraju jest niedozwolone!', ... */
  message: string | null
  /** After create: the new shipment's number (the view goes to /shipment/{internal_waybill}). */
  internalWaybill: string | null
}

export type ShipmentFormEvent =
  | { type: 'SET_SERVICE'; service: 1 | 2 | 3 | 4 }
  | { type: 'SET_COUNTRY'; countryId: number }
  | { type: 'SET_CLIENT'; clientId: number | null }
  /** Sets a field of the entered party, the content or additional data by dotted path (e.g. 'party.phone.number', 'content.declared_value'). */
  | { type: 'SET'; path: string; value: unknown }
  | { type: 'TOGGLE_COD'; on: boolean }
  | { type: 'CHOOSE_LOCALITY'; locality: { id: number; name: string; postal_code: string } }
  | { type: 'CHOOSE_LOCKER'; locker: { id: number; name: string } | null }
  | { type: 'ADD_PARCEL' }
  | { type: 'REMOVE_PARCEL'; index: number }
  | { type: 'SET_PARCEL'; index: number; field: 'weight' | 'height' | 'width' | 'length'; value: number }
  | { type: 'SUBMIT' }

export const emptyParty = (countryId: number): Party => ({
  name: '',
  private_person: true,
  contact_name: null,
  email: '',
  phone: { prefix: '+40', number: '' },
  address: { locality: null, postal_code: '', details: '' },
  country: { id: countryId },
  locker: null,
})

export const newParcel = (order: number): ParcelInput => ({
  in_shipment_order: order,
  weight: { declared: 0 },
  dimensions: { declared: { height: 0, width: 0, length: 0 } },
})

export const emptyDraft = (clientId: number | null = null): ShipmentDraft => ({
  delivery_service: 1,
  client_id: clientId,
  sender: null,
  recipient: null,
  content: { declared_content: '', declared_value: 0, cash_on_delivery_value: 0, currency: 'PLN' },
  additional_data: { note: null, first_reference_number: null, second_reference_number: null },
  parcels: [newParcel(1)],
})

/** Which party the user enters: the sender for returns, the recipient otherwise (S3 §2.2). */
export const partyKey = (service: number) => (isReturnService(service) ? 'sender' : 'recipient') as 'sender' | 'recipient'

const setIn = (obj: unknown, path: string[], value: unknown): unknown => {
  if (path.length === 0) return value
  const [head, ...rest] = path
  const base = (obj ?? {}) as Record<string, unknown>
  return { ...base, [head!]: setIn(base[head!], rest, value) }
}

export const validateDraft = (d: ShipmentDraft) => decode(ShipmentCreateRequest, d)
export const canAddParcel = (d: ShipmentDraft) => !isLockerService(d.delivery_service) && d.parcels.length < SHIPMENT.maxParcels

export const shipmentFormMachine = setup({
  types: {
    context: {} as ShipmentFormContext,
    events: {} as ShipmentFormEvent,
    input: {} as { mode: 'create' | 'edit'; editable: boolean; draft?: ShipmentDraft; countries: readonly CountryOption[]; clientId?: number | null },
  },
  actors: {
    /** POST /app/v2/shipment/ (create) or PUT (edit); resolves with the internal waybill. */
    save: fromPromise<{ internal_waybill: string }, { mode: 'create' | 'edit'; draft: ShipmentDraft }>(async () => {
      throw new Error('save not provided')
    }),
  },
  guards: {
    editable: ({ context }) => context.editable,
    canAddParcel: ({ context }) => context.editable && canAddParcel(context.draft),
    canRemoveParcel: ({ context, event }) => context.editable && event.type === 'REMOVE_PARCEL' && event.index > 0 && event.index < context.draft.parcels.length,
    draftValid: ({ context }) => validateDraft(context.draft).ok,
    isCreate: ({ context }) => context.mode === 'create',
  },
  actions: {
    setService: assign(({ context, event }) => {
      if (event.type !== 'SET_SERVICE') return {}
      const key = partyKey(event.service)
      const other = key === 'sender' ? 'recipient' : 'sender'
      const countryId = (context.draft[key] ?? context.draft[other])?.country.id
      const party = context.draft[key] ?? context.draft[other] ?? (countryId ? emptyParty(countryId) : null)
      // Lockers carry one parcel: extra rows go when switching to a locker service.
      const parcels = isLockerService(event.service) ? context.draft.parcels.slice(0, 1) : context.draft.parcels
      return { draft: { ...context.draft, delivery_service: event.service, [key]: party, [other]: null, parcels }, errors: {}, message: null }
    }),
    /** Country change resets the currency and clears locker, locality and postal code of the party (S3 §4). */
    setCountry: assign(({ context, event }) => {
      if (event.type !== 'SET_COUNTRY') return {}
      const key = partyKey(context.draft.delivery_service)
      const country = context.countries.find((c) => c.id === event.countryId)
      const prev = context.draft[key] ?? emptyParty(event.countryId)
      const party: Party = {
        ...prev,
        country: { id: event.countryId },
        locker: null,
        address: { locality: null, postal_code: '', details: prev.address?.details ?? '' },
      }
      return { draft: { ...context.draft, [key]: party, content: { ...context.draft.content, currency: country?.currency ?? context.draft.content.currency } } }
    }),
    setClient: assign(({ context, event }) => (event.type === 'SET_CLIENT' ? { draft: { ...context.draft, client_id: event.clientId } } : {})),
    setField: assign(({ context, event }) => {
      if (event.type !== 'SET') return {}
      const [root, ...rest] = event.path.split('.')
      const target = root === 'party' ? partyKey(context.draft.delivery_service) : root!
      let draft = setIn(context.draft, [target, ...rest], event.value) as ShipmentDraft
      // A private person has no contact name (S3 §2.2: 'Firma' = Nie hides it).
      const party = draft[partyKey(draft.delivery_service)]
      if (party?.private_person && party.contact_name) draft = setIn(draft, [partyKey(draft.delivery_service), 'contact_name'], null) as ShipmentDraft
      const errors = { ...context.errors }
      delete errors[[target, ...rest].join('.')]
      return { draft, errors }
    }),
    toggleCod: assign(({ context, event }) =>
      event.type === 'TOGGLE_COD'
        ? { cod: event.on, draft: event.on ? context.draft : { ...context.draft, content: { ...context.draft.content, cash_on_delivery_value: 0 } } }
        : {},
    ),
    chooseLocality: assign(({ context, event }) => {
      if (event.type !== 'CHOOSE_LOCALITY') return {}
      const key = partyKey(context.draft.delivery_service)
      const p = context.draft[key]
      if (!p) return {}
      return {
        draft: {
          ...context.draft,
          [key]: { ...p, address: { details: p.address?.details ?? '', locality: { id: event.locality.id, name: event.locality.name }, postal_code: event.locality.postal_code } },
        },
      }
    }),
    chooseLocker: assign(({ context, event }) => {
      if (event.type !== 'CHOOSE_LOCKER') return {}
      const key = partyKey(context.draft.delivery_service)
      const p = context.draft[key]
      return p ? { draft: { ...context.draft, [key]: { ...p, locker: event.locker } } } : {}
    }),
    addParcel: assign(({ context }) => ({ draft: { ...context.draft, parcels: [...context.draft.parcels, newParcel(context.draft.parcels.length + 1)] } })),
    removeParcel: assign(({ context, event }) =>
      event.type === 'REMOVE_PARCEL'
        ? { draft: { ...context.draft, parcels: context.draft.parcels.filter((_, i) => i !== event.index).map((p, i) => ({ ...p, in_shipment_order: i + 1 })) } }
        : {},
    ),
    setParcel: assign(({ context, event }) => {
      if (event.type !== 'SET_PARCEL') return {}
      const parcels = context.draft.parcels.map((p, i) =>
        i !== event.index
          ? p
          : event.field === 'weight'
            ? { ...p, weight: { declared: event.value } }
            : { ...p, dimensions: { declared: { ...p.dimensions.declared, [event.field]: event.value } } },
      )
      return { draft: { ...context.draft, parcels } }
    }),
    /** Toast 'Przesyłka została utworzona poprawnie!' / 'Pomyślnie zapisano zmiany!'; provided by the web. */
    notifySaved: () => {},
    /** Toast of `message`; provided by the web. */
    notifyFailed: () => {},
    showValidation: assign(({ context }) => {
      const r = validateDraft(context.draft)
      return r.ok ? { errors: {}, message: null } : { errors: r.errors, message: SHIPMENT_MSG.invalid }
    }),
  },
}).createMachine({
  id: 'shipmentForm',
  context: ({ input }) => ({
    mode: input.mode,
    editable: input.editable,
    draft: input.draft ?? emptyDraft(input.clientId ?? null),
    cod: (input.draft?.content.cash_on_delivery_value ?? 0) > 0,
    countries: input.countries,
    errors: {},
    message: null,
    internalWaybill: null,
  }),
  initial: 'routing',
  states: {
    routing: { always: [{ guard: 'editable', target: 'editing' }, { target: 'readOnly' }] },
    readOnly: {},
    editing: {
      on: {
        SET_SERVICE: { guard: 'isCreate', actions: 'setService' },
        SET_COUNTRY: { guard: 'isCreate', actions: 'setCountry' },
        SET_CLIENT: { guard: 'isCreate', actions: 'setClient' },
        SET: { actions: 'setField' },
        TOGGLE_COD: { actions: 'toggleCod' },
        CHOOSE_LOCALITY: { actions: 'chooseLocality' },
        CHOOSE_LOCKER: { actions: 'chooseLocker' },
        ADD_PARCEL: { guard: 'canAddParcel', actions: 'addParcel' },
        REMOVE_PARCEL: { guard: 'canRemoveParcel', actions: 'removeParcel' },
        SET_PARCEL: { actions: 'setParcel' },
        SUBMIT: [{ guard: 'draftValid', target: 'submitting', actions: assign({ errors: {}, message: null }) }, { actions: 'showValidation' }],
      },
    },
    submitting: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ mode: context.mode, draft: context.draft }),
        onDone: [
          { guard: 'isCreate', target: 'saved', actions: [assign({ internalWaybill: ({ event }) => event.output.internal_waybill }), 'notifySaved'] },
          { target: 'editing', actions: 'notifySaved' },
        ],
        onError: {
          target: 'editing',
          actions: [assign(({ event }) => {
            const e = event.error as { status?: number; data?: { errors?: FieldErrors; message?: string } }
            if (e?.status === 451) return { message: SHIPMENT_MSG.countryNotAllowed, errors: {} }
            if (e?.status === 422) return { message: SHIPMENT_MSG.invalid, errors: e.data?.errors ?? {} }
            return { message: e?.data?.message ?? SHIPMENT_MSG.updateFailed, errors: {} }
          }), 'notifyFailed'],
        },
      },
    },
    /** Created: the view goes to /shipment/{internalWaybill}. */
    saved: { type: 'final' },
  },
})
