import { UI_TEXT } from '../../contract/messages/ui.ts'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { RecordFormProps } from '../../../machines/recordForm.ts'
import { Field, Select } from './form.tsx'
import { Confirm } from './modal.tsx'

/**
 * Pieces every record form renders from `connectRecordForm` props: text and select fields bound to
 * the machine, the read-only facts, the load failure, the actions row and the delete confirmation.
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
        <FieldErrors errors={errors} />
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
        {UI_TEXT.retry}
      </button>{' '}
      <Link href={back}>{backLabel}</Link>
    </div>
  )
}

export function FormActions({ p, back, saveLabel = UI_TEXT.save }: { p: RecordFormProps; back: string; saveLabel?: string }) {
  return (
    <div className="form-actions">
      {p.editable && (
        <button type="submit" className="btn btn-primary" name="save" disabled={p.busy}>
          {p.busy ? UI_TEXT.saving : saveLabel}
        </button>
      )}
      <Link className="btn" href={back}>
        {UI_TEXT.back}
      </Link>
      <span className="spacer" />
      {p.canAct && (
        <button type="button" className="btn btn-danger" name="delete" onClick={p.act}>
          {UI_TEXT.delete}
        </button>
      )}
      <Confirm open={p.confirming} busy={p.busy} onCancel={p.cancel} onConfirm={p.confirm} />
    </div>
  )
}

/** A labelled text or number input bound to a record form field, with its messages. */
export function FormField({ form, name, label, type = 'text', hint, readOnly }: { form: RecordFormProps; name: string; label: string; type?: string; hint?: ReactNode; readOnly?: boolean }) {
  const errors = form.errorsOf(name)
  const id = `r-${name}`
  return (
    <div className={`field${errors.length ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        step={type === 'number' ? 'any' : undefined}
        value={form.text(name)}
        readOnly={readOnly}
        disabled={!form.editable}
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length ? `${id}-err` : undefined}
        onChange={(e) => form.set(name, type === 'number' ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value)}
        onBlur={() => form.touch(name)}
      />
      {hint && <small className="hint">{hint}</small>}
      <FieldErrors id={`${id}-err`} errors={errors} />
    </div>
  )
}

export function FieldErrors({ id, errors }: { id?: string; errors: readonly string[] }) {
  if (!errors.length) return null
  return (
    <ul className="field-errors" id={id} role="alert">
      {errors.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  )
}

/** Save, delete (with confirmation) and back. */
export function FormButtons({ form, back, deleteLabel = UI_TEXT.delete, testId }: { form: RecordFormProps; back: ReactNode; deleteLabel?: string; testId: string }) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" data-testid={`${testId}-save`} disabled={!form.canSubmit}>
        {UI_TEXT.save}
      </button>
      {!form.isNew && (
        <button type="button" className="btn btn-danger" data-testid={`${testId}-delete`} disabled={!form.editable} onClick={form.act}>
          {deleteLabel}
        </button>
      )}
      {back}
    </div>
  )
}
