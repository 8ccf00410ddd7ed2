import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type ExportedFilesContext, anyRunning, connectExportedFiles, exportedFilesMachine } from '../../machines/billingExportedFiles.ts'
import { exportedFilesSamples } from '../../machines/billingExportedFiles.samples.ts'
import { describeModel } from './model.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as ExportedFilesContext | undefined

/** The list reloads on its own only while a file is being made; its progress has two decimals. */
describeModel(exportedFilesMachine, exportedFilesSamples, {
  check: ({ event, snapshot, invoked }) => {
    const c = ctx(snapshot)!
    const p = connectExportedFiles(snapshot as Parameters<typeof connectExportedFiles>[0], () => {}, 3)
    expect(p.showClient).toBe(false)
    if (event.type === 'xstate.done.actor.load') {
      expect(p.inProgress).toBe(anyRunning(c.files))
      for (const f of c.files) if (f.status === 'accounting') expect(p.progressOf(f)).toMatch(/^\d+,\d{2}$/)
    }
    if (event.type.startsWith('xstate.after.')) expect(invoked.map((i) => i.src)).toEqual(['load'])
    if (event.type === 'xstate.error.actor.load') expect(p.failure).toBe('Brak połączenia z serwerem')
  },
})
