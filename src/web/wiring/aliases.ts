import { fromPromise } from 'xstate'
import { navigate } from 'wouter/use-browser-location'
import { endpoints } from '../../contract/endpoints.ts'
import { href } from '../../contract/routes.ts'
import { UnknownAliasResolveRequest, resolvedTypeOf } from '../../contract/schemas/aliases.ts'
import { formatDateTime } from '../../contract/format.ts'
import { aliasListMachine } from '../../../machines/listLoad.ts'
import { type Loaded, type Values, recordFormMachine, validateWith } from '../../../machines/recordForm.ts'
import { call } from '../api/client.ts'
import { decoded, showFormFailure, savedAnswer, yesNo } from './recordForms.ts'

export const aliasList = aliasListMachine.provide({
  actors: { loadRows: fromPromise(() => call(endpoints.unknownAliasList)) },
})

/** The resolve form: values `client_id`, `client_name` (the chooser), `is_emag`, and the proposed client kept to decide resolved_type. */
const aliasBody = (id: number | null, values: Values) => {
  const proposed = typeof values.proposed_client_id === 'number' ? values.proposed_client_id : null
  const base = { id: id ?? 0, is_emag: values.is_emag }
  // No client chosen: the key is missing, so the check says the field is required.
  return typeof values.client_id === 'number' ? { ...base, client_id: values.client_id, resolved_type: resolvedTypeOf(proposed, values.client_id) } : base
}

export const aliasForm = recordFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }): Promise<Loaded> => {
      const a = await call(endpoints.unknownAliasGet, undefined, { id: input.id ?? 0 })
      return {
        values: { client_id: a.proposed_client_id, client_name: a.client_name ?? '', proposed_client_id: a.proposed_client_id, is_emag: a.is_emag },
        options: { is_emag: yesNo },
        facts: [
          { id: 'alias', label: 'Alias', value: a.alias },
          { id: 'waybill', label: 'Przesyłka', value: a.waybill ?? '—' },
          { id: 'proposed', label: 'Proponowany klient', value: a.client_name ?? '—' },
          { id: 'created_at', label: 'Odczytano', value: formatDateTime(a.created_at) },
        ],
        actable: false,
      }
    }),
    save: fromPromise(async ({ input }) => {
      const r = await call(endpoints.unknownAliasResolve, decoded(UnknownAliasResolveRequest, aliasBody(input.id, input.values)))
      return { id: r.id, message: r.message }
    }),
  },
  actions: {
    saved: (args) => {
      savedAnswer(args)
      navigate(href('unknownAliases'))
    },
    failed: showFormFailure,
  },
})
export const aliasFormInput = (id: number) => ({
  id,
  validate: (values: Values) => validateWith(UnknownAliasResolveRequest)(aliasBody(id, values)),
  keepEditing: true,
})
