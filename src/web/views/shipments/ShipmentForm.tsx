import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useMemo, useState } from 'react'
import { useMachine } from '@xstate/react'
import { isStaff } from '../../../contract/constants/access.ts'
import { SHIPMENT } from '../../../contract/constants/shipments.ts'
import { SEARCH_DELAY_MS, SEARCH_MIN_CHARS } from '../../../contract/constants/ui.ts'
import { DELIVERY_SERVICE_NAME, SHIPMENTS_TEXT, SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import type { Locality, Locker } from '../../../contract/schemas/address.ts'
import { type Party, type ShipmentView, isLockerService, isReturnService } from '../../../contract/schemas/shipments.ts'
import type { ClientRef } from '../../../contract/schemas/common.ts'
import {
  type CountryOption,
  type ShipmentFormEvent,
  canAddParcel,
  connectShipmentForm,
} from '../../../../machines/shipmentsForm.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { inspect } from '../../inspector/index.ts'
import { useDataLoad } from '../../ui/load.ts'
import { allowedCountriesLoad, clientCountriesLoad, searchClients, searchLocalities, searchLockers, shipmentFormFor, streetsLoad } from '../../wiring/shipments.ts'
import { Field, NumberInput, Select } from '../../ui/form.tsx'
import { FieldErrors, FormActions } from '../../ui/recordKit.tsx'
import { TypeAhead } from '../../ui/typeahead.tsx'
import { CLIENTS_TEXT } from '../../../contract/messages/clients.ts'


/** The order of the shipment type select: home delivery, locker delivery, home return, locker return. */
const SERVICE_ORDER = [1, 3, 2, 4] as const
const SERVICE_OPTIONS = SERVICE_ORDER.map((s) => ({ value: s, label: DELIVERY_SERVICE_NAME[s] }))
/** "Firma": a company is a party that is not a private person. */
const COMPANY_OPTIONS = [
  { value: 'true', label: UI_TEXT.yes },
  { value: 'false', label: UI_TEXT.no },
]

export interface ShipmentFormProps {
  role: number
  /** Null when creating. */
  shipment: ShipmentView | null
  editable: boolean
  /** After changes are saved (the page loads the shipment again); a created shipment opens its own page. */
  onSaved: () => void
}

/**
 * The 'Dane przesyłki' tab: the countries the client may send to (creating), then
 * machines/shipmentsForm.ts through its connect function.
 */
export function ShipmentForm(props: ShipmentFormProps) {
  const creating = props.shipment === null
  const allowed = useDataLoad(allowedCountriesLoad, creating)
  if (allowed.problem !== null) return <div className="alert alert-danger">{allowed.problem}</div>
  if (!allowed.data) return <p className="loading">{UI_TEXT.loading}</p>
  const ownCountries: CountryOption[] = props.shipment
    ? [props.shipment.sender?.country, props.shipment.recipient?.country].filter((c): c is CountryOption => !!c)
    : [...allowed.data]
  return <ShipmentFormMachine {...props} countries={ownCountries} />
}

function ShipmentFormMachine({ role, shipment, editable, onSaved, countries }: ShipmentFormProps & { countries: CountryOption[] }) {
  const creating = shipment === null
  const [machine] = useState(() => shipmentFormFor(onSaved))
  const [state, send] = useMachine(machine, {
    input: { mode: creating ? 'create' : 'edit', editable, shipment, countries, client: shipment?.client ?? null },
    inspect,
  })
  const api = connectShipmentForm(state, send)
  const { draft, message, cod, client, partyKey: key, party, err, set, disabled, isReadOnly: readOnly, isSubmitting: submitting } = api
  // Staff creating for a client: the countries that client may send to.
  const clientCountries = useDataLoad(clientCountriesLoad, creating ? (client?.id ?? null) : null)

  const ret = isReturnService(draft.delivery_service)
  const locker = isLockerService(draft.delivery_service)
  const countryOptions = clientCountries.data ?? countries
  const country = countries.find((c) => c.id === party?.country.id) ?? null

  return (
    <form
      className="shipment-form"
      data-machine="shipmentForm"
      data-state={stateString(state.value)}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        api.submit()
      }}
    >
      <div className="form-grid">
        {isStaff(role) &&
          (creating ? (
            <TypeAhead<ClientRef>
              label={UI_TEXT.client}
              name="client"
              testId="client-chooser"
              selected={client}
              display={(c) => c.name}
              itemKey={(c) => c.id}
              search={searchClients}
              onSelect={api.setClient}
              disabled={disabled}
              placeholder={SHIPMENTS_TEXT.clientPlaceholder}
              emptyText={SHIPMENT_MSG.clientNotFound}
              errors={err('client_id')}
            />
          ) : (
            <Field id="f-client" label={UI_TEXT.client} name="client" value={shipment?.client?.name ?? '—'} disabled readOnly />
          ))}

        <Select
          label={SHIPMENTS_TEXT.kind}
          name="delivery_service"
          value={draft.delivery_service}
          options={SERVICE_OPTIONS}
          disabled={disabled || !creating}
          onChange={(v) => {
            const service = SERVICE_ORDER.find((s) => String(s) === v)
            if (service) api.setService(service)
          }}
        />

        {creating && (
          <Select
            label={ret ? SHIPMENTS_TEXT.senderCountry : SHIPMENTS_TEXT.recipientCountry}
            name="country"
            value={party?.country.id ?? ''}
            options={countryOptions.map((c) => ({ value: c.id, label: c.name }))}
            placeholder={UI_TEXT.choose}
            disabled={disabled}
            invalid={err(`${key}.country.id`).length > 0}
            errors={party ? [] : err(key)}
            onChange={(v) => api.setCountry(Number(v))}
          />
        )}
      </div>

      {party && (
        <PartyBlock
          title={ret ? SHIPMENTS_TEXT.sender : SHIPMENTS_TEXT.recipient}
          prefix={key}
          party={party}
          country={country ?? (shipment ? (shipment[key]?.country ?? null) : null)}
          locker={locker}
          disabled={disabled}
          err={(p) => err(`${key}.${p}`)}
          set={(p, v) => set(`party.${p}`, v)}
          send={send}
        />
      )}

      <fieldset className="form-section">
        <legend>{SHIPMENTS_TEXT.content}</legend>
        <div className="form-grid">
          <Field id={fieldId('content.declared_content')} label={SHIPMENTS_TEXT.contentPlaceholder} name="content.declared_content" value={draft.content.declared_content} disabled={disabled} errors={err('content.declared_content')} onChange={(e) => set('content.declared_content', e.target.value)} />
          <div className={`field${err('content.declared_value').length ? ' has-error' : ''}`}>
            <label htmlFor="f-declared_value">{SHIPMENTS_TEXT.declaredValue}</label>
            <div className="input-with-unit">
              <NumberInput
                id="f-declared_value"
                name="content.declared_value"
                step={SHIPMENT.declaredValueStep}
                min={0}
                value={draft.content.declared_value}
                disabled={disabled}
                onValue={(n) => set('content.declared_value', n)}
              />
              <input className="unit" name="content.currency" value={draft.content.currency} readOnly disabled aria-label={SHIPMENTS_TEXT.currency} />
            </div>
            <FieldErrors errors={err('content.declared_value')} />
          </div>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="cod" checked={cod} disabled={disabled} onChange={(e) => api.toggleCod(e.target.checked)} /> {SHIPMENTS_TEXT.cod}
        </label>
        {cod && (
          <div className={`field narrow${err('content.cash_on_delivery_value').length ? ' has-error' : ''}`}>
            <label htmlFor="f-cod">{SHIPMENTS_TEXT.codAmount}</label>
            <div className="input-with-unit">
              <NumberInput
                id="f-cod"
                name="content.cash_on_delivery_value"
                step={SHIPMENT.declaredValueStep}
                min={0}
                value={draft.content.cash_on_delivery_value}
                disabled={disabled}
                onValue={(n) => set('content.cash_on_delivery_value', n)}
              />
              <input className="unit" value={draft.content.currency} readOnly disabled aria-label={SHIPMENTS_TEXT.codCurrency} />
            </div>
            <FieldErrors errors={err('content.cash_on_delivery_value')} />
          </div>
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend>{SHIPMENTS_TEXT.parcels}</legend>
        <div className="table-wrap">
          <table className="table parcels-table" data-testid="parcels-table">
            <thead>
              <tr>
                <th>{UI_TEXT.ordinal}</th>
                {PARCEL_FIELDS.map((f) => (
                  <th key={f}>{PARCEL_COLUMN[f]}</th>
                ))}
                <th>
                  <span className="sr-only">{UI_TEXT.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.parcels.map((p, i) => (
                <tr key={i} data-parcel={i}>
                  <td>{i + 1}</td>
                  <td>
                    <ParcelCell
                      label={parcelCellLabel('weight', i)}
                      name={`parcels.${i}.weight.declared`}
                      value={p.weight.declared}
                      step={SHIPMENT.weightStep}
                      min={SHIPMENT.minWeightKg}
                      disabled={disabled}
                      errors={err(`parcels.${i}.weight.declared`)}
                      onValue={(n) => api.setParcel(i, 'weight', n)}
                    />
                  </td>
                  {(['height', 'width', 'length'] as const).map((dim) => (
                    <td key={dim}>
                      <ParcelCell
                        label={parcelCellLabel(dim, i)}
                        name={`parcels.${i}.dimensions.declared.${dim}`}
                        value={p.dimensions.declared[dim]}
                        step={1}
                        min={SHIPMENT.minDimensionCm}
                        disabled={disabled}
                        errors={err(`parcels.${i}.dimensions.declared.${dim}`)}
                        onValue={(n) => api.setParcel(i, dim, n)}
                      />
                    </td>
                  ))}
                  <td>
                    {i > 0 && !disabled && (
                      <button type="button" className="btn btn-sm btn-danger" aria-label={SHIPMENTS_TEXT.removeParcel(i + 1)} onClick={() => api.removeParcel(i)}>
                        {UI_TEXT.delete}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <FieldErrors errors={err('parcels')} />
        {!readOnly && (
          <button type="button" className="btn" disabled={disabled || !canAddParcel(draft) || !api.canAddParcel} onClick={api.addParcel}>
            {SHIPMENTS_TEXT.addAnother}
          </button>
        )}
      </fieldset>

      {message && (
        <div className="alert alert-danger" role="alert" data-testid="form-message">
          {message}
        </div>
      )}
      {!readOnly && (
        <FormActions submit={{ label: creating ? UI_TEXT.create : UI_TEXT.save, disabled: submitting, testId: 'shipment-submit' }} />
      )}
    </form>
  )
}

/** A field's id from its dotted name (`sender.phone.number` → `f-sender-phone-number`). */
const fieldId = (name: string) => `f-${name.replace(/\./g, '-')}`

/** The parcels table's number columns: the header, and with the row's number each cell's accessible name. */
const PARCEL_FIELDS = ['weight', 'height', 'width', 'length'] as const
const PARCEL_COLUMN: Record<(typeof PARCEL_FIELDS)[number], string> = { weight: SHIPMENTS_TEXT.weight, height: SHIPMENTS_TEXT.height, width: SHIPMENTS_TEXT.width, length: SHIPMENTS_TEXT.length }
const parcelCellLabel = (field: (typeof PARCEL_FIELDS)[number], index: number) => SHIPMENTS_TEXT.parcelCell(PARCEL_COLUMN[field], index + 1)

function ParcelCell(props: { label: string; name: string; value: number; step: number; min: number; disabled: boolean; errors: readonly string[]; onValue: (n: number) => void }) {
  return (
    <div className={`cell-field${props.errors.length ? ' has-error' : ''}`}>
      <NumberInput label={props.label} name={props.name} value={props.value} step={props.step} min={props.min} disabled={props.disabled} blankZero aria-invalid={props.errors.length > 0} onValue={props.onValue} />
      <FieldErrors errors={props.errors} />
    </div>
  )
}

interface PartyBlockProps {
  title: string
  prefix: 'sender' | 'recipient'
  party: Party
  country: CountryOption | null
  locker: boolean
  disabled: boolean
  err: (path: string) => readonly string[]
  set: (path: string, value: unknown) => void
  send: (e: ShipmentFormEvent) => void
}

/** Sender or recipient. */
function PartyBlock({ title, prefix, party, country, locker, disabled, err, set, send }: PartyBlockProps) {
  const countryId = party.country.id
  const locality = party.address?.locality ?? null
  const chosenLocker = party.locker ?? null
  const localityChoice = useMemo(
    () => (locality ? ({ id: locality.id, name: locality.name, postal_code: party.address?.postal_code ?? '' } as Pick<Locality, 'id' | 'name' | 'postal_code'>) : null),
    [locality, party.address?.postal_code],
  )
  const details = party.address?.details ?? ''
  // Street suggestions from 3 characters, asked once typing pauses (the dataLoad machine's delay), for a home
  // address in a locality of the address database (a locker's party, or a town known by name only, has none).
  const query = details.trim()
  const streetKey = !locker && locality && locality.id > 0 && query.length >= SEARCH_MIN_CHARS ? { localityId: locality.id, query } : null
  const streets = useDataLoad(streetsLoad, streetKey, SEARCH_DELAY_MS).data ?? []

  return (
    <fieldset className="form-section party" data-party={prefix}>
      <legend>{title}</legend>
      <div className="form-grid">
        <Field id={fieldId(`${prefix}.name`)} label={SHIPMENTS_TEXT.recipientName} name={`${prefix}.name`} value={party.name} disabled={disabled} errors={err('name')} onChange={(e) => set('name', e.target.value)} />
        <Select
          id={`f-${prefix}-company`}
          label={SHIPMENTS_TEXT.company}
          name={`${prefix}.private_person`}
          value={party.private_person ? 'false' : 'true'}
          options={COMPANY_OPTIONS}
          disabled={disabled}
          onChange={(v) => set('private_person', v === 'false')}
        />
        {!party.private_person && (
          <Field id={fieldId(`${prefix}.contact_name`)} label={CLIENTS_TEXT.contactPerson} name={`${prefix}.contact_name`} value={party.contact_name ?? ''} disabled={disabled} errors={err('contact_name')} onChange={(e) => set('contact_name', e.target.value)} />
        )}
        <div className={`field${err('phone.prefix').length || err('phone.number').length ? ' has-error' : ''}`}>
          <label htmlFor={`f-${prefix}-phone`}>{UI_TEXT.phone}</label>
          <div className="phone">
            <input className="phone-prefix" name={`${prefix}.phone.prefix`} aria-label={UI_TEXT.prefix} value={party.phone.prefix} disabled={disabled} onChange={(e) => set('phone.prefix', e.target.value)} />
            <input id={`f-${prefix}-phone`} name={`${prefix}.phone.number`} inputMode="tel" value={party.phone.number} disabled={disabled} onChange={(e) => set('phone.number', e.target.value.replace(/\s+/g, ''))} />
          </div>
          <FieldErrors errors={[...err('phone.prefix'), ...err('phone.number')]} />
        </div>
        <Field id={fieldId(`${prefix}.email`)} label={UI_TEXT.email} name={`${prefix}.email`} type="email" value={party.email ?? ''} disabled={disabled} errors={err('email')} onChange={(e) => set('email', e.target.value)} />
        <Field id={`f-${prefix}-country`} label={UI_TEXT.country} name={`${prefix}.country`} value={country?.name ?? ''} readOnly disabled />
      </div>
      {locker ? (
        <div className="form-grid">
          <TypeAhead<Pick<Locker, 'id' | 'name'> & Partial<Locker>>
            key={`locker-${countryId}`}
            label={SHIPMENTS_TEXT.locker}
            name={`${prefix}.locker`}
            testId="locker-chooser"
            selected={chosenLocker}
            display={(l) => l.name}
            itemKey={(l) => l.id}
            renderItem={(l) => (
              <span>
                <strong>{l.name}</strong> <small className="hint">{[l.address, l.postal_code, l.city].filter(Boolean).join(', ')}</small>
              </span>
            )}
            search={(query) => searchLockers(countryId, query)}
            onSelect={(l) => send({ type: 'CHOOSE_LOCKER', locker: l ? { id: l.id, name: l.name } : null })}
            disabled={disabled}
            placeholder={SHIPMENTS_TEXT.lockerPlaceholder}
            emptyText={SHIPMENTS_TEXT.lockerNotFound}
            errors={[...err('locker')]}
          />
        </div>
      ) : (
        <div className="form-grid">
          <TypeAhead<Pick<Locality, 'id' | 'name' | 'postal_code'> & Partial<Locality>>
            key={`locality-${countryId}`}
            label={SHIPMENTS_TEXT.locality}
            name={`${prefix}.locality`}
            testId="locality-chooser"
            selected={localityChoice}
            display={(l) => l.name}
            itemKey={(l) => `${l.id}|${l.postal_code}`}
            renderItem={(l) => (
              <span>
                <strong>{l.name}</strong> <small className="hint">{[l.municipality, l.voivodeship, l.postal_code].filter(Boolean).join(', ')}</small>
              </span>
            )}
            search={(query) => searchLocalities(countryId, query)}
            onSelect={(l) => {
              if (l) send({ type: 'CHOOSE_LOCALITY', locality: { id: l.id, name: l.name, postal_code: l.postal_code } })
              else {
                set('address.locality', null)
                set('address.postal_code', '')
              }
            }}
            disabled={disabled}
            placeholder={SHIPMENTS_TEXT.localityPlaceholder}
            emptyText={SHIPMENTS_TEXT.localityNotFound}
            errors={[...err('address.locality'), ...(locality ? [] : err('address'))]}
          />
          <Field id={`f-${prefix}-postal`} label={UI_TEXT.postalCode} name={`${prefix}.address.postal_code`} value={party.address?.postal_code ?? ''} readOnly disabled />
          <div className={`field wide${err('address.details').length || (locality && err('address').length) ? ' has-error' : ''}`}>
            <label htmlFor={`f-${prefix}-details`}>{SHIPMENTS_TEXT.street}</label>
            <input
              id={`f-${prefix}-details`}
              name={`${prefix}.address.details`}
              list={`${prefix}-streets`}
              autoComplete="off"
              value={details}
              disabled={disabled}
              onChange={(e) => {
                set('address.details', e.target.value)
                // A street with a postal code of its own sets it (Romanian cities have one per street).
                const street = streets.find((s) => `${s.type} ${s.name}`.trim() === e.target.value.trim())
                if (street?.postal_code) set('address.postal_code', street.postal_code)
              }}
            />
            <datalist id={`${prefix}-streets`}>
              {streets.map((s) => (
                <option key={s.id} value={`${s.type} ${s.name}`.trim()} />
              ))}
            </datalist>
            <FieldErrors errors={[...err('address.details'), ...(locality ? err('address') : [])]} />
          </div>
        </div>
      )}
    </fieldset>
  )
}
