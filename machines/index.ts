/**
 * Every machine of the product, by machine id, with the samples it is explored with. Used by the
 * in-app inspector (src/web/inspector) and by the model-based tests (tests/machines).
 * Adding a machine: add it to `machines` under its id and its samples (machines/<id>.samples.ts) to
 * `machineSamples`; the type below makes a missing entry a compile error.
 */
import type { AnyStateMachine } from 'xstate'
import type { MachineSamples } from './graph/samples.ts'
import { sessionMachine } from './session.ts'
import { sessionSamples } from './session.samples.ts'
import { workstationMachine } from './workstation.ts'
import { intakeScanMachine } from './intakeScan.ts'
import { intakeScanSamples } from './intakeScan.samples.ts'
import { parcelPanelMachine } from './parcelPanel.ts'
import { parcelPanelSamples } from './parcelPanel.samples.ts'
import { dimensionsMachine } from './dimensions.ts'
import { dimensionsSamples } from './dimensions.samples.ts'
import { chooseClientMachine } from './chooseClient.ts'
import { chooseClientSamples } from './chooseClient.samples.ts'
import { classificationMachine } from './classification.ts'
import { classificationSamples } from './classification.samples.ts'
import { workstationSamples } from './workstation.samples.ts'

export const machines = {
  session: sessionMachine,
  workstation: workstationMachine,
  intakeScan: intakeScanMachine,
  parcelPanel: parcelPanelMachine,
  dimensions: dimensionsMachine,
  chooseClient: chooseClientMachine,
  classification: classificationMachine,
} as const

export type MachineId = keyof typeof machines

export const machineSamples: { [K in MachineId]: MachineSamples<(typeof machines)[K]> } = {
  session: sessionSamples,
  workstation: workstationSamples,
  intakeScan: intakeScanSamples,
  parcelPanel: parcelPanelSamples,
  dimensions: dimensionsSamples,
  chooseClient: chooseClientSamples,
  classification: classificationSamples,
}

/** Looks a machine up by id (the `id` of its root state, as live actors report it). */
export function registered(id: string): { machine: AnyStateMachine; samples: MachineSamples<AnyStateMachine> } | undefined {
  if (!(id in machines)) return undefined
  return {
    machine: machines[id as MachineId] as AnyStateMachine,
    samples: machineSamples[id as MachineId] as unknown as MachineSamples<AnyStateMachine>,
  }
}
