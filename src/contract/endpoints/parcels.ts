import * as Schema from 'effect/Schema'
import { ADMIN_ONLY, ANY_SIGNED_IN } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply, MessageReply } from '../schemas/common.ts'
import {
  GroupStatusReply, GroupStatusRequest, ParcelListReply, ParcelListRequest, ProblemRule, StatusTypeGroup, StatusTypeOption,
} from '../schemas/listing.ts'
import { LabelMetadata, ParcelDeleteReply, ParcelDeleteRequest, ParcelStatusReply, ParcelStatusRequest } from '../schemas/parcels.ts'

/** The parcel listing, and single-parcel calls: remove a parcel, give it a status, what its label holds. */
export const parcelEndpoints = {
  /** mode `parcel`: this parcel is marked removed (with the cancelled status); `shipment`: every parcel of its shipment and the shipment. */
  parcelDelete: ep({ method: 'DELETE', path: 'app/v1/parcel', roles: ADMIN_ONLY, body: ParcelDeleteRequest, replies: { 200: ParcelDeleteReply, 404: ErrorReply, 409: ErrorReply }, statuses: { 404: 'no such parcel', 409: 'removed already' } }),
  /** One parcel gets a status (the single form of PUT parcel/status/group). */
  parcelStatus: ep({
    method: 'PUT', path: 'app/v1/parcel/status', roles: ADMIN_ONLY, body: ParcelStatusRequest, replies: { 200: ParcelStatusReply, 404: ErrorReply, 409: ErrorReply, 422: ErrorReply },
    statuses: { 404: 'no such parcel', 409: 'Przesyłka ma już ten status', 422: 'unknown status, bad when' },
  }),
  /** `{id}` the parcel id, `{label}` dl or 100150; clients only for their own parcels (404 otherwise). */
  parcelLabelMetadata: ep({ method: 'GET', path: 'app/v1/parcel/{id}/label/{label}/metadata', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: LabelMetadata, 404: ErrorReply }, statuses: { 404: 'no such parcel or label size' } }),

  // ---- the parcel listing and the side lists of its filters ----
  parcelList: ep({ method: 'POST', path: 'app/v1/parcel/list', roles: ANY_SIGNED_IN, body: ParcelListRequest, replies: { 200: ParcelListReply } }),
  groupStatus: ep({
    method: 'PUT', path: 'parcel/status/group', roles: ADMIN_ONLY, body: GroupStatusRequest,
    statuses: { 200: 'all updated', 420: 'updated except `skipped` (already had the status)', 422: 'unknown parcel or status' },
    replies: { 200: GroupStatusReply, 420: GroupStatusReply, 422: MessageReply },
  }),
  statusTypeGroups: ep({ method: 'GET', path: 'app/v1/status_type_group/list', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: Schema.Array(StatusTypeGroup) } }),
  /** Chosen path: every status type (clients: not the internal ones), for the filter and the group change. */
  statusTypeList: ep({ method: 'GET', path: 'app/v1/status_type/list', roles: ANY_SIGNED_IN, body: Empty, replies: { 200: Schema.Array(StatusTypeOption) } }),
  /** Chosen path: the problem rules of the admin's problem-rule filter. */
  problemRules: ep({ method: 'GET', path: 'app/v1/problem_rule/list', roles: ADMIN_ONLY, body: Empty, replies: { 200: Schema.Array(ProblemRule) } }),
} as const
