import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { SEARCH_DELAY_MS } from '../../src/contract/constants/ui.ts'
import { WAREHOUSE_ANSWER } from '../../src/contract/messages/warehouseAnswers.ts'
import { type TagFormContext, type TagFormEvent, type TagJob, tagFormMachine } from '../../machines/floorTagForm.ts'
import { demoShop, prbl01, sector3, tagFormSamples, tagReference } from '../../machines/floorTagForm.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as TagFormContext | undefined
const form = (sub: string) => ({ form: sub })
const branch = { client: 'client', workstation: 'workstation', problematic_sector: 'sector' } as const
/** The file name of type and value. */
const FILES: Record<string, string> = {
  client: `client_${demoShop.value}.pdf`,
  workstation: `workstation_${prbl01.value}.pdf`,
  problematic_sector: `problematic_sector_${sector3.value}.pdf`,
}

let typedAt = 0

describeModel(tagFormMachine, tagFormSamples, {
  check: ({ event, snapshot, prev, effects, invoked, replay }) => {
    const c = ctx(snapshot)!
    const before = ctx(prev)
    // The type-ahead never searches below 3 characters.
    for (const call of invoked.filter((i) => i.src === 'searchClients')) expect((call.input as { text: string }).text.length).toBeGreaterThanOrEqual(3)
    // "Generuj" is possible exactly when something is chosen.
    expect(snapshot.can({ type: 'GENERATE' })).toBe(c.value !== null && !snapshot.matches('generating'))

    switch (event.type) {
      case 'xstate.init':
        expect(snapshot.value).toBe('loading')
        expect(invoked.map((i) => i.src)).toEqual(['loadReference'])
        break
      case 'xstate.done.actor.loadReference':
        expect(snapshot.value).toEqual(form('choosingType'))
        expect(c.warehouses).toEqual(tagReference.warehouses)
        expect(c.workstationTypes).toEqual(tagReference.workstationTypes)
        break
      case 'xstate.error.actor.loadReference':
        expect(snapshot.value).toBe('loadFailed')
        expect(c.error).toBe('Brak połączenia z serwerem')
        break
      case 'RETRY':
        expect(snapshot.value).toBe('loading')
        expect(invoked.map((i) => i.src)).toEqual(['loadReference'])
        break
      case 'CHOOSE_TYPE': {
        const e = event as Extract<TagFormEvent, { type: 'CHOOSE_TYPE' }>
        // A new type starts a new choice: nothing chosen, nothing offered.
        expect(c).toMatchObject({ type: e.tagType, warehouseId: null, workstationTypeId: null, clientText: '', options: [], value: null, error: null })
        expect(snapshot.value).toEqual({ form: { [branch[e.tagType]]: e.tagType === 'client' ? 'typing' : 'warehouse' } })
        break
      }
      case 'CHOOSE_WAREHOUSE':
        expect(c.warehouseId).toBe(1)
        expect(c.value).toBeNull()
        if (c.type === 'problematic_sector') {
          expect(snapshot.value).toEqual(form({ sector: 'loading' } as never))
          expect(invoked).toEqual([{ id: 'loadSectors', src: 'loadSectors', input: { warehouseId: 1 } }])
        } else if (c.workstationTypeId !== null) {
          expect(snapshot.value).toEqual(form({ workstation: 'loading' } as never))
          expect(invoked).toEqual([{ id: 'loadWorkstations', src: 'loadWorkstations', input: { warehouseId: 1, workstationTypeId: c.workstationTypeId } }])
        } else {
          expect(snapshot.value).toEqual(form({ workstation: 'type' } as never))
          expect(invoked).toEqual([])
        }
        break
      case 'CHOOSE_WORKSTATION_TYPE':
        // Only after the warehouse (warehouse → type → workstation).
        expect(before!.warehouseId).toBe(1)
        expect(snapshot.value).toEqual(form({ workstation: 'loading' } as never))
        expect(invoked).toEqual([{ id: 'loadWorkstations', src: 'loadWorkstations', input: { warehouseId: 1, workstationTypeId: 3 } }])
        break
      case 'SEARCH_CLIENT': {
        const e = event as Extract<TagFormEvent, { type: 'SEARCH_CLIENT' }>
        expect(c.clientText).toBe(e.text)
        expect(c.value).toBeNull()
        expect(snapshot.value).toEqual(form({ client: e.text.trim().length >= 3 ? 'debouncing' : 'typing' } as never))
        typedAt = replay.clock.now()
        break
      }
      case 'xstate.after.searchDelay.tagForm.form.client.debouncing':
        expect(replay.clock.now() - typedAt).toBe(SEARCH_DELAY_MS)
        expect(snapshot.value).toEqual(form({ client: 'searching' } as never))
        expect(invoked).toEqual([{ id: 'searchClients', src: 'searchClients', input: { text: c.clientText.trim() } }])
        break
      case 'xstate.done.actor.searchClients': {
        const out = (event as unknown as { output: unknown[] }).output
        expect(c.options).toEqual(out)
        expect(snapshot.value).toEqual(form({ client: out.length ? 'results' : 'noResults' } as never))
        break
      }
      case 'xstate.done.actor.loadWorkstations':
      case 'xstate.done.actor.loadSectors':
        expect(c.options).toEqual((event as unknown as { output: unknown[] }).output)
        expect(snapshot.value).toEqual(form({ [branch[c.type!]]: 'choosing' } as never))
        break
      case 'xstate.error.actor.searchClients':
      case 'xstate.error.actor.loadWorkstations':
      case 'xstate.error.actor.loadSectors':
        expect(c.error).toBe('Wystąpił nieznany błąd')
        expect(effects).toEqual(['notifyError'])
        expect(c.options).toEqual([])
        break
      case 'CHOOSE_VALUE': {
        const e = event as Extract<TagFormEvent, { type: 'CHOOSE_VALUE' }>
        expect(before!.options).toContainEqual(e.option)
        expect(c.value).toEqual(e.option)
        if (c.type === 'client') expect(c.clientText).toBe(e.option.label)
        expect(snapshot.value).toEqual(form({ [branch[c.type!]]: 'chosen' } as never))
        break
      }
      case 'GENERATE': {
        expect(snapshot.value).toBe('generating')
        const job: TagJob = { request: { type: c.type!, label: c.value!.label, value: c.value!.value }, fileName: FILES[c.type!]! }
        expect(invoked).toEqual([{ id: 'generateTag', src: 'generateTag', input: job }])
        break
      }
      case 'xstate.done.actor.generateTag':
        // Downloaded, then the form is reset.
        expect(effects).toEqual(['download'])
        expect(snapshot.value).toEqual(form('choosingType'))
        expect(c).toMatchObject({ type: null, value: null, warehouseId: null, workstationTypeId: null, clientText: '', options: [], error: null })
        expect(c.lastFile).toBe(FILES[before!.type!])
        break
      case 'xstate.error.actor.generateTag':
        // The choice stays for another attempt.
        expect(effects).toEqual(['notifyError'])
        expect(c.error).toBe(WAREHOUSE_ANSWER.tagTargetNotFound)
        expect(c.value).toEqual(before!.value)
        expect(snapshot.value).toEqual(form({ [branch[c.type!]]: 'chosen' } as never))
        break
      default:
        throw new Error(`No rule checks ${event.type}`)
    }
  },
})

