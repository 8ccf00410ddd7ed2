import { ADMIN_MSG } from '../../../contract/messages/admin.ts'
import { getUnknownAlias, listUnknownAliases, resolveUnknownAlias } from '../../domain/aliases.ts'
import { pathId } from '../params.ts'
import type { Handlers } from '../handler.ts'

export const aliasHandlers: Handlers<'unknownAliasList' | 'unknownAliasGet' | 'unknownAliasResolve'> = {
  unknownAliasList: ({ deps }) => listUnknownAliases(deps.db),
  unknownAliasGet: ({ deps, params }) => getUnknownAlias(deps.db, pathId(params.id, ADMIN_MSG.aliasNotFound)),
  unknownAliasResolve: ({ deps, body, user }) => deps.db.tx((q) => resolveUnknownAlias(q, user.id, body)),
}
