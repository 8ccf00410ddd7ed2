/** The inspector panel's machine: what it delivers to live actors, the Stately switch, the path finder. */
import { describe, expect, it } from 'vitest'
import { type AnyEventObject, createActor, fromPromise } from 'xstate'
import { explore } from '../../machines/graph/explore.ts'
import { INSPECTOR_TEXT, type PathQuery, connectInspector, inspectorMachine } from '../../machines/inspector.ts'
import { emptyPath, inspectorSamples } from '../../machines/inspector.samples.ts'

const settle = () => new Promise<void>((r) => setTimeout(r, 0))
const defaults = { machineId: 'session', target: () => 'session.loggedIn' }

function start(opts: { stately?: boolean; path?: typeof emptyPath | null; replayed?: string } = {}) {
  const delivered: Array<{ sessionId: string; event: AnyEventObject }> = []
  const remembered: boolean[] = []
  const asked: PathQuery[] = []
  const logic = inspectorMachine.provide({
    actors: {
      startStately: fromPromise(async () => opts.stately ?? true),
      findPath: fromPromise(async ({ input }: { input: PathQuery }) => (asked.push(input), opts.path === undefined ? emptyPath : opts.path)),
      replay: fromPromise(async () => {
        if (!opts.replayed) throw new Error('ReplayMismatch: step 1')
        return opts.replayed
      }),
    },
    actions: {
      deliver: (_, p) => delivered.push(p),
      remember: (_, on) => remembered.push(on),
    },
  })
  const actor = createActor(logic, { input: { remembered: false, statelyOn: false } }).start()
  const props = () => connectInspector(actor.getSnapshot(), actor.send, defaults)
  return { actor, props, delivered, remembered, asked }
}

describe('inspector panel machine', () => {
  it('opens, folds and remembers the flag through the provided action', () => {
    const { props, remembered } = start()
    expect(props().open).toBe(true)
    props().fold()
    expect(props().open).toBe(false)
    props().openPanel()
    props().remember(true)
    expect(props().remembered).toBe(true)
    expect(remembered).toEqual([true])
  })

  it('delivers a button event and a typed one; a bad draft is refused with a reason and nothing is sent', () => {
    const { props, delivered } = start()
    props().sendTo('x:1', { type: 'RELOAD' })
    props().setDraft('{"type": "LOGIN", "email": "a@b.pl"}')
    props().sendDraft('x:2')
    props().setDraft('{type: LOGIN}')
    props().sendDraft('x:2')
    expect(props().draftError).toBe(INSPECTOR_TEXT.badJson)
    props().setDraft('{"email": "a@b.pl"}')
    props().sendDraft('x:2')
    expect(props().draftError).toBe(INSPECTOR_TEXT.noType)
    expect(delivered).toEqual([
      { sessionId: 'x:1', event: { type: 'RELOAD' } },
      { sessionId: 'x:2', event: { type: 'LOGIN', email: 'a@b.pl' } },
    ])
    props().select('x:3')
    expect(props().draft).toBe('')
    expect(props().selected).toBe('x:3')
  })

  it('Stately: on when it starts, failed (and off) when the browser blocks it', async () => {
    const ok = start({ stately: true })
    ok.props().stately(true)
    await settle()
    expect(ok.props().statelyOn).toBe(true)
    ok.props().stately(false)
    expect(ok.props().statelyOn).toBe(false)
    const blocked = start({ stately: false })
    blocked.props().stately(true)
    await settle()
    expect(blocked.props()).toMatchObject({ statelyOn: false, statelyFailed: true })
  })

  it('finds a path with the defaults filled in, replays it and shows the new actor', async () => {
    const { props, asked } = start({ replayed: 'x:9' })
    expect(props().canReplay).toBe(false)
    props().pickInput('logged out')
    props().find()
    await settle()
    expect(asked).toEqual([{ machineId: 'session', inputName: 'logged out', target: 'session.loggedIn' }])
    expect(props().path).toBe(emptyPath)
    props().replay()
    await settle()
    expect(props()).toMatchObject({ selected: 'x:9', message: INSPECTOR_TEXT.replayed, messageOk: true })
  })

  it('an unreachable state and a failed replay are said, not shown as a path', async () => {
    const none = start({ path: null })
    none.props().find()
    await settle()
    expect(none.props()).toMatchObject({ unreachable: true, path: null, canReplay: false })
    const broken = start()
    broken.props().find()
    await settle()
    broken.props().replay()
    await settle()
    expect(broken.props()).toMatchObject({ message: 'ReplayMismatch: step 1', messageOk: false, canReplay: true })
  })

  it('every state is reached with the samples', () => {
    const graph = explore(inspectorMachine, inspectorSamples, 'fresh')
    const values = [...graph.shortest.values()].map((n) => JSON.stringify(n.snapshot.value))
    for (const region of ['"path":"unreachable"', '"path":"replayed"', '"stately":"failed"', '"stately":"on"', '"panel":"folded"'])
      expect(values.some((v) => v.includes(region))).toBe(true)
  })
})
