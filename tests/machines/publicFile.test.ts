import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type PublicFileContext, connectPublicFile, publicFileMachine } from '../../machines/publicFile.ts'
import { publicFileSamples } from '../../machines/publicFile.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as PublicFileContext | undefined

describeModel(publicFileMachine, publicFileSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    const props = connectPublicFile(snapshot as Parameters<typeof connectPublicFile>[0], () => {})
    // One download at a time: no second DOWNLOAD while a token is asked for.
    expect(props.canDownload).toBe(!snapshot.hasTag('busy'))
    switch (event.type) {
      case 'DOWNLOAD':
        expect(invoked.map((i) => i.src)).toEqual(['fetchToken'])
        expect(props.pending).toBe(c.file)
        break
      case 'xstate.done.actor.fetchToken':
        // The file asked for opens with the token just issued.
        expect(effects).toEqual(['open'])
        expect(c).toMatchObject({ file: ctx(prev)!.file, token: 'tok-123' })
        break
      case 'xstate.error.actor.fetchToken':
        expect(effects).toEqual(['failed'])
        expect(c.token).toBeNull()
        break
    }
  },
})
