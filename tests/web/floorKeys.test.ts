// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyActorLogic, type AnyEventObject, createActor, createMachine, fromPromise } from 'xstate'
import type { ClientRef } from '../../src/contract/schemas/common.ts'
import { SEARCH_DELAY_MS } from '../../src/contract/constants/ui.ts'
import { chooseClientMachine } from '../../machines/floorChooseClient.ts'
import { floorFocusLock } from '../../src/web/wiring/floorCapture.ts'
import { inboundPageKeys } from '../../src/web/wiring/floorExternalInbound.ts'
import { chooseClientWindowFocus, intakePageKeys } from '../../src/web/wiring/floorIntake.ts'
import { OPEN_WINDOW } from '../../src/web/wiring/floorDom.ts'

/**
 * The floor's document listeners as the machines' children: attached when the screen's machine
 * starts, feeding it events, and gone when it stops.
 */

const press = (key: string, target: EventTarget = document.body) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  target.dispatchEvent(e)
  return e
}

/** A screen stand-in invoking `keys` (with itself as `screen`) and recording what they send it. */
function screenWith(keys: AnyActorLogic) {
  const got: AnyEventObject[] = []
  const machine = createMachine({
    invoke: { id: 'pageKeys', src: keys, input: ({ self }) => ({ screen: self }) },
    on: { '*': { actions: ({ event }) => void got.push(event) } },
  })
  return { actor: createActor(machine), got }
}

