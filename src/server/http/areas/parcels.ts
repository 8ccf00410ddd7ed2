import { deleteParcel, labelMetadata, setParcelStatus } from '../../domain/parcelsCalls.ts'
import { groupStatus, parcelList, problemRules, statusTypeGroups, statusTypeOptions } from '../../domain/parcelsListing.ts'
import { pathId } from '../params.ts'
import { type Handlers, reply } from '../handler.ts'
import { PARCEL_MSG } from '../../../contract/messages/parcels.ts'

export const parcelHandlers: Handlers<
  | 'parcelDelete' | 'parcelStatus' | 'parcelLabelMetadata'
  | 'parcelList' | 'groupStatus' | 'statusTypeGroups' | 'statusTypeList' | 'problemRules'
> = {
  parcelDelete: ({ deps, body, user }) => deps.db.tx((q) => deleteParcel(q, user, body)),
  parcelStatus: ({ deps, body, user }) => setParcelStatus(deps.db, user, body),
  parcelLabelMetadata: ({ deps, params, user }) => labelMetadata(deps.db, user, pathId(params.id, PARCEL_MSG.parcelNotFound), params.label ?? ''),

  parcelList: ({ deps, user, body }) => parcelList(deps.db, user, body),
  groupStatus: async ({ deps, user, body }) => {
    const out = await groupStatus(deps.db, user, body)
    return out.status === 200 ? out.body : reply(out.status, out.body)
  },
  statusTypeGroups: ({ deps }) => statusTypeGroups(deps.db),
  statusTypeList: ({ deps, user }) => statusTypeOptions(deps.db, user),
  problemRules: ({ deps }) => problemRules(deps.db),
}
