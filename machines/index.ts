/**
 * Every machine of the product, by machine id, with the samples it is explored with. Used by the
 * in-app inspector (src/web/inspector) and by the model-based tests (tests/machines).
 * Adding a machine: add it to `machines` under its id and its samples (machines/<id>.samples.ts) to
 * `machineSamples`; the type below makes a missing entry a compile error.
 */
import type { AnyStateMachine } from 'xstate'
import type { MachineSamples } from './graph/samples.ts'
import { adoptionMachine } from './adoption.ts'
import { adoptionSamples } from './adoption.samples.ts'
import { parcelListingMachine } from './parcelListing.ts'
import { parcelListingSamples } from './parcelListing.samples.ts'
import { sessionMachine } from './session.ts'
import { sessionSamples } from './session.samples.ts'
import { trackingMachine } from './tracking.ts'
import { trackingSamples } from './tracking.samples.ts'

export const machines = {
  session: sessionMachine,
  parcelListing: parcelListingMachine,
  tracking: trackingMachine,
  adoption: adoptionMachine,
} as const

export type MachineId = keyof typeof machines

export const machineSamples: { [K in MachineId]: MachineSamples<(typeof machines)[K]> } = {
  session: sessionSamples,
  parcelListing: parcelListingSamples,
  tracking: trackingSamples,
  adoption: adoptionSamples,
}

/** Looks a machine up by id (the `id` of its root state, as live actors report it). */
export function registered(id: string): { machine: AnyStateMachine; samples: MachineSamples<AnyStateMachine> } | undefined {
  if (!(id in machines)) return undefined
  return {
    machine: machines[id as MachineId] as AnyStateMachine,
    samples: machineSamples[id as MachineId] as unknown as MachineSamples<AnyStateMachine>,
  }
}
