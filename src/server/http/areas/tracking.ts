import { findRecord } from '../../domain/shipments.ts'
import { addHistoryRow, deleteHistoryRow, publicHistory, shipmentHistory } from '../../domain/tracking.ts'
import { type Handlers, reply } from '../handler.ts'

/** Handlers of the tracking area (contract endpoints/tracking.ts); rules in domain/tracking.ts. */
export const trackingHandlers: Handlers<'shipmentHistory' | 'parcelHistoryAdd' | 'parcelHistoryDelete' | 'publicHistory'> = {
  shipmentHistory: async ({ deps, user, params }) => shipmentHistory(deps.db, await findRecord(deps.db, user, params.internalNumber ?? '')),
  parcelHistoryAdd: async ({ deps, user, body }) => reply(201, await addHistoryRow(deps.db, user, body)),
  parcelHistoryDelete: ({ deps, body }) => deleteHistoryRow(deps.db, body.id),
  publicHistory: async ({ deps, params }) => publicHistory(deps.db, await findRecord(deps.db, null, params.internalNumber ?? '')),
}
