import { ADMIN_ONLY, ANY_SIGNED_IN } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, ErrorReply } from '../schemas.ts'
import { LabelMetadata, ParcelDeleteReply, ParcelDeleteRequest, ParcelStatusReply, ParcelStatusRequest } from '../schemas/parcels.ts'

/** Single-parcel calls: remove a parcel, give it a status, what its label holds. */
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
} as const
