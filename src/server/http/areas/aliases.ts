import { actorOf } from '../../domain/audit.ts'
import { getUnknownAlias, listUnknownAliases, resolveUnknownAlias } from '../../domain/aliases.ts'
import { pathId } from '../params.ts'
import type { Handlers } from '../handler.ts'
import { ALIAS_MSG } from '../../../contract/messages/aliases.ts'

export const aliasHandlers: Handlers<'unknownAliasList' | 'unknownAliasGet' | 'unknownAliasResolve'> = {
  unknownAliasList: ({ deps }) => listUnknownAliases(deps.db),
  unknownAliasGet: ({ deps, params }) => getUnknownAlias(deps.db, pathId(params.id, ALIAS_MSG.aliasNotFound)),
  unknownAliasResolve: (c) => c.deps.db.tx((q) => resolveUnknownAlias(q, { ...actorOf(c), id: c.user.id }, c.body)),
}
