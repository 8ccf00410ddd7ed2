import { assign, fromPromise, setup } from 'xstate'
import { DIAL_CODE, SHIPMENT } from '../src/contract/constants/shipments.ts'
import { MSG } from '../src/contract/messages.ts'
import { SHIPMENT_MSG } from '../src/contract/messages/shipments.ts'
import { type ParcelInput, type Party, ShipmentCreateRequest, type ShipmentView, isLockerService, isReturnService, shipmentRuleIssues } from '../src/contract/schemas/shipments.ts'
import { type FieldErrors, decimalText, decode } from '../src/contract/validation.ts'

/**
 * The shipment form: create for the four delivery services, edit while the
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
  /** The client chosen by staff creating a shipment (the chooser shows it), or the shipment's client. */
  client: { id: number; name: string } | null
}

export type ShipmentFormEvent =
  | { type: 'SET_SERVICE'; service: 1 | 2 | 3 | 4 }
  | { type: 'SET_COUNTRY'; countryId: number }
  | { type: 'SET_CLIENT'; clientId: number | null; name?: string }
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

/** Which party the user enters: the sender for returns, the recipient otherwise. */
export const partyKey = (service: number) => (isReturnService(service) ? 'sender' : 'recipient') as 'sender' | 'recipient'

const setIn = (obj: unknown, path: string[], value: unknown): unknown => {
  if (path.length === 0) return value
  const [head, ...rest] = path
  const base = (obj ?? {}) as Record<string, unknown>
  return { ...base, [head!]: setIn(base[head!], rest, value) }
}

export const validateDraft = (d: ShipmentDraft) => decode(ShipmentCreateRequest, d)

const COD_FIELD = 'content.cash_on_delivery_value'

/**
 * The form's own check before a submit: the request schema with its rules across fields, and the
 * cash-on-delivery amount, required only when cash on delivery is ticked. Every error at
 * once, keyed like the spec.
 */
export function validateForm(draft: ShipmentDraft, cod: boolean): { ok: true } | { ok: false; errors: FieldErrors } {
  const r = validateDraft(draft)
  const errors: FieldErrors = r.ok ? {} : { ...r.errors }
  const add = (key: string, message: string) => void ((errors[key] ??= []).includes(message) || (errors[key] = [...errors[key], message]))
  // The rules across fields wait for every field to decode in the schema; the form shows them at once.
  if (!r.ok) for (const { path, issue } of shipmentRuleIssues(draft)) add(path.join('.'), issue)
  if (cod && !(draft.content.cash_on_delivery_value > 0)) add(COD_FIELD, MSG.required)
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true }
}

export const canAddParcel = (d: ShipmentDraft) => !isLockerService(d.delivery_service) && d.parcels.length < SHIPMENT.maxParcels

/** Roots a SET may write: the entered party, the content, the additional data (service, country, client and parcels have their own events). */
const SETTABLE = ['party', 'content', 'additional_data']

const withoutErrors = (errors: FieldErrors, drop: (key: string) => boolean): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !drop(k)))

/**
 * The draft of an existing shipment: the entered party (sender for returns, recipient otherwise),
 * content, parcels. The reply's money is decimal text; the draft holds it as numbers.
 */
export function draftOf(s: ShipmentView): ShipmentDraft {
  const service = (s.delivery_service ?? 1) as 1 | 2 | 3 | 4
  const key = partyKey(service)
  const view = s[key]
  const party: Party | null = view
    ? {
        name: view.name,
        private_person: view.private_person,
        contact_name: view.contact_name,
        email: view.email ?? '',
        phone: { prefix: view.phone.prefix, number: view.phone.number },
        address: view.address ? { locality: view.address.locality, postal_code: view.address.postal_code, details: view.address.details } : { locality: null, postal_code: '', details: '' },
        country: { id: view.country.id },
        locker: view.locker,
      }
    : null
  return {
    id: s.id ?? undefined,
    delivery_service: service,
    client_id: s.client?.id ?? null,
    sender: key === 'sender' ? party : null,
    recipient: key === 'recipient' ? party : null,
    content: s.content
      ? { ...s.content, declared_value: Number(s.content.declared_value), cash_on_delivery_value: Number(s.content.cash_on_delivery_value) }
      : { declared_content: '', declared_value: 0, cash_on_delivery_value: 0, currency: view?.country.currency ?? 'PLN' },
    additional_data: {
      note: s.additional_data?.note ?? null,
      first_reference_number: s.additional_data?.first_reference_number ?? null,
      second_reference_number: s.additional_data?.second_reference_number ?? null,
    },
    parcels: s.parcels.map((p) => ({
      in_shipment_order: p.in_shipment_order,
      weight: { declared: p.weight.declared },
      dimensions: { declared: { ...p.dimensions.declared } },
    })),
  }
}

