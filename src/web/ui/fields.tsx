import type { ReactNode } from 'react'
import type { RecordFormProps } from '../../../machines/recordForm.ts'

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

export function FieldErrors({ id, errors }: { id?: string; errors: string[] }) {
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
export function FormButtons({ form, back, deleteLabel = 'Usuń', testId }: { form: RecordFormProps; back: ReactNode; deleteLabel?: string; testId: string }) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" data-testid={`${testId}-save`} disabled={!form.canSubmit}>
        Zapisz
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
