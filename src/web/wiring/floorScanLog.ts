import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../contract/endpoints.ts'
import { href } from '../../contract/routes.ts'
import { type ScanLogInput, scanLogMachine, scanLogQuery } from '../../../machines/floorScanLog.ts'
import { endpointTable } from './serverTable.ts'

/** The input of /scan-log's workflow: the page's URL query (`?parcel=` from a parcel's page). */
export const scanLogInput = (): ScanLogInput => ({ query: Object.fromEntries(new URLSearchParams(window.location.search)) })

/**
 * The scan log (/scan-log): its filter bar over the generic server table (filters `barcode`,
 * `workstation`, `parcel`); the applied filters replace the page's URL query.
 */
export const scanLogLogic = scanLogMachine.provide({
  actors: { table: endpointTable(endpoints.scanLogList) },
  actions: {
    persist: ({ context }) => {
      const query = new URLSearchParams(scanLogQuery(context.criteria)).toString()
      navigate(href('scanLog') + (query ? `?${query}` : ''), { replace: true })
    },
  },
})
