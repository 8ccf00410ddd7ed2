import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { MSG } from '../../src/contract/messages.ts'
import { type PasswordChangeContext, type PasswordChangeEvent, passwordChangeMachine, connectPasswordChange } from '../../machines/sessionPasswordChange.ts'
import { passwordChangeSamples } from '../../machines/sessionPasswordChange.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as PasswordChangeContext | undefined

describeModel(passwordChangeMachine, passwordChangeSamples, {
  check: ({ event, snapshot, prev, effects, calls, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // The form can be sent exactly when it is not already being sent.
    expect(snapshot.hasTag('editable')).toBe(!snapshot.matches('saving'))
    // The connect function asks the same tags and shows the server's field messages.
    const api = connectPasswordChange(snapshot as Parameters<typeof connectPasswordChange>[0], () => {})
    expect(api.isBusy).toBe(snapshot.matches('saving'))
    expect(api.isEditable).toBe(!snapshot.matches('saving'))
    expect(api.serverErrors).toBe(c.fieldErrors)
    expect(api.formKey).toBe(c.saved)
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('saving'))

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('editing')
        expect(c).toEqual({ fieldErrors: {}, saved: 0 })
        break
      case 'SUBMIT': {
        const e = event as Extract<PasswordChangeEvent, { type: 'SUBMIT' }>
        expect(snapshot.value).toBe('saving')
        // The current password goes with the new one (the server refuses the change without it).
        expect(invoked).toEqual([{ id: 'save', src: 'save', input: e.values }])
        expect((invoked[0]!.input as { current_password: string }).current_password).toBe('worker123')
        expect(c.fieldErrors).toEqual({})
        break
      }
      case 'EDIT':
        expect(c.fieldErrors.current_password).toBeUndefined()
        expect(snapshot.value).toEqual(prev!.value)
        break
      case 'xstate.done.actor.save':
        expect(snapshot.value).toBe('saved')
        expect(snapshot.hasTag('done')).toBe(true)
        expect(c.saved).toBe(before!.saved + 1)
        expect(effects).toEqual(['announceSaved'])
        expect(calls[0]!.params).toEqual({ message: 'password_changed' })
        break
      case 'xstate.error.actor.save': {
        const status = (event as unknown as { error: { status: number } }).error.status
        expect(snapshot.value).toBe('editing')
        expect(c.saved).toBe(before!.saved)
        if (status === 422) {
          expect(c.fieldErrors).toEqual({ current_password: [MSG.wrongCurrentPassword] })
          expect(effects).toEqual([])
        } else if (status === 401) {
          // The API client signs the user out; no second message here.
          expect(effects).toEqual([])
        } else {
          expect(effects).toEqual(['announceError'])
          expect(calls[0]!.params).toEqual({ message: MSG.tooManyAttempts(15) })
        }
        break
      }
    }
  },
})
