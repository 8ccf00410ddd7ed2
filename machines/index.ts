/**
 * Every machine of the product, by machine id, with the samples it is explored with. Used by the
 * in-app inspector (src/web/inspector) and by the model-based tests (tests/machines).
 * Adding a machine: add it to `machines` under its id and its samples (machines/<id>.samples.ts) to
 * `machineSamples`; the type below makes a missing entry a compile error.
 */
import type { AnyStateMachine } from 'xstate'
import type { MachineSamples } from './graph/samples.ts'
import { scanListenerMachine } from './scanListener.ts'
import { scanListenerSamples } from './scanListener.samples.ts'
import { scannerInputMachine } from './scannerInput.ts'
import { scannerInputSamples } from './scannerInput.samples.ts'
import { sessionMachine } from './session.ts'
import { sessionSamples } from './session.samples.ts'
import { shipmentFormMachine } from './shipmentForm.ts'
import { shipmentFormSamples } from './shipmentForm.samples.ts'
import { externalInboundMachine } from './externalInbound.ts'
import { externalInboundSamples } from './externalInbound.samples.ts'
import { resolveProblematicMachine } from './resolveProblematic.ts'
import { resolveSamples } from './resolveProblematic.samples.ts'
import { scanSearchMachine } from './scanSearch.ts'
import { scanSearchSamples } from './scanSearch.samples.ts'
import { tagFormMachine } from './tagForm.ts'
import { tagFormSamples } from './tagForm.samples.ts'
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
import { adoptionMachine } from './adoption.ts'
import { adoptionSamples } from './adoption.samples.ts'
import { parcelListingMachine } from './parcelListing.ts'
import { parcelListingSamples } from './parcelListing.samples.ts'
import { trackingMachine } from './tracking.ts'
import { trackingSamples } from './tracking.samples.ts'
import { workstationSamples } from './workstation.samples.ts'
import { clientListMachine } from './clientList.ts'
import { clientListSamples } from './clientList.samples.ts'
import { clientCardMachine } from './clientCard.ts'
import { clientCardSamples } from './clientCard.samples.ts'
import { recordFormMachine } from './recordForm.ts'
import { recordFormSamples } from './recordForm.samples.ts'
import { credentialCheckMachine } from './credentialCheck.ts'
import { credentialCheckSamples } from './credentialCheck.samples.ts'
import { calendarMachine } from './calendar.ts'
import { calendarSamples } from './calendar.samples.ts'
import { aliasListMachine, anyDataLoadMachine } from './listLoad.ts'
import { dataLoadSamples, listLoadSamples } from './listLoad.samples.ts'
import { publicFileMachine } from './publicFile.ts'
import { publicFileSamples } from './publicFile.samples.ts'
import { bigIndicatorMachine } from './bigIndicator.ts'
import { bigIndicatorSamples } from './bigIndicator.samples.ts'
import { focusLockMachine } from './focusLock.ts'
import { focusLockSamples } from './focusLock.samples.ts'
import { billingExportMachine } from './billingExport.ts'
import { billingExportSamples } from './billingExport.samples.ts'
import { myReportsMachine } from './myReports.ts'
import { myReportsSamples } from './myReports.samples.ts'
import { exportedFilesMachine } from './exportedFiles.ts'
import { exportedFilesSamples } from './exportedFiles.samples.ts'
import { priceListFormMachine } from './priceListForm.ts'
import { priceListFormSamples } from './priceListForm.samples.ts'
import { shipmentFinanceMachine } from './shipmentFinance.ts'
import { shipmentFinanceSamples } from './shipmentFinance.samples.ts'
import { invoiceListMachine } from './invoiceList.ts'
import { invoiceListSamples } from './invoiceList.samples.ts'
import { invoiceDetailMachine } from './invoiceDetail.ts'
import { invoiceDetailSamples } from './invoiceDetail.samples.ts'
import { statsMachine } from './stats.ts'
import { statsSamples } from './stats.samples.ts'
import { inspectorMachine } from './inspector.ts'
import { inspectorSamples } from './inspector.samples.ts'

