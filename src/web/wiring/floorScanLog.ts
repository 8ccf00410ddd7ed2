import { endpoints } from '../../contract/endpoints.ts'
import { endpointTable } from './serverTable.ts'

/** The scan log's table (/scan-log) on the generic server table: filters `barcode`, `workstation`, `parcel`. */
export const scanLogTable = endpointTable(endpoints.scanLogList)
