import { ADMIN_MSG } from '../../../contract/messages/admin.ts'
import { deleteParcel, labelMetadata, setParcelStatus } from '../../domain/parcelsCalls.ts'
import { pathId } from '../params.ts'
import type { Handlers } from '../handler.ts'

export const parcelHandlers: Handlers<'parcelDelete' | 'parcelStatus' | 'parcelLabelMetadata'> = {
  parcelDelete: ({ deps, body, user }) => deps.db.tx((q) => deleteParcel(q, user, body)),
  parcelStatus: ({ deps, body, user }) => setParcelStatus(deps.db, user, body),
  parcelLabelMetadata: ({ deps, params, user }) => labelMetadata(deps.db, user, pathId(params.id, ADMIN_MSG.parcelNotFound), params.label ?? ''),
}
