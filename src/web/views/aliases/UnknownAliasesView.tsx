import { useMachine } from '@xstate/react'
import { useLocation } from 'wouter'
import { href } from '../../../contract/routes.ts'
import { formatDateTime } from '../../../contract/format.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { connectListLoad } from '../../../../machines/listLoad.ts'
import { inspect } from '../../inspector/index.ts'
import { aliasList } from '../../wiring/aliases.ts'
import { PlainTable } from '../../ui/adminKit.tsx'
import { YES_NO_LABEL } from '../../../contract/messages.ts'
import { ALIASES_TEXT } from '../../../contract/messages/aliases.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'

/** /unknown-client-aliases (admin): aliases read from labels that are not the parcel's client's; a row opens the resolve form. */
export default function UnknownAliasesView() {
  const [state, send] = useMachine(aliasList, { inspect })
  const p = connectListLoad(state, send)
  const [, navigate] = useLocation()
  return (
    <section className="page" data-testid="aliases-page" data-machine="listLoad" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{ALIASES_TEXT.aliases}</h1>
      </div>
      {p.problem && (
        <div className="alert alert-danger" role="alert">
          {p.problem}{' '}
          <button type="button" className="btn btn-sm" onClick={p.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      <PlainTable
        testId="aliases-table"
        rows={p.rows}
        loading={p.loading}
        rowKey={(a) => a.id}
        onRowClick={(a) => navigate(href('unknownAlias', { id: a.id }))}
        emptyText={ALIASES_TEXT.empty}
        columns={[
          { id: 'id', header: ALIASES_TEXT.no, cell: (a) => a.id },
          { id: 'alias', header: ALIASES_TEXT.aliasColumn, cell: (a) => <strong>{a.alias}</strong> },
          { id: 'waybill', header: ALIASES_TEXT.shipment, cell: (a) => a.waybill ?? '—' },
          { id: 'client', header: ALIASES_TEXT.proposedClient, cell: (a) => a.client_name ?? '—' },
          { id: 'is_emag', header: UI_TEXT.emag, cell: (a) => (a.is_emag ? YES_NO_LABEL.yes : YES_NO_LABEL.no) },
          { id: 'created_at', header: ALIASES_TEXT.readAt, cell: (a) => formatDateTime(a.created_at) },
        ]}
      />
    </section>
  )
}
