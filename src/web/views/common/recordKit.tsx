import { Link } from 'wouter'
import type { RecordFormProps } from '../../../../machines/recordForm.ts'
import { Field, Select } from '../../ui/form.tsx'
import { Confirm } from '../../ui/modal.tsx'

/**
 * Pieces every record form of the admin screens renders from `connectRecordForm` props: text and
 * select fields bound to the machine, the read-only facts, the load failure, the actions row and
 * the delete confirmation.
 */

export function TextField({ p, name, label, multiline, readOnly }: { p: RecordFormProps; name: string; label: string; multiline?: boolean; readOnly?: boolean }) {
  const errors = p.errorsOf(name)
  if (multiline) {
    return (
      <div className={`field${errors.length ? ' has-error' : ''}`}>
        <label htmlFor={`f-${name}`}>{label}</label>
        <textarea
          id={`f-${name}`}
          name={name}
          rows={4}
          value={p.text(name)}
          readOnly={readOnly || !p.editable}
          aria-invalid={errors.length > 0}
          onChange={(e) => p.change(name, e.target.value)}
        />
        {errors.length > 0 && (
          <ul className="field-errors" role="alert">
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </div>
    )
  }
  return <Field label={label} name={name} autoComplete="off" value={p.text(name)} readOnly={readOnly || !p.editable} errors={errors} onChange={(e) => p.change(name, e.target.value)} />
}

/** A select whose options come from the machine; '' means none (null). Numbers stay numbers. */
export function SelectField({ p, name, label }: { p: RecordFormProps; name: string; label: string }) {
  const options = p.optionsOf(name)
  return (
    <Select
      label={label}
      name={name}
      value={p.text(name)}
      options={options}
      disabled={!p.editable}
      errors={p.errorsOf(name)}
      onChange={(v) => {
        const option = options.find((o) => String(o.value) === v)
        p.change(name, option === undefined || option.value === '' ? null : option.value)
      }}
    />
  )
}

export function Facts({ p }: { p: RecordFormProps }) {
  if (!p.facts.length) return null
  return (
    <dl className="facts" data-testid="record-facts">
      {p.facts.map((f) => (
        <div key={f.id} data-fact={f.id}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function LoadFailed({ p, back, backLabel }: { p: RecordFormProps; back: string; backLabel: string }) {
  if (!p.problem) return null
  return (
    <div className="alert alert-danger" role="alert">
      {p.error}{' '}
      <button type="button" className="btn btn-sm" onClick={p.retry}>
        Spróbuj ponownie
      </button>{' '}
      <Link href={back}>{backLabel}</Link>
    </div>
  )
}

export function FormActions({ p, back, saveLabel = 'Zapisz' }: { p: RecordFormProps; back: string; saveLabel?: string }) {
  return (
    <div className="form-actions">
      {p.editable && (
        <button type="submit" className="btn btn-primary" name="save" disabled={p.busy}>
          {p.busy ? 'Zapisywanie…' : saveLabel}
        </button>
      )}
      <Link className="btn" href={back}>
        Wróć
      </Link>
      <span className="spacer" />
      {p.canAct && (
        <button type="button" className="btn btn-danger" name="delete" onClick={p.act}>
          Usuń
        </button>
      )}
      <Confirm open={p.confirming} busy={p.busy} onCancel={p.cancel} onConfirm={p.confirm} />
    </div>
  )
}
