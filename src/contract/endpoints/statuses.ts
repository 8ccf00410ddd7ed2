import * as Schema from 'effect/Schema'
import { ADMIN_ONLY, ANY_SIGNED_IN, STAFF } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, IdBody, MessageReply, paged, ErrorReply } from '../schemas/common.ts'
import {
  StatusType, StatusTypeCreateRequest, StatusTypeGroupDetail, StatusTypeListRequest, StatusTypeRow, StatusTypeSaved, StatusTypeUpdateRequest,
} from '../schemas/statuses.ts'

/** Status types: the /statuses table and form, one status group, the status types a workstation offers. */
export const statusEndpoints = {
  /** The /statuses table (25 per page): columns 0 id, 1 name, 2 displayed_name, 3 internal; search by id or names. */
  statusTypeDatatable: ep({ method: 'POST', path: 'app/v1/status_type/datatable', roles: ADMIN_ONLY, body: StatusTypeListRequest, replies: { 200: paged(StatusTypeRow) } }),
  statusTypeGet: ep({ method: 'GET', path: 'app/v1/status_type/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: StatusTypeRow, 404: ErrorReply }, statuses: { 404: 'Nie znaleziono statusu' } }),
  statusTypeCreate: ep({ method: 'POST', path: 'app/v1/status_type', roles: ADMIN_ONLY, body: StatusTypeCreateRequest, replies: { 201: StatusTypeSaved, 422: ErrorReply }, statuses: { 201: 'status_created', 422: 'errors per field' } }),
  statusTypeUpdate: ep({ method: 'PUT', path: 'app/v1/status_type', roles: ADMIN_ONLY, body: StatusTypeUpdateRequest, replies: { 200: StatusTypeSaved, 404: ErrorReply, 422: ErrorReply }, statuses: { 404: 'no such status', 422: 'errors per field' } }),
  /** Only statuses of courier 1 (the operator) that no rule, sector or parcel history uses; else 409. */
  statusTypeDelete: ep({
    method: 'DELETE', path: 'app/v1/status_type', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply },
    statuses: { 200: 'Status usunięty', 404: 'no such status', 409: 'not the operator\'s, a system status, or in use' },
  }),
  statusTypeGroupOne: ep({ method: 'GET', path: 'app/v1/status_type_group/one/{identifier}', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: StatusTypeGroupDetail, 404: ErrorReply }, statuses: { 404: 'no such group' } }),

  // ---- status types of a workstation (the floor screens) ----
  /** Status types a workstation type offers, in display order; `{id}` is the workstation type id. */
  statusTypesForWarehouse: ep({ method: 'GET', path: 'app/v1/status_type/sorted_for_warehouse_select/{id}', roles: STAFF, body: Empty, replies: { 200: Schema.Array(StatusType) } }),
  statusTypeBySystemId: ep({ method: 'GET', path: 'app/v1/status_type/by-system-id/{systemId}', roles: STAFF, body: Empty, replies: { 200: StatusType } }),
} as const
