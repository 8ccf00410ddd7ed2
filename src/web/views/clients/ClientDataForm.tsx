import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { COUNTRY } from '../../../contract/constants/address.ts'
import { generatePassword } from '../../../contract/credentials.ts'
import type { RecordFormProps } from '../../../../machines/recordForm.ts'
import { Confirm } from '../../ui/modal.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { CLIENTS_TEXT } from '../../../contract/messages/clients.ts'

/** The client's data: the new-client form, the card's data tab and, read only, /company. */
interface Country {
  id: number
  name: string
  iso_code: string
}
const countriesOf = (extra: unknown): Country[] =>
  extra && typeof extra === 'object' && 'countries' in extra && Array.isArray(extra.countries) ? extra.countries : []

const TEXT_FIELDS: Array<[name: string, label: string, required: boolean]> = [
  ['name', UI_TEXT.name, true],
  ['nip', 'NIP', true],
  ['email', 'E-mail', true],
  ['contact_name', CLIENTS_TEXT.contactPerson, false],
  ['street', CLIENTS_TEXT.street, true],
  ['city', CLIENTS_TEXT.city, true],
  ['post_code', UI_TEXT.postalCode, true],
  ['address', CLIENTS_TEXT.addressInfo, false],
  ['bank_account_number', CLIENTS_TEXT.bankAccount, false],
  ['phone_number_prefix', CLIENTS_TEXT.phonePrefix, true],
  ['phone_number', CLIENTS_TEXT.phoneNumber, true],
  ['sender_signature', CLIENTS_TEXT.senderSignature, false],
  ['shipment_note', CLIENTS_TEXT.shipmentNote, true],
]
const FLAGS: Array<[name: string, label: string]> = [
  ['cod_enabled', CLIENTS_TEXT.codEnabled],
  ['show_price_parcel', CLIENTS_TEXT.showPrice],
  ['download_ext', CLIENTS_TEXT.externalNumbers],
  ['api_enabled', CLIENTS_TEXT.apiAccess],
  ['ext_number', CLIENTS_TEXT.useExternalNumber],
]
const AREAS: Array<[name: string, label: string]> = [
  ['re_returning_address', CLIENTS_TEXT.returnAddress],
  ['re_broadcasting_facility_address', CLIENTS_TEXT.dispatchAddress],
]
const ACCESS: Array<[name: string, label: string]> = [
  ['dpd_system_id', CLIENTS_TEXT.dpdSystemId],
  ['dpd_api_password', CLIENTS_TEXT.dpdPassword],
  ['out_service', CLIENTS_TEXT.outputService],
  ['iai_password', CLIENTS_TEXT.iaiPassword],
]

export function ClientDataForm({ form, readOnly = false, testId }: { form: RecordFormProps; readOnly?: boolean; testId: string }) {
  const countries = countriesOf(form.extra)
  const allowed = Array.isArray(form.values.allowed_countries) ? form.values.allowed_countries.map(Number) : []
  const disabled = readOnly || !form.editable
  const errs = (name: string) => (readOnly ? [] : form.errorsOf(name))
  const errorList = (name: string) =>
    errs(name).length > 0 && (
      <ul className="field-errors" id={`c-${name}-err`} role="alert">
        {errs(name).map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    )
  const blocked = Boolean(form.values.deleted_at)
  return (
    <form
      className="card form-grid"
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault()
        form.submit()
      }}
    >
      {TEXT_FIELDS.map(([name, label, required]) => (
        <div key={name} className={`field${errs(name).length ? ' has-error' : ''}`}>
          <label htmlFor={`c-${name}`}>
            {label}
            {required && !readOnly ? ' *' : ''}
          </label>
          <input
            id={`c-${name}`}
            name={name}
            value={form.text(name)}
            readOnly={readOnly}
            disabled={!readOnly && disabled}
            aria-invalid={errs(name).length > 0}
            aria-describedby={errs(name).length ? `c-${name}-err` : undefined}
            onChange={(e) => form.set(name, e.target.value)}
            onBlur={() => form.touch(name)}
          />
          {errorList(name)}
        </div>
      ))}
      <div className="field">
        <label htmlFor="c-country_id">{UI_TEXT.country}</label>
        <select id="c-country_id" name="country_id" disabled={disabled} value={String(form.values.country_id ?? '')} onChange={(e) => form.set('country_id', Number(e.target.value))}>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {errorList('country_id')}
      </div>
      <fieldset className="field">
        <legend>{CLIENTS_TEXT.allowedCountries}</legend>
        {countries
          .filter((c) => c.id !== COUNTRY.PL)
          .map((c) => (
            <label key={c.id} className="checkbox">
              <input
                type="checkbox"
                name="allowed_countries"
                value={c.id}
                disabled={disabled}
                checked={allowed.includes(c.id)}
                onChange={(e) => form.set('allowed_countries', e.target.checked ? [...allowed, c.id].sort() : allowed.filter((x) => x !== c.id))}
              />
              {c.name}
            </label>
          ))}
        {errorList('allowed_countries')}
      </fieldset>
      <fieldset className="field">
        <legend>{UI_TEXT.options}</legend>
        {FLAGS.map(([name, label]) => (
          <label key={name} className="checkbox">
            <input type="checkbox" name={name} disabled={disabled} checked={form.values[name] === 1} onChange={(e) => form.set(name, e.target.checked ? 1 : 0)} />
            {label}
          </label>
        ))}
      </fieldset>
      {AREAS.map(([name, label]) => (
        <div key={name} className={`field${errs(name).length ? ' has-error' : ''}`}>
          <label htmlFor={`c-${name}`}>
            {label}
            {readOnly ? '' : ' *'}
          </label>
          <textarea id={`c-${name}`} name={name} rows={3} readOnly={readOnly} disabled={!readOnly && disabled} value={form.text(name)} onChange={(e) => form.set(name, e.target.value)} onBlur={() => form.touch(name)} />
          {errorList(name)}
        </div>
      ))}
      {form.isNew && !readOnly && (
        <fieldset className="field" data-testid="client-access">
          <legend>{CLIENTS_TEXT.defaultCredentials}</legend>
          {ACCESS.map(([name, label]) => (
            <div key={name} className="field">
              <label htmlFor={`c-${name}`}>{label}</label>
              <input id={`c-${name}`} name={name} value={form.text(name)} disabled={disabled} onChange={(e) => form.set(name, e.target.value)} />
            </div>
          ))}
          <button type="button" className="btn btn-sm" data-testid="client-generate-password" disabled={disabled} onClick={() => form.set('iai_password', generatePassword())}>
            {CLIENTS_TEXT.generatePassword}
          </button>
        </fieldset>
      )}
      {!readOnly && (
        <FormActions submit={{ label: form.isNew ? CLIENTS_TEXT.addClient : UI_TEXT.save, disabled: !form.canSubmit, testId: 'client-save' }}>
          {!form.isNew && (
            <button type="button" className={`btn ${blocked ? 'btn-success' : 'btn-danger'}`} data-testid="client-block" disabled={!form.editable} onClick={form.act}>
              {blocked ? UI_TEXT.unblock : UI_TEXT.block}
            </button>
          )}
        </FormActions>
      )}
      <Confirm open={form.confirming} onConfirm={form.confirm} onCancel={form.cancel} busy={form.busy} />
    </form>
  )
}
