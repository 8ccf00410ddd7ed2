import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { MSG } from '../../src/contract/messages.ts'
import { type RecordFormContext, fieldErrors, recordFormMachine } from '../../machines/recordForm.ts'
import { recordFormSamples } from '../../machines/recordForm.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as RecordFormContext | undefined

/** A form submits only valid values; 422 messages land on their fields; the confirmed action stays or leaves. */
describeModel(recordFormMachine, recordFormSamples, {
  check: ({ event, snapshot, prev, effects }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const valid = Object.keys(c.validate(c.values)).length === 0
    // The submit is possible exactly while editing valid values (the button is disabled otherwise).
    if (snapshot.hasTag('editable')) expect(snapshot.can({ type: 'SUBMIT' }) && valid).toBe(valid)
    switch (event.type) {
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
      case 'SET':
        expect(c.serverErrors.name).toBeUndefined()
        break
      case 'xstate.error.actor.save': {
        const status = (event as unknown as { error: { status: number } }).error.status
        expect(effects).toEqual(['failed'])
        expect(snapshot.hasTag('editable')).toBe(true)
        if (status === 422) expect(fieldErrors(c, 'name')).toContain(MSG.emailTaken)
        else expect(c.serverErrors).toEqual({})
        break
      }
      case 'xstate.done.actor.save':
        expect(effects).toEqual(['saved'])
        expect(snapshot.hasTag('done')).toBe(true)
        break
      case 'ACT':
        expect(c.id).not.toBeNull()
        expect(snapshot.hasTag('confirming')).toBe(true)
        break
      case 'xstate.done.actor.act':
        if ((event as unknown as { output: { leave?: boolean } }).output.leave) expect(effects).toEqual(['left'])
        else {
          expect(effects).toEqual(['acted'])
          expect(c.values.deleted_at).toBe('2026-11-25T08:00:00.000Z')
        }
        break
      case 'xstate.error.actor.load':
        expect(snapshot.hasTag('problem')).toBe(true)
        expect(c.error).toBe('Klient nie istnieje')
        break
    }
  },
})
