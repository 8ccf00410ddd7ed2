import { expect } from 'vitest'
import type { AnyMachineSnapshot, SnapshotFrom } from 'xstate'
import { SEARCH_DELAY_MS } from '../../src/contract/constants/ui.ts'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import type { ClientRef } from '../../src/contract/schemas/common.ts'
import { type ChooseClientContext, type ChooseClientEvent, chooseClientMachine, connectChooseClient, isSearchable } from '../../machines/floorChooseClient.ts'
import { chooseClientSamples } from '../../machines/floorChooseClient.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ChooseClientContext | undefined
const error = (text: string) => ({ tone: 'error', messages: [{ text, type: 'error', duration: WAREHOUSE.toastMs.scanError }], big: false })
let typedAt = 0

describeModel(chooseClientMachine, chooseClientSamples, {
  check: ({ event, snapshot, prev, effects, invoked, replay }) => {
    const c = ctx(snapshot)!
    // The view's props come from tags: open until a final state, busy while a call runs, the list only while searching.
    const out: ChooseClientEvent[] = []
    const v = connectChooseClient(snapshot as unknown as SnapshotFrom<typeof chooseClientMachine>, (e) => void out.push(e))
    expect(v.open).toBe(snapshot.status === 'active')
    expect(v.busy).toBe(snapshot.matches('verifying') || snapshot.matches({ searching: 'loading' }))
    expect(v.confirming).toBe(snapshot.matches('confirming') || snapshot.matches('verifying'))
    expect(v.noClients).toBe(snapshot.matches({ searching: 'results' }) && c.clients.length === 0)
    if (v.confirming) expect(v.clients).toEqual([])
    v.verify()
    v.cancel()
    v.type('abc')
    expect(out).toEqual([{ type: 'VERIFY' }, { type: 'CANCEL' }, { type: 'TYPE', text: 'abc' }])
    const before = ctx(prev)
    if (prev && c.feedback !== before!.feedback) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toEqual({ searching: 'idle' })
        expect(c.barcode).toBe('UNKNOWN0001')
        break
      case 'TYPE': {
        const text = (event as unknown as { text: string }).text
        expect(c.text).toBe(text)
        typedAt = replay.clock.now()
        // The search starts at 3 characters.
        if (isSearchable(text)) expect(snapshot.value).toEqual({ searching: 'debouncing' })
        else expect([snapshot.value, c.clients]).toEqual([{ searching: 'idle' }, []])
        expect(invoked).toEqual([])
        break
      }
      case 'xstate.after.searchDelay.chooseClient.searching.debouncing':
        expect(replay.clock.now() - typedAt).toBe(SEARCH_DELAY_MS)
        expect(snapshot.value).toEqual({ searching: 'loading' })
        expect(invoked).toEqual([{ id: 'searchClients', src: 'searchClients', input: { text: c.text.trim() } }])
        break
      case 'xstate.done.actor.searchClients':
        expect(snapshot.value).toEqual({ searching: 'results' })
        expect(c.clients).toEqual((event as unknown as { output: ClientRef[] }).output)
        break
      case 'xstate.error.actor.searchClients':
        expect(snapshot.value).toEqual({ searching: 'results' })
        expect(c.clients).toEqual([])
        expect(c.feedback).toEqual(error(FLOOR_MSG.clientSearchFailed))
        break
      case 'PICK':
        expect(snapshot.value).toBe('confirming')
        expect(c.picked).toEqual((event as unknown as { client: ClientRef }).client)
        expect([c.postalCode, c.phone]).toEqual(['', ''])
        break
      case 'SET_POSTAL_CODE':
        expect(c.postalCode).toBe((event as unknown as { value: string }).value)
        break
      case 'SET_PHONE':
        expect(c.phone).toBe((event as unknown as { value: string }).value)
        break
      case 'VERIFY':
        // Confirmation by the client's postal code and phone number without prefix.
        expect(snapshot.value).toBe('verifying')
        expect(invoked).toEqual([{ id: 'verifyChoice', src: 'verifyChoice', input: { client_id: c.picked!.id, postal_code: c.postalCode, phone_number: c.phone } }])
        break
      case 'xstate.done.actor.verifyChoice': {
        const client = (event as unknown as { output: ClientRef }).output
        expect(snapshot.status).toBe('done')
        expect(snapshot.output).toEqual({ client, barcode: 'UNKNOWN0001' })
        expect(c.feedback).toEqual({ tone: 'success', messages: [{ text: 'Pomyślnie wybrano klienta!', type: 'success', duration: WAREHOUSE.toastMs.confirmation }], big: false })
        break
      }
      case 'xstate.error.actor.verifyChoice': {
        const err = (event as unknown as { error: { status: number; data: { message: string } } }).error
        expect(snapshot.value).toBe('confirming')
        expect(c.feedback).toEqual(error(err.status === 422 ? 'Niepoprawna weryfikacja wyboru klienta!' : err.data.message))
        break
      }
      case 'BACK':
        expect(snapshot.value).toEqual({ searching: 'results' })
        expect(c.picked).toBeNull()
        break
      case 'CANCEL':
        expect(snapshot.status).toBe('done')
        expect(snapshot.output).toEqual({ client: null, barcode: 'UNKNOWN0001' })
        break
      default:
        throw new Error(`No rule checks ${event.type} ${(event as ChooseClientEvent).type}`)
    }
  },
})
