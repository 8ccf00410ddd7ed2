import { STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, FileBody, paged } from '../schemas/common.ts'
import { ExternalInbound } from '../schemas/floor.ts'
import {
  ExternalInboundCommentRequest, ExternalInboundListRequest, ExternalInboundRow, ExternalInboundSaved, ScanLogListRequest, ScanLogRow, TagRequest,
} from '../schemas/floorRecords.ts'

/**
 * The floor's records and files that are not scans: the external inbound list, a record and its
 * comment, tags (label files), the scan log. Apart from floor.ts, which every scanning screen loads.
 */
export const floorRecordEndpoints = {
  // ---- external inbound ----
  externalInboundList: ep({ method: 'POST', path: 'app/v1/external_inbound/list', roles: STAFF, body: ExternalInboundListRequest, replies: { 200: paged(ExternalInboundRow) } }),
  externalInboundGet: ep({ method: 'GET', path: 'app/v1/external_inbound/{id}', roles: STAFF, body: Empty, replies: { 200: ExternalInbound } }),
  externalInboundComment: ep({ method: 'PATCH', path: 'app/v1/external_inbound', roles: STAFF, body: ExternalInboundCommentRequest, replies: { 200: ExternalInboundSaved } }),

  // ---- tags ----
  tag: ep({ method: 'POST', path: 'app/v1/tag', roles: STAFF, body: TagRequest, replies: { 200: FileBody }, file: true }),

  // ---- the scan log ----
  /** Floor requests, newest first, by barcode, workstation code or parcel (docs/speed.md, "Scan log"). */
  scanLogList: ep({ method: 'POST', path: 'app/v1/warehouse/scan-log/list', roles: STAFF, body: ScanLogListRequest, replies: { 200: paged(ScanLogRow) } }),
} as const