/** The document's listeners now attached (type, capture), kept by watching add and remove. */
let attached: Map<EventListenerOrEventListenerObject, string>
beforeEach(() => {
  attached = new Map()
  const add = document.addEventListener.bind(document)
  const remove = document.removeEventListener.bind(document)
  vi.spyOn(document, 'addEventListener').mockImplementation((type, fn, options) => {
    attached.set(fn!, `${type}${options === true ? ' capture' : ''}`)
    add(type, fn, options)
  })
  vi.spyOn(document, 'removeEventListener').mockImplementation((type, fn, options) => {
    attached.delete(fn!)
    remove(type, fn, options)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})
const listeners = () => [...attached.values()].sort()

describe('focus lock keyboard (floorCapture.ts)', () => {
  it('Escape locks and frees the lock, putting the focus back into the field; stopped, the page keys no longer reach it', () => {
    document.body.innerHTML = '<input id="scan"><input id="where">'
    const field = document.getElementById('scan') as HTMLInputElement
    const actor = createActor(floorFocusLock(() => field))
    expect(listeners()).toEqual([])
    actor.start()
    expect(listeners()).toEqual(['keydown capture', 'pointerdown capture'])
    ;(document.getElementById('where') as HTMLInputElement).focus()
    press('Escape')
    expect(actor.getSnapshot().hasTag('locked')).toBe(true)
    press('Escape')
    expect(actor.getSnapshot().hasTag('locked')).toBe(false)
    expect(document.activeElement).toBe(field)
    press('Tab')
    expect(actor.getSnapshot().hasTag('locked')).toBe(true)
    actor.stop()
    // Removed with the machine.
    expect(listeners()).toEqual([])
  })
})

describe('intake page keys (floorIntake.ts)', () => {
  it('Delete clears the focused section, Page Down asks for the dimensions; keys in an open window are its own', () => {
    document.body.innerHTML =
      '<div data-section="where"><input id="where"></div><div data-section="status"><select id="status"></select></div>' +
      '<form data-section="dimensions"><input id="w"></form><p id="none" tabindex="0"></p>'
    const s = screenWith(intakePageKeys)
    s.actor.start()
    expect(listeners()).toEqual(['keydown'])
    ;(document.getElementById('where') as HTMLInputElement).focus()
    expect(press('Delete', document.activeElement!).defaultPrevented).toBe(true)
    ;(document.getElementById('status') as HTMLSelectElement).focus()
    press('Delete', document.activeElement!)
    ;(document.getElementById('w') as HTMLInputElement).focus()
    press('Delete', document.activeElement!)
    // No section focused: Delete is the page's.
    ;(document.getElementById('none') as HTMLElement).focus()
    expect(press('Delete', document.activeElement!).defaultPrevented).toBe(false)
    expect(press('PageDown').defaultPrevented).toBe(true)
    expect(s.got).toEqual([
      { type: 'SET_WHERE', where: '' },
      { type: 'CLEAR_SECTION', section: 'status' },
      { type: 'CLEAR_SECTION', section: 'dimensions' },
      // No parcel shown: the machine says to scan one first.
      { type: 'EDIT_DIMENSIONS', parcelId: null, values: { weight: '', length: '', height: '', width: '' } },
    ])
    document.body.insertAdjacentHTML('beforeend', '<dialog open></dialog>')
    press('PageDown')
    expect(s.got).toHaveLength(4)
    document.querySelector(OPEN_WINDOW)!.remove()
    s.actor.stop()
    expect(listeners()).toEqual([])
  })
})

describe('external inbound page keys (floorExternalInbound.ts)', () => {
  it('keys typed with no field focused go to the machine, Enter too; keys in a field are the field’s; stopped, none', () => {
    document.body.innerHTML = '<input id="manual">'
    const s = screenWith(inboundPageKeys)
    s.actor.start()
    expect(listeners()).toEqual(['keydown'])
    press('R')
    press('1')
    expect(press('Enter').defaultPrevented).toBe(true)
    press('X', document.getElementById('manual')!)
    expect(s.got).toEqual([{ type: 'PAGE_KEY', key: 'R' }, { type: 'PAGE_KEY', key: '1' }, { type: 'PAGE_ENTER' }])
    s.actor.stop()
    expect(listeners()).toEqual([])
  })
})

describe('choose-client window focus (floorIntake.ts)', () => {
  const chooser = () =>
    chooseClientMachine.provide({
      actors: {
        searchClients: fromPromise<readonly ClientRef[], { text: string }>(async () => [{ id: 7, name: 'Sklep' }]),
        windowFocus: chooseClientWindowFocus,
      },
    })
  const drawn = () => {
    document.body.innerHTML = '<input id="scan"><div data-machine="chooseClient"><input id="first"><input id="second"></div>'
    ;(document.getElementById('scan') as HTMLInputElement).focus()
  }
  const focused = () => document.activeElement?.id

  it('takes the focus into the window when it opens and when it turns, never from a field in it; stopped, nothing moves', async () => {
    vi.useFakeTimers()
    try {
      drawn()
      const actor = createActor(chooser(), { input: {} }).start()
      expect(focused()).toBe('scan')
      await vi.advanceTimersByTimeAsync(60)
      expect(focused()).toBe('first')

      // Typing in the window's second field: turning to the confirmation leaves it there.
      actor.send({ type: 'TYPE', text: 'Sklep' })
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 60)
      expect(actor.getSnapshot().hasTag('results')).toBe(true)
      ;(document.getElementById('second') as HTMLInputElement).focus()
      actor.send({ type: 'PICK', client: { id: 7, name: 'Sklep' } })
      expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
      await vi.advanceTimersByTimeAsync(60)
      expect(focused()).toBe('second')

      // The focus went back to the barcode (a window closed beside it): back to the search takes it.
      ;(document.getElementById('scan') as HTMLInputElement).focus()
      actor.send({ type: 'BACK' })
      expect(actor.getSnapshot().hasTag('confirming')).toBe(false)
      await vi.advanceTimersByTimeAsync(60)
      expect(focused()).toBe('first')

      ;(document.getElementById('scan') as HTMLInputElement).focus()
      actor.send({ type: 'PICK', client: { id: 7, name: 'Sklep' } })
      expect(actor.getSnapshot().hasTag('confirming')).toBe(true)
      actor.stop()
      await vi.advanceTimersByTimeAsync(60)
      expect(focused()).toBe('scan')
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits for the window to be drawn', async () => {
    vi.useFakeTimers()
    try {
      document.body.innerHTML = '<input id="scan">'
      ;(document.getElementById('scan') as HTMLInputElement).focus()
      createActor(chooser(), { input: {} }).start()
      await vi.advanceTimersByTimeAsync(60)
      expect(focused()).toBe('scan')
      document.body.insertAdjacentHTML('beforeend', '<div data-machine="chooseClient"><input id="first"></div>')
      await vi.advanceTimersByTimeAsync(50)
      expect(focused()).toBe('first')
    } finally {
      vi.useRealTimers()
    }
  })
})