/** The draft as POST/PUT app/v2/shipment/ take it: money back to decimal text with SHIPMENT.moneyScale places. */
export function requestOf(d: ShipmentDraft) {
  const money = (n: number) => decimalText(n, SHIPMENT.moneyScale)
  return {
    delivery_service: d.delivery_service,
    client_id: d.client_id,
    sender: d.sender,
    recipient: d.recipient,
    content: { ...d.content, declared_value: money(d.content.declared_value), cash_on_delivery_value: money(d.content.cash_on_delivery_value) },
    additional_data: d.additional_data,
    parcels: d.parcels,
  }
}

const draftFrom = (input: { draft?: ShipmentDraft; shipment?: ShipmentView | null; clientId?: number | null }) =>
  input.draft ?? (input.shipment ? draftOf(input.shipment) : emptyDraft(input.clientId ?? null))

export const shipmentFormMachine = setup({
  types: {
    context: {} as ShipmentFormContext,
    events: {} as ShipmentFormEvent,
    input: {} as {
      mode: 'create' | 'edit'
      editable: boolean
      draft?: ShipmentDraft
      /** The shipment being edited (its draft is made with draftOf). */
      shipment?: ShipmentView | null
      countries: readonly CountryOption[]
      clientId?: number | null
      client?: { id: number; name: string } | null
    },
  },
  actors: {
    /** POST /app/v2/shipment/ (create) or PUT (edit); resolves with the internal waybill. */
    save: fromPromise<{ internal_waybill: string }, { mode: 'create' | 'edit'; draft: ShipmentDraft }>(async () => {
      throw new Error('save not provided')
    }),
  },
  guards: {
    editable: ({ context }) => context.editable,
    /**
     * A SET writes a field the form shows: party fields once the party block is there (a country
     * chosen, or editing), the contact name of a company, the cash-on-delivery amount only while
     * cash on delivery is ticked.
     */
    canSet: ({ context, event }) => {
      if (event.type !== 'SET') return false
      const [root, ...rest] = event.path.split('.')
      if (!SETTABLE.includes(root!) || rest.length === 0) return false
      if (root === 'party' && !context.draft[partyKey(context.draft.delivery_service)]) return false
      if (event.path === COD_FIELD && !context.cod) return false
      // The contact name shows for a company only ('Firma' = Tak).
      if (event.path === 'party.contact_name' && context.draft[partyKey(context.draft.delivery_service)]?.private_person) return false
      return true
    },
    /** Home services choose a locality, locker services a locker, once the party block is there. */
    canChooseLocality: ({ context }) => !isLockerService(context.draft.delivery_service) && !!context.draft[partyKey(context.draft.delivery_service)],
    canChooseLocker: ({ context }) => isLockerService(context.draft.delivery_service) && !!context.draft[partyKey(context.draft.delivery_service)],
    parcelExists: ({ context, event }) => event.type === 'SET_PARCEL' && event.index >= 0 && event.index < context.draft.parcels.length,
    canAddParcel: ({ context }) => context.editable && canAddParcel(context.draft),
    canRemoveParcel: ({ context, event }) => context.editable && event.type === 'REMOVE_PARCEL' && event.index > 0 && event.index < context.draft.parcels.length,
    draftValid: ({ context }) => validateForm(context.draft, context.cod).ok,
    isCreate: ({ context }) => context.mode === 'create',
  },
  actions: {
    setService: assign(({ context, event }) => {
      if (event.type !== 'SET_SERVICE') return {}
      const key = partyKey(event.service)
      const other = key === 'sender' ? 'recipient' : 'sender'
      const countryId = (context.draft[key] ?? context.draft[other])?.country.id
      const party = context.draft[key] ?? context.draft[other] ?? (countryId ? emptyParty(countryId) : null)
      // Lockers carry one parcel: rows already entered stay (nothing typed is dropped) and the
      // form says why it cannot be sent until the extra rows are removed.
      const errors: FieldErrors = isLockerService(event.service) && context.draft.parcels.length > 1 ? { parcels: [SHIPMENT_MSG.lockerMultiPack] } : {}
      return { draft: { ...context.draft, delivery_service: event.service, [key]: party, [other]: null }, errors, message: null }
    }),
    /** Country change resets the currency and clears locker, locality and postal code of the party. */
    setCountry: assign(({ context, event }) => {
      if (event.type !== 'SET_COUNTRY') return {}
      const key = partyKey(context.draft.delivery_service)
      const country = context.countries.find((c) => c.id === event.countryId)
      const prev = context.draft[key] ?? emptyParty(event.countryId)
      const dialCode = country ? DIAL_CODE[country.iso_code] : undefined
      const party: Party = {
        ...prev,
        // The country's dialling code becomes the phone prefix (still editable afterwards).
        phone: dialCode ? { ...prev.phone, prefix: dialCode } : prev.phone,
        country: { id: event.countryId },
        locker: null,
        address: { locality: null, postal_code: '', details: prev.address?.details ?? '' },
      }
      return { draft: { ...context.draft, [key]: party, content: { ...context.draft.content, currency: country?.currency ?? context.draft.content.currency } } }
    }),
    setClient: assign(({ context, event }) =>
      event.type === 'SET_CLIENT'
        ? { draft: { ...context.draft, client_id: event.clientId }, client: event.clientId === null ? null : { id: event.clientId, name: event.name ?? '' } }
        : {},
    ),
    setField: assign(({ context, event }) => {
      if (event.type !== 'SET') return {}
      const [root, ...rest] = event.path.split('.')
      const target = root === 'party' ? partyKey(context.draft.delivery_service) : root!
      let draft = setIn(context.draft, [target, ...rest], event.value) as ShipmentDraft
      // A private person has no contact name ('Firma' = Nie hides it), nor its error.
      const key = partyKey(draft.delivery_service)
      const party = draft[key]
      if (party?.private_person && party.contact_name) draft = setIn(draft, [key, 'contact_name'], null) as ShipmentDraft
      const field = [target, ...rest].join('.')
      const hidden = party?.private_person ? `${key}.contact_name` : null
      return { draft, errors: withoutErrors(context.errors, (k) => k === field || k === hidden) }
    }),
    toggleCod: assign(({ context, event }) =>
      event.type === 'TOGGLE_COD'
        ? event.on
          ? { cod: true }
          : {
              cod: false,
              draft: { ...context.draft, content: { ...context.draft.content, cash_on_delivery_value: 0 } },
              errors: withoutErrors(context.errors, (k) => k === COD_FIELD),
            }
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
    // Rows after the removed one move up: their errors (keyed by row number) no longer fit and go.
    removeParcel: assign(({ context, event }) =>
      event.type === 'REMOVE_PARCEL'
        ? {
            draft: { ...context.draft, parcels: context.draft.parcels.filter((_, i) => i !== event.index).map((p, i) => ({ ...p, in_shipment_order: i + 1 })) },
            // The multi-pack refusal of a locker service goes once one parcel is left.
            errors: withoutErrors(context.errors, (k) => k.startsWith('parcels.') || (k === 'parcels' && context.draft.parcels.length <= 2)),
          }
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
      const field = event.field === 'weight' ? `parcels.${event.index}.weight.declared` : `parcels.${event.index}.dimensions.declared.${event.field}`
      return { draft: { ...context.draft, parcels }, errors: withoutErrors(context.errors, (k) => k === field) }
    }),
    /** Success toast ('Przesyłka została utworzona poprawnie!' / 'Pomyślnie zapisano zmiany!'); provided by the web. */
    notifySaved: (_, _params: { message: string }) => {},
    /** Error toast of the form's message; provided by the web. */
    notifyFailed: (_, _params: { message: string }) => {},
    showValidation: assign(({ context }) => {
      const r = validateForm(context.draft, context.cod)
      return r.ok ? { errors: {}, message: null } : { errors: r.errors, message: SHIPMENT_MSG.invalid }
    }),
  },
}).createMachine({
  id: 'shipmentForm',
  context: ({ input }) => ({
    mode: input.mode,
    editable: input.editable,
    draft: draftFrom(input),
    cod: draftFrom(input).content.cash_on_delivery_value > 0,
    countries: input.countries,
    errors: {},
    message: null,
    internalWaybill: null,
    client: input.client ?? null,
  }),
  initial: 'routing',
  states: {
    routing: { always: [{ guard: 'editable', target: 'editing' }, { target: 'readOnly' }] },
    readOnly: { tags: ['readOnly'] },
    editing: {
      tags: ['editable'],
      on: {
        SET_SERVICE: { guard: 'isCreate', actions: 'setService' },
        SET_COUNTRY: { guard: 'isCreate', actions: 'setCountry' },
        SET_CLIENT: { guard: 'isCreate', actions: 'setClient' },
        SET: { guard: 'canSet', actions: 'setField' },
        TOGGLE_COD: { actions: 'toggleCod' },
        CHOOSE_LOCALITY: { guard: 'canChooseLocality', actions: 'chooseLocality' },
        CHOOSE_LOCKER: { guard: 'canChooseLocker', actions: 'chooseLocker' },
        ADD_PARCEL: { guard: 'canAddParcel', actions: 'addParcel' },
        REMOVE_PARCEL: { guard: 'canRemoveParcel', actions: 'removeParcel' },
        SET_PARCEL: { guard: 'parcelExists', actions: 'setParcel' },
        SUBMIT: [{ guard: 'draftValid', target: 'submitting', actions: assign({ errors: {}, message: null }) }, { actions: 'showValidation' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ mode: context.mode, draft: context.draft }),
        onDone: [
          {
            guard: 'isCreate',
            target: 'saved',
            actions: [assign({ internalWaybill: ({ event }) => event.output.internal_waybill }), { type: 'notifySaved', params: { message: SHIPMENT_MSG.created } }],
          },
          { target: 'editing', actions: { type: 'notifySaved', params: { message: SHIPMENT_MSG.updated } } },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const e = event.error as { status?: number; data?: { errors?: FieldErrors; message?: string } }
              if (e?.status === 451) return { message: SHIPMENT_MSG.countryNotAllowed, errors: {} }
              if (e?.status === 422) return { message: SHIPMENT_MSG.invalid, errors: e.data?.errors ?? {} }
              // Saving changes that fails says so; a failed create shows what the server said.
              return { message: context.mode === 'edit' ? SHIPMENT_MSG.updateFailed : (e?.data?.message ?? SHIPMENT_MSG.updateFailed), errors: {} }
            }),
            { type: 'notifyFailed', params: ({ context }) => ({ message: context.message ?? '' }) },
          ],
        },
      },
    },
    /** Created: the view goes to /shipment/{internalWaybill}. */
    saved: { type: 'final', tags: ['done'] },
  },
})

