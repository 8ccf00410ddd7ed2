import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { CHECKED_FIELDS, type CredentialCheckContext, credentialCheckMachine } from '../../machines/clientsCredentialCheck.ts'
import { credentialCheckSamples, sandboxContract } from '../../machines/clientsCredentialCheck.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as CredentialCheckContext | undefined

/**
 * Credentials: editing login, password or service needs a new check; Check shows until a
 * check succeeds, then Save; a refused check (406) gives the 10-second error; a protected account
 * cannot be edited or deleted but can be unpinned; the permission-check modal never saves.
 */
describeModel(credentialCheckMachine, credentialCheckSamples, {
  check: ({ event, snapshot, prev, effects }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // Check and Save never show together; Save only after a successful check (or an untouched stored account).
    expect(snapshot.hasTag('needsCheck') && snapshot.hasTag('canSave')).toBe(false)
    if (snapshot.hasTag('canSave')) expect(c.checked).toBe(true)
    if (snapshot.hasTag('needsCheck')) expect(c.checked).toBe(false)
    // A protected account: nothing but unpinning.
    if (snapshot.hasTag('locked')) {
      expect(snapshot.can({ type: 'SAVE' }) || snapshot.can({ type: 'DELETE' }) || snapshot.can({ type: 'SET', name: 'username', value: 'x' })).toBe(false)
      expect(snapshot.can({ type: 'UNPIN' })).toBe(true)
    }
    // The modal only checks.
    if (c.mode === 'probe') {
      expect(snapshot.can({ type: 'SAVE' }) || snapshot.can({ type: 'DELETE' }) || snapshot.can({ type: 'UNPIN' })).toBe(false)
    }
    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.hasTag(c.mode === 'probe' ? 'needsCheck' : 'busy')).toBe(true)
        break
      case 'SET': {
        const e = event as unknown as { name: string; value: unknown }
        expect(c.values[e.name as keyof typeof c.values]).toBe(e.value)
        if (CHECKED_FIELDS.includes(e.name)) {
          expect(snapshot.hasTag('needsCheck')).toBe(true)
          expect(c.result).toBeNull()
        } else {
          expect(c.checked).toBe(before!.checked)
        }
        break
      }
      case 'CHECK':
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(before!.values.username.trim()).not.toBe('')
        break
      case 'xstate.done.actor.check':
        expect(effects).toContain('checkOk')
        expect(c.result).toEqual(sandboxContract)
        expect(snapshot.hasTag('canSave')).toBe(true)
        expect(snapshot.can({ type: 'SAVE' })).toBe(c.mode === 'account' && c.values.id_type !== null)
        break
      case 'xstate.error.actor.check':
      case 'xstate.error.actor.save': {
        const status = (event as unknown as { error: { status: number } }).error.status
        if (status === 406) {
          expect(effects).toContain('checkFailed')
          expect(snapshot.hasTag('needsCheck')).toBe(true)
        } else {
          expect(effects).toContain('failed')
          expect(effects).not.toContain('checkFailed')
        }
        if (status === 422) expect(c.serverErrors).toEqual({ username: ['Pole jest wymagane'] })
        break
      }
      case 'SAVE':
        expect(before!.checked).toBe(true)
        expect(before!.values.id_type).not.toBeNull()
        expect(snapshot.hasTag('busy')).toBe(true)
        break
      case 'xstate.done.actor.save':
        expect(effects).toEqual(['saved'])
        expect(snapshot.hasTag('done')).toBe(true)
        break
      case 'xstate.done.actor.load': {
        const hasAccount = (event as unknown as { output: { account?: unknown } }).output.account !== undefined
        expect(snapshot.hasTag(c.protected ? 'locked' : hasAccount ? 'canSave' : 'needsCheck')).toBe(true)
        expect(c.reference).not.toBeNull()
        if (hasAccount) expect(c.values.password).toBe('')
        break
      }
      case 'xstate.done.actor.remove':
        expect(effects).toEqual(['removed'])
        break
      case 'xstate.done.actor.unpin':
        expect(effects).toEqual(['unpinned'])
        break
      case 'DELETE':
      case 'UNPIN':
        expect(snapshot.hasTag('confirming')).toBe(true)
        break
    }
  },
})
