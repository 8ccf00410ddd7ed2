import { deleteParcel, labelMetadata, setParcelStatus } from '../../domain/parcelsCalls.ts'
import { pathId } from '../params.ts'
import type { Handlers } from '../handler.ts'
import { PARCEL_MSG } from '../../../contract/messages/parcels.ts'

export const parcelHandlers: Handlers<'parcelDelete' | 'parcelStatus' | 'parcelLabelMetadata'> = {
  parcelDelete: ({ deps, body, user }) => deps.db.tx((q) => deleteParcel(q, user, body)),
  parcelStatus: ({ deps, body, user }) => setParcelStatus(deps.db, user, body),
  parcelLabelMetadata: ({ deps, params, user }) => labelMetadata(deps.db, user, pathId(params.id, PARCEL_MSG.parcelNotFound), params.label ?? ''),
}
