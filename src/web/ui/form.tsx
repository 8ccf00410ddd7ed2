import { type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react'
import { UI_TEXT } from '../../contract/messages/ui.ts'

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode
  name: string
  errors?: readonly string[]
  hint?: ReactNode
}

/** A labelled input with its validation messages. */
export function Field({ label, name, errors = [], hint, id, ...input }: FieldProps) {
  const inputId = id ?? `f-${name}`
  return (
    <div className={`field${errors.length ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} name={name} aria-invalid={errors.length > 0} aria-describedby={errors.length ? `${inputId}-err` : undefined} {...input} />
      {hint && <small className="hint">{hint}</small>}
      {errors.length > 0 && (
        <ul className="field-errors" id={`${inputId}-err`} role="alert">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

export interface SelectProps {
  label: ReactNode
  name: string
  /** The select's id when `f-<name>` will not do. */
  id?: string
  value: string | number
  options: ReadonlyArray<{ value: string | number; label: string }>
  onChange: (value: string) => void
  errors?: readonly string[]
  /** Marks the field invalid without listing messages (they are shown elsewhere). */
  invalid?: boolean
  disabled?: boolean
  /** A first option that cannot be chosen, shown while the value is ''. */
  placeholder?: string
}

/** Select options: a "choose" row (empty value) and the items. */
export const optionsOf = <T extends { id: number }>(items: readonly T[] | undefined, label: (t: T) => string, empty: string = UI_TEXT.choose) => [
  { value: '', label: empty },
  ...(items ?? []).map((t) => ({ value: t.id, label: label(t) })),
]

export function Select({ label, name, id = `f-${name}`, value, options, onChange, errors = [], invalid = false, disabled, placeholder }: SelectProps) {
  return (
    <div className={`field${errors.length || invalid ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={String(value)} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
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

/**
 * Every input has a name a screen reader announces: either the `id` of the input a visible
 * `<label htmlFor>` points at, or a `label` of its own (a cell of a table row, where the column
 * header is the visible label). The type makes leaving out both a compile error.
 */
type Labelled = { id: string; label?: undefined } | { label: string; id?: undefined }

export type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'id' | 'aria-label'> &
  Labelled & {
    value: number
    onValue: (n: number) => void
    /** Shows an empty field for 0 (new rows: "not entered yet"). */
    blankZero?: boolean
  }

/**
 * A number field over a numeric value: keeps what is typed ("1.", "0,5") while the value is the
 * parsed number (a comma counts as the decimal point); an empty field is 0.
 */
export function NumberInput({ value, onValue, blankZero, label, ...input }: NumberInputProps) {
  const shown = (n: number) => (blankZero && n === 0 ? '' : String(n))
  const [text, setText] = useState(() => shown(value))
  const parse = (t: string) => {
    const n = Number(t.replace(',', '.'))
    return t.trim() === '' || Number.isNaN(n) ? 0 : n
  }
  // A value changed from outside (a reset, a removed row): show it.
  if (parse(text) !== value && !(text.trim() === '' && value === 0)) setText(shown(value))
  return (
    <input
      type="number"
      inputMode="decimal"
      aria-label={label}
      value={text}
      onChange={(e) => {
        setText(e.target.value)
        onValue(parse(e.target.value))
      }}
      {...input}
    />
  )
}

/** A form card that submits through `onSubmit` (no browser validation, no page reload). */
export function FormCard({ onSubmit, children }: { onSubmit: () => unknown; children: ReactNode }) {
  return (
    <form
      className="card form-narrow"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void onSubmit()
      }}
    >
      {children}
    </form>
  )
}

/**
 * The leave-guard of a form with unsaved changes (`isDirty` of the form's connect function): the
 * browser asks before the page is closed or reloaded. UI glue only; the flag lives in the machine.
 */
export function useLeaveGuard(isDirty: boolean) {
  useEffect(() => {
    if (!isDirty) return
    const ask = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [isDirty])
}
