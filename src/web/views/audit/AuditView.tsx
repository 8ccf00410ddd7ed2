import { useMachine } from '@xstate/react'
import { AUDIT } from '../../../contract/constants/audit.ts'
import { AUDIT_MSG } from '../../../contract/messages/audit.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { type AuditField, connectAudit } from '../../../../machines/audit.ts'
import { inspect } from '../../inspector/index.ts'
import { Field } from '../../ui/form.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { auditLogic } from '../../wiring/audit.ts'
import { AuditRows } from './AuditTable.tsx'

const F = AUDIT_MSG.filters

/** /audit (admins): who changed what, newest first, filtered by person, entity, days and text; the XLSX of the same filter. */
export default function AuditView() {
  const [state, send] = useMachine(auditLogic, { input: {}, inspect })
  const p = connectAudit(state, send)
  /** A text or date field with its refusal under it. */
  const field = (name: Exclude<AuditField, 'entity'>, label: string, type: 'text' | 'date' = 'text') => {
    const error = p.errorOf(name)
    return (
      <Field
        id={`audit-${name}`}
        name={name}
        label={label}
        data-testid={`audit-${name}`}
        type={type}
        value={p.draft[name]}
        maxLength={type === 'text' ? AUDIT.maxEmailFilterLength : undefined}
        errors={error ? [error] : []}
        onChange={(e) => p.set(name, e.target.value)}
      />
    )
  }
  return (
    <section className="page" data-testid="audit-page">
      <div className="page-header">
        <h1>{AUDIT_MSG.title}</h1>
        <span className="spacer" />
        <button type="button" className="btn" data-testid="audit-export" onClick={p.exportFile}>
          {F.export}
        </button>
      </div>
      <p className="muted">{AUDIT_MSG.intro}</p>
      <form
        className="card filters"
        aria-label={UI_TEXT.filter}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          p.apply()
        }}
      >
        <div className="filters-grid">
          {field('user_email', F.who)}
          <div className="field">
            <label htmlFor="audit-entity">{F.entity}</label>
            <select id="audit-entity" data-testid="audit-entity-filter" value={p.draft.entity} onChange={(e) => p.set('entity', e.target.value)}>
              <option value="">{UI_TEXT.all}</option>
              {AUDIT.entities.map((e) => (
                <option key={e} value={e}>
                  {AUDIT_MSG.entities[e]}
                </option>
              ))}
            </select>
          </div>
          {field('from', F.from, 'date')}
          {field('to', F.to, 'date')}
          {field('text', F.text)}
        </div>
        <FormActions submit={{ label: UI_TEXT.filter, disabled: !p.canApply, testId: 'audit-apply' }}>
          <button type="button" className="btn" data-testid="audit-clear" disabled={!p.canReset} onClick={p.reset}>
            {UI_TEXT.clear}
          </button>
        </FormActions>
      </form>
      {p.table && <AuditRows table={p.table} emptyText={AUDIT_MSG.empty} />}
    </section>
  )
}