export const machines = {
  session: sessionMachine,
  scannerInput: scannerInputMachine,
  scanListener: scanListenerMachine,
  shipmentForm: shipmentFormMachine,
  tagForm: tagFormMachine,
  workstation: workstationMachine,
  resolveProblematic: resolveProblematicMachine,
  scanSearch: scanSearchMachine,
  externalInbound: externalInboundMachine,
  intakeScan: intakeScanMachine,
  parcelPanel: parcelPanelMachine,
  dimensions: dimensionsMachine,
  chooseClient: chooseClientMachine,
  classification: classificationMachine,
  parcelListing: parcelListingMachine,
  tracking: trackingMachine,
  adoption: adoptionMachine,
  clientList: clientListMachine,
  clientCard: clientCardMachine,
  recordForm: recordFormMachine,
  credentialCheck: credentialCheckMachine,
  calendar: calendarMachine,
  listLoad: aliasListMachine,
  publicFile: publicFileMachine,
  dataLoad: anyDataLoadMachine,
  bigIndicator: bigIndicatorMachine,
  focusLock: focusLockMachine,
  priceListForm: priceListFormMachine,
  shipmentFinance: shipmentFinanceMachine,
  invoiceList: invoiceListMachine,
  invoiceDetail: invoiceDetailMachine,
  billingExport: billingExportMachine,
  myReports: myReportsMachine,
  stats: statsMachine,
  exportedFiles: exportedFilesMachine,
  inspector: inspectorMachine,
} as const

export type MachineId = keyof typeof machines

export const machineSamples: { [K in MachineId]: MachineSamples<(typeof machines)[K]> } = {
  session: sessionSamples,
  scannerInput: scannerInputSamples,
  scanListener: scanListenerSamples,
  shipmentForm: shipmentFormSamples,
  tagForm: tagFormSamples,
  workstation: workstationSamples,
  resolveProblematic: resolveSamples,
  scanSearch: scanSearchSamples,
  externalInbound: externalInboundSamples,
  intakeScan: intakeScanSamples,
  parcelPanel: parcelPanelSamples,
  dimensions: dimensionsSamples,
  chooseClient: chooseClientSamples,
  classification: classificationSamples,
  parcelListing: parcelListingSamples,
  tracking: trackingSamples,
  adoption: adoptionSamples,
  clientList: clientListSamples,
  clientCard: clientCardSamples,
  recordForm: recordFormSamples,
  credentialCheck: credentialCheckSamples,
  calendar: calendarSamples,
  listLoad: listLoadSamples,
  publicFile: publicFileSamples,
  dataLoad: dataLoadSamples,
  bigIndicator: bigIndicatorSamples,
  focusLock: focusLockSamples,
  priceListForm: priceListFormSamples,
  shipmentFinance: shipmentFinanceSamples,
  invoiceList: invoiceListSamples,
  invoiceDetail: invoiceDetailSamples,
  billingExport: billingExportSamples,
  myReports: myReportsSamples,
  stats: statsSamples,
  exportedFiles: exportedFilesSamples,
  inspector: inspectorSamples,
}

/** A machine with its samples, seen from outside (the inspector): any machine. */
export interface Registered {
  machine: AnyStateMachine
  samples: MachineSamples<AnyStateMachine>
}

const isMachineId = (id: string): id is MachineId => Object.hasOwn(machines, id)

/** One id's pair; generic in the id so the machine and its samples stay matched. */
const entryOf = <K extends MachineId>(id: K): Registered => ({ machine: machines[id], samples: machineSamples[id] })

/** Looks a machine up by id (the `id` of its root state, as live actors report it). */
export function registered(id: string): Registered | undefined {
  return isMachineId(id) ? entryOf(id) : undefined
}
