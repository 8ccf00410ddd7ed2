import { expect } from 'vitest'
import { type AnyEventObject, type AnyMachineSnapshot, createMachine } from 'xstate'
import { SCANNER, WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { FLOOR_MSG } from '../../src/contract/messages/floor.ts'
import { SCAN_SCREEN_MSG } from '../../src/contract/messages/floorScreens.ts'
import { WAREHOUSE_MSG } from '../../src/contract/messages/warehouse.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import { type AcceptAnswer, type ExternalInboundContext, type ExternalInboundEvent, externalInboundMachine, lastLinkOf } from '../../machines/floorExternalInbound.ts'
import { externalInboundSamples } from '../../machines/floorExternalInbound.samples.ts'
import { SCANNER_POLICIES, normaliseCode } from '../../machines/floorScannerInput.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ExternalInboundContext | undefined
const one = (tone: string, type: string, text: string, duration: number) => ({ tone, messages: [{ text, type, duration }], big: false })

/** What the machine gave its scanner child and sent it (a recorder stands in for it). */
const scannerInputs: unknown[] = []
const toScanner: AnyEventObject[] = []
const scannerRecorder = createMachine({
  context: ({ input }) => {
    scannerInputs.push(input)
    return {}
  },
  on: { '*': { actions: ({ event }) => void toScanner.push(event) } },
})

describeModel(externalInboundMachine, externalInboundSamples, {
  fakes: { scannerInput: scannerRecorder },
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    const scannerGot = toScanner.splice(0)
    // The scanner hears only the page's keys, each as it was typed.
    if (event.type === 'PAGE_KEY') expect(scannerGot).toEqual([{ type: 'KEY', key: (event as Extract<ExternalInboundEvent, { type: 'PAGE_KEY' }>).key }])
    else if (event.type === 'PAGE_ENTER') expect(scannerGot).toEqual([{ type: 'SUBMIT' }])
    else expect(scannerGot).toEqual([])
    if (prev && c.feedback !== before!.feedback) expect(effects).toContain('announce')
    else expect(effects).not.toContain('announce')
    // "Przyjmij" works with something typed, and not while a scan is in flight.
    expect(snapshot.can({ type: 'ACCEPT' })).toBe(!snapshot.matches('accepting') && c.manual.trim() !== '')

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('loading')
        // External intake policy: alarms on EAN8 only.
        expect(scannerInputs.splice(0)).toEqual([{ policy: SCANNER_POLICIES.externalInbound }])
        expect(invoked).toEqual([
          { id: 'pageKeys', src: 'pageKeys', input: undefined },
          { id: 'loadCount', src: 'loadCount', input: undefined },
        ])
        expect(SCANNER_POLICIES.externalInbound.eanLengths).toEqual([8])
        break
      case 'xstate.done.actor.loadCount':
        expect(snapshot.value).toBe('ready')
        expect(c.acceptedScans).toBe(4)
        break
      case 'xstate.error.actor.loadCount':
        expect(snapshot.value).toBe('ready')
        expect(c.acceptedScans).toBeNull()
        break
      case 'SCANNED': {
        const code = (event as Extract<ExternalInboundEvent, { type: 'SCANNED' }>).code
        if (prev!.matches('accepting')) {
          expect(snapshot.value).toBe('accepting')
          expect(invoked).toEqual([])
          // Refused out loud, naming the barcode.
          expect(c.feedback).toEqual({ ...one('error', 'error', FLOOR_MSG.busy, WAREHOUSE.toastMs.scanError), barcode: normaliseCode(code) })
        } else {
          expect(snapshot.value).toBe('accepting')
          expect(invoked).toEqual([{ id: 'accept', src: 'accept', input: { barcode: code } }])
        }
        break
      }
      case 'ACCEPT':
        expect(snapshot.value).toBe('accepting')
        expect(invoked).toEqual([{ id: 'accept', src: 'accept', input: { barcode: before!.manual.trim() } }])
        break
      case 'MANUAL':
        expect(c.manual).toBe((event as Extract<ExternalInboundEvent, { type: 'MANUAL' }>).text)
        expect(snapshot.value).toEqual(prev!.value)
        break
      case 'PAGE_KEY':
      case 'PAGE_ENTER':
        // The page's keys change nothing on the screen but the scanner's buffer.
        expect(snapshot.value).toEqual(prev!.value)
        expect(c).toEqual(before)
        expect(invoked).toEqual([])
        break
      case 'ALARM':
        expect(c.feedback).toEqual(one('warning', 'warning', 'Zeskanowano nieprawidłowy kod - wykryto EAN8', SCANNER.alarmToastMs))
        expect(invoked).toEqual([])
        break
      case 'xstate.done.actor.accept': {
        const a = (event as unknown as { output: AcceptAnswer }).output
        expect(snapshot.value).toBe('ready')
        expect(c.last).toEqual(a.data.data)
        expect(c.manual).toBe('')
        expect(c.acceptedScans).toBe(a.acceptedScans)
        if (a.status === 201) {
          expect(c.lastNew).toBe(true)
          expect(c.feedback).toEqual({ ...one('success', 'success', WAREHOUSE_MSG.inboundAccepted, WAREHOUSE.toastMs.confirmation), barcode: before!.code })
          expect(lastLinkOf(c)).toBe(`${SCAN_SCREEN_MSG.lastAccepted} #${a.data.data!.id}`)
        } else {
          // Any other success: "Przesyłka już istnieje w systemie".
          expect(c.lastNew).toBe(false)
          expect(c.feedback).toEqual({ ...one('warning', 'warning', 'Przesyłka już istnieje w systemie', WAREHOUSE.toastMs.scanError), barcode: before!.code })
          // Not "Ostatnio przyjęta": this scan accepted nothing.
          expect(lastLinkOf(c)).toBe(`${SCAN_SCREEN_MSG.acceptedEarlier} #${a.data.data!.id}`)
        }
        break
      }
      case 'xstate.error.actor.accept':
        expect(snapshot.value).toBe('ready')
        expect(c.feedback).toEqual({ ...one('error', 'error', WAREHOUSE_ANSWER.inboundUnknownCourier, WAREHOUSE.toastMs.scanError), barcode: before!.code })
        expect(c.acceptedScans).toBe(before!.acceptedScans)
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})
