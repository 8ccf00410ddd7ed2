/**
 * Every machine of the product, by machine id, with the samples it is explored with. Used by the
 * in-app inspector (src/web/inspector) and by the model-based tests (tests/machines).
 * Adding a machine: add it to `machines` under its id and its samples (machines/<id>.samples.ts) to
 * `machineSamples`; the type below makes a missing entry a compile error.
 */
import type { AnyStateMachine } from 'xstate'
import type { MachineSamples } from './graph/samples.ts'
import { scanListenerMachine } from './floorScanListener.ts'
import { scanListenerSamples } from './floorScanListener.samples.ts'
import { scannerInputMachine } from './floorScannerInput.ts'
import { scannerInputSamples } from './floorScannerInput.samples.ts'
import { sessionMachine } from './session.ts'
import { sessionSamples } from './session.samples.ts'
import { shipmentFormMachine } from './shipmentsForm.ts'
import { shipmentFormSamples } from './shipmentsForm.samples.ts'
import { externalInboundMachine } from './floorExternalInbound.ts'
import { externalInboundSamples } from './floorExternalInbound.samples.ts'
import { resolveProblematicMachine } from './floorResolveProblematic.ts'
import { resolveSamples } from './floorResolveProblematic.samples.ts'
import { scanSearchMachine } from './floorScanSearch.ts'
import { scanSearchSamples } from './floorScanSearch.samples.ts'
import { tagFormMachine } from './floorTagForm.ts'
import { tagFormSamples } from './floorTagForm.samples.ts'
import { workstationMachine } from './floorWorkstation.ts'
import { intakeScanMachine } from './floorIntakeScan.ts'
import { intakeScanSamples } from './floorIntakeScan.samples.ts'
import { parcelPanelMachine } from './floorParcelPanel.ts'
import { parcelPanelSamples } from './floorParcelPanel.samples.ts'
import { dimensionsMachine } from './floorDimensions.ts'
import { dimensionsSamples } from './floorDimensions.samples.ts'
import { chooseClientMachine } from './floorChooseClient.ts'
import { chooseClientSamples } from './floorChooseClient.samples.ts'
import { classificationMachine } from './floorClassification.ts'
import { classificationSamples } from './floorClassification.samples.ts'
import { adoptionMachine } from './shipmentsAdoption.ts'
import { adoptionSamples } from './shipmentsAdoption.samples.ts'
import { parcelListingMachine } from './parcelsListing.ts'
import { parcelListingSamples } from './parcelsListing.samples.ts'
import { trackingMachine } from './tracking.ts'
import { trackingSamples } from './tracking.samples.ts'
import { workstationSamples } from './floorWorkstation.samples.ts'
import { auditMachine } from './audit.ts'
import { auditSamples } from './audit.samples.ts'
import { clientListMachine } from './clientsList.ts'
import { anyFilteredTableMachine } from './filteredTable.ts'
import { filteredTableSamples } from './filteredTable.samples.ts'
import { scanLogMachine } from './floorScanLog.ts'
import { scanLogSamples } from './floorScanLog.samples.ts'
import { clientListSamples } from './clientsList.samples.ts'
import { clientCardMachine } from './clientsCard.ts'
import { clientCardSamples } from './clientsCard.samples.ts'
import { recordFormMachine } from './recordForm.ts'
import { recordFormSamples } from './recordForm.samples.ts'
import { credentialCheckMachine } from './clientsCredentialCheck.ts'
import { credentialCheckSamples } from './clientsCredentialCheck.samples.ts'
import { calendarMachine } from './calendar.ts'
import { calendarSamples } from './calendar.samples.ts'
import { aliasListMachine, anyDataLoadMachine } from './listLoad.ts'
import { dataLoadSamples, listLoadSamples } from './listLoad.samples.ts'
import { publicFileMachine } from './publicFile.ts'
import { publicFileSamples } from './publicFile.samples.ts'
import { bigIndicatorMachine } from './floorBigIndicator.ts'
import { bigIndicatorSamples } from './floorBigIndicator.samples.ts'
import { focusLockMachine } from './floorFocusLock.ts'
import { focusLockSamples } from './floorFocusLock.samples.ts'
import { billingExportMachine } from './billingExport.ts'
import { billingExportSamples } from './billingExport.samples.ts'
import { myReportsMachine } from './billingMyReports.ts'
import { myReportsSamples } from './billingMyReports.samples.ts'
import { exportedFilesMachine } from './billingExportedFiles.ts'
import { exportedFilesSamples } from './billingExportedFiles.samples.ts'
import { priceListFormMachine } from './pricesListForm.ts'
import { priceListFormSamples } from './pricesListForm.samples.ts'
import { shipmentFinanceMachine } from './shipmentsFinance.ts'
import { shipmentFinanceSamples } from './shipmentsFinance.samples.ts'
import { invoiceListMachine } from './invoicingList.ts'
import { invoiceListSamples } from './invoicingList.samples.ts'
import { invoiceDetailMachine } from './invoicingDetail.ts'
import { invoiceDetailSamples } from './invoicingDetail.samples.ts'
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
  audit: auditMachine,
  scanLog: scanLogMachine,
  filteredTable: anyFilteredTableMachine,
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
  audit: auditSamples,
  scanLog: scanLogSamples,
  filteredTable: filteredTableSamples,
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
