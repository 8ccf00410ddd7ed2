import { describe, expect, it } from 'vitest'
import { type AnyActorRef, type AnyEventObject, createActor, createMachine, fromCallback } from 'xstate'
import { SCANNER } from '../../src/contract/constants/warehouse.ts'
import { type KeyboardCommand, type KeyPlace, type ScanCaptureEvent, scanCaptureMachine } from '../../machines/floorScanCapture.ts'

/** The capture with a recording scanner and keyboard; time is driven by hand. */
function capture() {
  const scanner: AnyEventObject[] = []
  const released: string[] = []
  const scannerActor = createActor(createMachine({ on: { '*': { actions: ({ event }) => void scanner.push(event) } } })).start()
  const machine = scanCaptureMachine.provide({
    actors: {
      keyboard: fromCallback<KeyboardCommand, { capture: AnyActorRef }, ScanCaptureEvent>(({ receive }) => {
        receive((c) => void released.push(c.keys))
      }),
    },
  })
  const actor = createActor(machine, { input: { scanner: scannerActor } }).start()
  const key = (k: string, place: KeyPlace) => actor.send({ type: 'KEY', key: k, place })
  const keys = () => scanner.filter((e) => e.type === 'KEY').map((e) => e.key).join('')
  return { actor, scanner, released, key, keys }
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('scan capture', () => {
  it('a code typed fast into a text field goes to the scanner with its Enter; nothing lands in the field', async () => {
    const c = capture()
    for (const k of 'RE100000170') c.key(k, 'field')
    expect(c.actor.getSnapshot().hasTag('capturing')).toBe(true)
    c.actor.send({ type: 'ENTER' })
    expect(c.keys()).toBe('RE100000170')
    expect(c.scanner.at(-1)).toEqual({ type: 'SUBMIT' })
    await wait(SCANNER.burst.keyGapMs + 20)
    expect(c.released).toEqual([])
  })

  it("a person's keys in a text field are released into it, in order", async () => {
    const c = capture()
    c.key('T', 'field')
    await wait(SCANNER.burst.keyGapMs + 20)
    c.key('Y', 'field')
    c.actor.send({ type: 'OTHER_KEY' })
    expect(c.released).toEqual(['T', 'Y'])
    expect(c.keys()).toBe('')
  })

  it('keys typed anywhere but a text field go to the scanner at once; a letter in a number field too', () => {
    const c = capture()
    c.key('R', 'elsewhere')
    expect(c.keys()).toBe('R')
    const d = capture()
    d.key('4', 'numberField')
    d.key('R', 'numberField')
    expect(d.keys()).toBe('4R')
    expect(d.released).toEqual([])
  })
})