/** Tags: `editable` (editing), `busy` (saving), `readOnly` (the shipment can no longer be changed), `done` (created). */
export type ShipmentFormTag = 'editable' | 'busy' | 'readOnly' | 'done'

/** The shipment form's view props, by tags: the draft, errors per spec key, and the events as calls. */
export function connectShipmentForm(
  state: { context: ShipmentFormContext; hasTag: (tag: ShipmentFormTag) => boolean; can: (e: ShipmentFormEvent) => boolean },
  send: (e: ShipmentFormEvent) => void,
) {
  const c = state.context
  const key = partyKey(c.draft.delivery_service)
  const isSubmitting = state.hasTag('busy')
  return {
    draft: c.draft,
    errors: c.errors,
    message: c.message,
    cod: c.cod,
    client: c.client,
    isCreate: c.mode === 'create',
    /** The party entered: the sender for returns, the recipient otherwise. */
    partyKey: key,
    party: c.draft[key],
    isSubmitting,
    /** Not editable at all (read-only shipment, or created): no edit buttons. */
    isReadOnly: state.hasTag('readOnly') || state.hasTag('done'),
    /** Nothing can be typed: read-only, saving, or created. */
    disabled: !state.hasTag('editable') || isSubmitting,
    canAddParcel: state.can({ type: 'ADD_PARCEL' }),
    /** Messages of a field by its spec key (`recipient.name`, `parcels.0.weight.declared`...). */
    err: (path: string) => c.errors[path] ?? [],
    set: (path: string, value: unknown) => send({ type: 'SET', path, value }),
    setService: (service: 1 | 2 | 3 | 4) => send({ type: 'SET_SERVICE', service }),
    setCountry: (countryId: number) => send({ type: 'SET_COUNTRY', countryId }),
    setClient: (client: { id: number; name: string } | null) => send({ type: 'SET_CLIENT', clientId: client?.id ?? null, name: client?.name }),
    toggleCod: (on: boolean) => send({ type: 'TOGGLE_COD', on }),
    chooseLocality: (locality: { id: number; name: string; postal_code: string }) => send({ type: 'CHOOSE_LOCALITY', locality }),
    chooseLocker: (locker: { id: number; name: string } | null) => send({ type: 'CHOOSE_LOCKER', locker }),
    addParcel: () => send({ type: 'ADD_PARCEL' }),
    removeParcel: (index: number) => send({ type: 'REMOVE_PARCEL', index }),
    setParcel: (index: number, field: 'weight' | 'height' | 'width' | 'length', value: number) => send({ type: 'SET_PARCEL', index, field, value }),
    submit: () => send({ type: 'SUBMIT' }),
  }
}
export type ShipmentFormProps = ReturnType<typeof connectShipmentForm>
