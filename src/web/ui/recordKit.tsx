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

/** The submit button of a form's actions row. */
export interface SubmitAction {
  label: string
  /** Shown instead of the label while `busy` (saving). */
  busyLabel?: string
  busy?: boolean
  /** Announces the busy state on the button itself (a long run: invoicing). */
  ariaBusy?: boolean
  disabled: boolean
  name?: string
  testId?: string
}

/**
 * A form's row of buttons: the submit, the way back (a link; `backLabel` "Wróć" unless told), the
 * further buttons given as children, then, when `end` is given, a spacer and the record's own
 * actions (delete, block). A row whose order differs passes everything as children.
 */
export function FormActions({
  submit,
  back,
  backLabel = UI_TEXT.back,
  backTestId,
  children,
  end,
}: {
  submit?: SubmitAction
  back?: string
  backLabel?: string
  backTestId?: string
  children?: ReactNode
  end?: ReactNode
}) {
  return (
    <div className="form-actions">
      {submit && (
        <button type="submit" className="btn btn-primary" name={submit.name} data-testid={submit.testId} aria-busy={submit.ariaBusy} disabled={submit.disabled}>
          {submit.busy && submit.busyLabel ? submit.busyLabel : submit.label}
        </button>
      )}
      {back !== undefined && <BackLink href={back} label={backLabel} testId={backTestId} />}
      {children}
      {end !== undefined && (
        <>
          <span className="spacer" />
          {end}
        </>
      )}
    </div>
  )
}

/** The way back from a form, looking like a button. */
export function BackLink({ href, label = UI_TEXT.back, testId }: { href: string; label?: string; testId?: string }) {
  return (
    <Link className="btn" href={href} data-testid={testId}>
      {label}
    </Link>
  )
}

/** A record form's row: save while editable, back, then the confirmed delete (with its confirmation). */
export function RecordFormActions({ p, back, saveLabel = UI_TEXT.save }: { p: RecordFormProps; back: string; saveLabel?: string }) {
  return (
    <FormActions
      submit={p.editable ? { label: saveLabel, busyLabel: UI_TEXT.saving, busy: p.busy, disabled: p.busy, name: 'save' } : undefined}
      back={back}
      end={
        <>
          {p.canAct && (
            <button type="button" className="btn btn-danger" name="delete" onClick={p.act}>
              {UI_TEXT.delete}
            </button>
          )}
          <Confirm open={p.confirming} busy={p.busy} onCancel={p.cancel} onConfirm={p.confirm} />
        </>
      }
    />
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

/** Save, delete (the confirmation is the form's) and back. */
export function FormButtons({ form, back, deleteLabel = UI_TEXT.delete, testId }: { form: RecordFormProps; back: string; deleteLabel?: string; testId: string }) {
  return (
    <FormActions submit={{ label: UI_TEXT.save, disabled: !form.canSubmit, testId: `${testId}-save` }}>
      {!form.isNew && (
        <button type="button" className="btn btn-danger" data-testid={`${testId}-delete`} disabled={!form.editable} onClick={form.act}>
          {deleteLabel}
        </button>
      )}
      <BackLink href={back} />
    </FormActions>
  )
}