describe('tagForm, by hand', () => {
  it('downloads the PDF under the name made from type and value, then resets', async () => {
    const saved: Array<{ file: string; blob: unknown }> = []
    const actor = createActor(
      tagFormMachine.provide({
        actors: {
          loadReference: fromPromise(async () => tagReference),
          loadWorkstations: fromPromise(async () => [prbl01]),
          generateTag: fromPromise(async ({ input }) => new Blob([input.fileName], { type: 'application/pdf' })),
        },
        actions: {
          download: (_, { file, fileName }) => void saved.push({ file: fileName, blob: file }),
        },
      }),
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'CHOOSE_TYPE', tagType: 'workstation' })
    actor.send({ type: 'CHOOSE_WORKSTATION_TYPE', id: 3 })
    expect(actor.getSnapshot().value).toEqual({ form: { workstation: 'warehouse' } })
    actor.send({ type: 'CHOOSE_WAREHOUSE', id: 1 })
    actor.send({ type: 'CHOOSE_WORKSTATION_TYPE', id: 3 })
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'CHOOSE_VALUE', option: { value: 'SRTW_09', label: 'SRTW_09' } })
    expect(actor.getSnapshot().value).toEqual({ form: { workstation: 'choosing' } })
    actor.send({ type: 'CHOOSE_VALUE', option: prbl01 })
    actor.send({ type: 'GENERATE' })
    await new Promise((r) => setTimeout(r, 0))
    expect(saved.map((x) => x.file)).toEqual(['workstation_PRBL_01.pdf'])
    expect(await (saved[0]!.blob as Blob).text()).toBe('workstation_PRBL_01.pdf')
    expect(actor.getSnapshot().value).toEqual({ form: 'choosingType' })
    expect(actor.getSnapshot().context.lastFile).toBe('workstation_PRBL_01.pdf')
  })
})
