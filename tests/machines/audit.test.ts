import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { AUDIT_MSG } from '../../src/contract/messages/audit.ts'
import { MSG } from '../../src/contract/messages.ts'
import { type AuditContext, EMPTY_AUDIT_CRITERIA, auditErrors, auditFilters, auditMachine, connectAudit } from '../../machines/audit.ts'
import { auditSamples } from '../../machines/audit.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as AuditContext | undefined

/** The draft applies on "Filtruj" only when the filter schema takes it; a refusal stays on its field and nothing changes. */
describeModel(auditMachine, auditSamples, {
  check: ({ event, snapshot, prev, effects }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const api = connectAudit(snapshot as Parameters<typeof connectAudit>[0], () => {})
    expect(api.isEditable).toBe(true)
    expect(api.isHistory).toBe(c.input.record !== undefined)
    // The view renders the running `table` child, handed over by the connect function.
    expect(api.table).toBeDefined()
    expect(api.table).toBe(snapshot.children.table)
    switch (event.type) {
      case 'APPLY': {
        const refused = Object.keys(auditErrors(before!.draft)).length > 0
        if (refused) {
          expect(c.criteria).toEqual(before!.criteria)
          expect(c.errors).toEqual(auditErrors(before!.draft))
        } else {
          expect(c.criteria).toEqual(before!.draft)
          expect(c.errors).toEqual({})
        }
        break
      }
      case 'SET':
        expect(c.criteria).toEqual(before!.criteria)
        break
      case 'RESET':
        expect(c.criteria).toEqual(EMPTY_AUDIT_CRITERIA)
        expect(c.draft).toEqual(EMPTY_AUDIT_CRITERIA)
        break
      case 'EXPORT':
        expect(effects).toContain('exportFile')
        expect(c).toEqual(before)
        break
    }
  },
})

describe('audit filters', () => {
  it('refuses a day that is not in the calendar with the server\'s message, and "od" after "do"', () => {
    const bad = auditErrors({ ...EMPTY_AUDIT_CRITERIA, from: '2026-02-30' })
    expect(Object.keys(bad)).toEqual(['from'])
    expect(bad.from![0]).not.toBe(MSG.invalidValue)
    expect(auditErrors({ ...EMPTY_AUDIT_CRITERIA, from: '2026-11-02', to: '2026-11-01' })).toEqual({ to: [AUDIT_MSG.filters.fromAfterTo] })
    expect(auditErrors({ ...EMPTY_AUDIT_CRITERIA, from: '2026-11-01', to: '2026-11-01' })).toEqual({})
  })
  it("a record's entity and id win over the form; blanks are not sent", () => {
    expect(auditFilters({ ...EMPTY_AUDIT_CRITERIA, entity: 'user', user_email: ' ad ' }, { entity: 'client', entity_id: '7' })).toEqual({
      user_email: 'ad', entity: 'client', entity_id: '7', from: undefined, to: undefined, text: undefined,
    })
  })
})
