import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { MSG } from '../../src/contract/messages.ts'
import { type RecordFormContext, connectRecordForm, fieldErrors, recordFormMachine } from '../../machines/recordForm.ts'
import { recordFormSamples } from '../../machines/recordForm.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as RecordFormContext | undefined

/**
 * A form submits only valid values of a record that may change; 422 messages land on their fields;
 * the confirmed action is offered only where the record allows it, and stays or leaves.
 */
describeModel(recordFormMachine, recordFormSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const props = connectRecordForm(snapshot, () => {})
    const valid = Object.keys(c.validate(c.values)).length === 0
    // Tags: busy exactly while a call runs; editable only while the record can be changed, read-only while it is only viewed.
    expect(props.busy).toBe(['loading', 'saving', 'acting'].some((s) => snapshot.matches(s)))
    expect(props.editable).toBe(snapshot.matches('editing'))
    expect(props.readOnly).toBe(snapshot.matches('viewing'))
    if (props.editable || props.readOnly) expect(c.readOnly).toBe(props.readOnly)
    // The submit is possible exactly while editing valid values (the button is disabled otherwise); never while only viewing.
    if (snapshot.hasTag('editable')) expect(snapshot.can({ type: 'SUBMIT' }) && valid).toBe(valid)
    expect(props.canSubmit).toBe(props.editable && valid)
    if (props.readOnly) {
      expect(snapshot.can({ type: 'SUBMIT' })).toBe(false)
      expect(snapshot.can({ type: 'SET', name: 'name', value: 'x' })).toBe(false)
    }
    // The action is offered only for a stored record that allows it.
    expect(props.canAct).toBe((props.editable || props.readOnly) && c.id !== null && c.actable)
    // Nothing invalid or read-only is ever sent.
    for (const call of invoked.filter((i) => i.src === 'save')) {
      expect(c.readOnly).toBe(false)
      expect(String((call.input as { values: { name: unknown } }).values.name).trim()).not.toBe('')
    }
    switch (event.type) {
      case 'xstate.init':
        // Every form loads first: a new record's empty values and choices come from `load` too.
        expect(invoked).toEqual([{ id: 'load', src: 'load', input: { id: c.id } }])
        expect(props.loading).toBe(true)
        break
      case 'xstate.done.actor.load': {
        const out = (event as unknown as { output: { readOnly?: boolean; actable?: boolean; facts?: unknown[] } }).output
        expect(props.loading).toBe(false)
        expect(props.isDirty).toBe(false)
        expect(snapshot.matches(out.readOnly ? 'viewing' : 'editing')).toBe(true)
        expect(c.actable).toBe(out.actable ?? c.id !== null)
        expect(props.facts).toEqual(out.facts ?? [])
        break
      }
      case 'SUBMIT':
        if (Object.keys(before!.validate(before!.values)).length === 0) expect(snapshot.hasTag('busy')).toBe(true)
        else {
          expect(snapshot.hasTag('editable')).toBe(true)
          expect(fieldErrors(c, 'name')).toContain(MSG.required)
        }
        break
      case 'TOUCH':
        if (!valid) expect(fieldErrors(c, 'name')).toContain(MSG.required)
        break
      case 'SET': {
        expect(c.serverErrors.name).toBeUndefined()
        // Changed values guard the leaving of the page; fieldProps gives the field what it needs.
        expect(props.isDirty).toBe(true)
        const f = props.fieldProps('name')
        expect(f).toMatchObject({ name: 'name', value: String(c.values.name ?? ''), readOnly: false })
        expect(f.errors).toEqual(fieldErrors(c, 'name'))
        break
      }
      case 'xstate.error.actor.save': {
        const status = (event as unknown as { error: { status: number } }).error.status
        expect(effects).toEqual(['failed'])
        expect(snapshot.hasTag('editable')).toBe(true)
        if (status === 422) expect(fieldErrors(c, 'name')).toEqual([MSG.emailTaken])
        else expect(c.serverErrors).toEqual({})
        break
      }
      case 'xstate.done.actor.save': {
        const answer = (event as unknown as { output: { id: number } }).output
        expect(effects).toEqual(['saved'])
        expect(c.dirty).toBe(false)
        // A stored record's form returns to editing after a save (never frozen until the page is left);
        // a new record's form is done (the web leaves for the list) unless it says it stays open.
        expect(snapshot.hasTag('editable')).toBe(before!.id !== null || before!.keepEditing)
        expect(props.fieldProps('name').readOnly).toBe(!props.editable)
        // A form that stays open edits the record the answer names; else it is done.
        if (c.keepEditing) {
          expect(snapshot.hasTag('editable')).toBe(true)
          expect(c.id).toBe(answer.id)
        } else {
          expect(snapshot.hasTag('done')).toBe(true)
          expect(c.id).toBe(before!.id)
        }
        // A form that resets starts again from the loaded values, untouched; another keeps what was saved.
        if (c.resetAfterSave) {
          expect(c.values).toEqual(before!.loaded)
          expect(c.touched).toEqual({})
          expect(c.submitted).toBe(false)
        } else expect(c.values).toBe(before!.values)
        break
      }
      case 'ACT':
        expect(c.id).not.toBeNull()
        expect(snapshot.hasTag('confirming')).toBe(true)
        // The action asked is kept for the act (a record may offer several: delete, clear).
        expect(props.pendingAction).toBe((event as { action?: string }).action ?? null)
        break
      case 'RELOAD':
        expect(props.loading).toBe(true)
        expect(invoked.map((i) => i.src)).toEqual(['load'])
        break
      case 'CONFIRM':
        // The confirmation stays open, busy, while the action runs, and the act is told which action.
        expect(props.confirming && props.busy).toBe(true)
        expect(invoked.map((i) => i.input)).toEqual([{ id: c.id, values: c.values, action: c.action }])
        break
      case 'xstate.done.actor.act':
        if ((event as unknown as { output: { leave?: boolean } }).output.leave) {
          expect(effects).toEqual(['left'])
          expect(snapshot.hasTag('done')).toBe(true)
          expect(c.acted?.message).toBe('status_removed')
        } else {
          const out = (event as unknown as { output: { values?: unknown; extra?: unknown } }).output
          expect(effects).toEqual(['acted'])
          if (out.values) expect(c.values.deleted_at).toBe('2026-11-25T08:00:00.000Z')
          if (out.extra) expect(c.extra).toEqual({ free: true })
          expect(props.acts).toBe(before!.acts + 1)
                  }
        break
      case 'xstate.error.actor.act':
        expect(effects).toEqual(['failed'])
        expect(props.error).toBe('Status jest używany')
        expect(snapshot.matches(c.readOnly ? 'viewing' : 'editing')).toBe(true)
        break
      case 'xstate.error.actor.load':
        expect(props.problem).toBe(true)
        expect(props.error).toBe('Klient nie istnieje')
        break
    }
  },
})
