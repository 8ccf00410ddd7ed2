import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { MSG } from '../../src/contract/messages.ts'
import { type AdminRecordFormContext, connectAdminRecordForm, adminRecordFormMachine, shownErrors } from '../../machines/adminRecordForm.ts'
import { adminRecordFormSamples } from '../../machines/adminRecordForm.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as AdminRecordFormContext | undefined

describeModel(adminRecordFormMachine, adminRecordFormSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const props = connectAdminRecordForm(snapshot as Parameters<typeof connectAdminRecordForm>[0], () => {})
    // Tags: busy while a call runs, editable only when something can be changed.
    expect(snapshot.hasTag('busy')).toBe(['loading', 'saving', 'deleting'].some((s) => snapshot.matches(s)))
    expect(props.editable).toBe(snapshot.matches('editing') && !c.readOnly)
    expect(props.canSave).toBe(props.editable)
    // Delete is offered only for a stored record the server says may go.
    expect(props.canDelete).toBe(snapshot.matches('editing') && c.recordId !== null && c.deletable)
    // Nothing invalid or read-only is ever sent.
    for (const call of invoked.filter((i) => i.src === 'save')) {
      expect(c.readOnly).toBe(false)
      expect(String((call.input as { values: { name: unknown } }).values.name).trim()).not.toBe('')
    }
    switch (event.type) {
      case 'xstate.init':
        // Every form loads first: a new record's empty values and choices come from `load` too.
        expect(invoked).toEqual([{ id: 'load', src: 'load', input: { id: c.recordId } }])
        break
      case 'CHANGE':
        if (c.readOnly) expect(c.values).toEqual(ctx(prev)!.values)
        else expect(shownErrors(c, 'name')).toEqual(c.values.name === '' ? [MSG.required] : [])
        break
      case 'SUBMIT':
        expect(c.submitted).toBe(true)
        expect(snapshot.matches('saving')).toBe(!c.readOnly && !c.errors.name?.length)
        break
      case 'xstate.done.actor.save':
        expect(effects).toEqual(['saved'])
        expect(c.recordId).toBe(7)
        expect(snapshot.matches('editing')).toBe(true)
        break
      case 'xstate.error.actor.save':
        expect(effects).toEqual(['failed'])
        expect(shownErrors(c, 'name')).toEqual(['Nazwa zajęta'])
        break
      case 'xstate.done.actor.remove':
        expect(effects).toEqual(['removed'])
        expect(snapshot.status).toBe('done')
        break
      case 'xstate.error.actor.remove':
        expect(effects).toEqual(['failed'])
        expect(snapshot.matches('editing')).toBe(true)
        break
      case 'xstate.error.actor.load':
        expect(props.problem).toBe('Nie znaleziono statusu')
        break
    }
  },
})
