import { ADMIN_ONLY, CLIENT_ONLY } from '../access.ts'
import { ep } from '../endpoint.ts'
import { Empty, IdBody, MessageReply, paged, ErrorReply } from '../schemas/common.ts'
import { ClientResignationCreateRequest, Resignation, ResignationCreateRequest, ResignationListRequest, ResignationSaved, ResignationUpdateRequest } from '../schemas/resignations.ts'

/** Reported resignations: the back office's and a client's own (another client's → 404). */
export const resignationEndpoints = {
  // ---- reported resignations: back office ----
  resignationList: ep({ method: 'POST', path: 'app/v1/parcel/resignation/ajax', roles: ADMIN_ONLY, body: ResignationListRequest, replies: { 200: paged(Resignation) } }),
  resignationCreate: ep({ method: 'POST', path: 'app/v1/parcel/resignation', roles: ADMIN_ONLY, body: ResignationCreateRequest, replies: { 201: ResignationSaved, 422: ErrorReply }, statuses: { 201: 'created', 422: 'errors per field' } }),
  resignationGet: ep({ method: 'GET', path: 'app/v1/parcel/resignation/{id}', roles: ADMIN_ONLY, body: Empty, replies: { 200: Resignation, 404: ErrorReply }, statuses: { 404: 'no such resignation' } }),
  resignationUpdate: ep({ method: 'PUT', path: 'app/v1/parcel/resignation', roles: ADMIN_ONLY, body: ResignationUpdateRequest, replies: { 200: ResignationSaved, 404: ErrorReply, 422: ErrorReply }, statuses: { 404: 'no such resignation', 422: 'errors per field' } }),
  resignationDelete: ep({ method: 'DELETE', path: 'app/v1/parcel/resignation', roles: ADMIN_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply }, statuses: { 404: 'no such resignation' } }),
  // ---- reported resignations: the client's own (others' → 404) ----
  clientResignationList: ep({ method: 'POST', path: 'app/v1/client/parcel/resignation/ajax', roles: CLIENT_ONLY, body: ResignationListRequest, replies: { 200: paged(Resignation) } }),
  clientResignationCreate: ep({ method: 'POST', path: 'app/v1/client/parcel/resignation', roles: CLIENT_ONLY, body: ClientResignationCreateRequest, replies: { 201: ResignationSaved, 422: ErrorReply }, statuses: { 201: 'created', 422: 'errors per field' } }),
  clientResignationGet: ep({ method: 'GET', path: 'app/v1/client/parcel/resignation/{id}', roles: CLIENT_ONLY, body: Empty, replies: { 200: Resignation, 404: ErrorReply }, statuses: { 404: 'no such resignation of this client' } }),
  clientResignationDelete: ep({ method: 'DELETE', path: 'app/v1/client/parcel/resignation', roles: CLIENT_ONLY, body: IdBody, replies: { 200: MessageReply, 404: ErrorReply }, statuses: { 404: 'no such resignation of this client' } }),
} as const
