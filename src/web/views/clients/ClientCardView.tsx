import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { useActorRef, useMachine } from '@xstate/react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { CLIENTS } from '../../../contract/constants/clients.ts'
import { PRICES } from '../../../contract/constants/prices.ts'
import { PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { CLIENTS_TEXT, CLIENT_LABEL, CLIENT_MSG } from '../../../contract/messages/clients.ts'
import { STATEMENT_VIEW } from '../../../contract/messages/billing.ts'
import { PRICES_TEXT, STANDING_HINT, STANDING_LABEL } from '../../../contract/messages/prices.ts'
import { href } from '../../../contract/routes.ts'
import type { AdditionalParameter, Credential, ExternalCredential, OperationalPriceListRow, PriceBand } from '../../../contract/schemas/clients.ts'
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../contract/format.ts'
import { connectClientCard } from '../../../../machines/clientsCard.ts'
import { connectCredentialCheck } from '../../../../machines/clientsCredentialCheck.ts'
import { connectRecordForm } from '../../../../machines/recordForm.ts'
import { inspect } from '../../inspector/index.ts'
import { cardTables, clientFormLogic, credentialLogic, validateClient } from '../../wiring/clients.ts'
import { tableInput } from '../../wiring/serverTable.ts'
import { billingExportLogic, clientCardWithBilling } from '../../wiring/billing.ts'
import { BillingProgress } from '../billing/BillingProgress.tsx'
import { MyReports } from '../billing/MyReports.tsx'
import type { ScreenProps } from '../../screen.ts'
import { Modal } from '../../ui/modal.tsx'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { ClientDataForm } from './ClientDataForm.tsx'
import { AuditHistory } from '../audit/AuditTable.tsx'
import { warsawToday } from '../../ui/format.ts'

/** The tabs of the client card, in order; `pricing` holds the price bands. */
const TABS = ['data', 'api', 'pricing', 'income_operational_price_list', 'cost_operational_price_list', 'parameters', 'external_api_credentials', 'history'] as const
type Tab = (typeof TABS)[number]
const tabOf = (card: string | undefined): Tab => TABS.find((t) => t === card) ?? 'data'

/** /client/{id} and /client/{id}/card/{card} (admin): header with previous/next, the period's shipment count and the billing modal; the tabs. */
export default function ClientCardView({ params }: ScreenProps) {
  const id = Number(params.id)
  // A new client id is a new card: fresh machines.
  return <ClientCard key={id} id={id} tab={tabOf(params.card)} />
}

function ClientCard({ id, tab }: { id: number; tab: Tab }) {
  // The billing flow (order, progress, download) outlives the modal; the card hands it the order.
  const billing = useActorRef(billingExportLogic, { inspect })
  const [state, send] = useMachine(clientCardWithBilling(billing), { input: { clientId: id }, inspect })
  const h = connectClientCard(state, send)
  const [reportsOpen, setReportsOpen] = useState(false)
  const [, navigate] = useLocation()
  return (
    <section className="page" data-testid="client-card">
      <div className="page-header">
        <h1 data-testid="client-card-title">{h.name ? `${h.name} (#${id})` : CLIENTS_TEXT.clientNumber(id)}</h1>
        <span className="spacer" />
        <div className="header-actions">
          <button type="button" className="btn" data-testid="client-prev" disabled={!h.navigation?.previous} onClick={() => h.navigation?.previous && navigate(href('clientCard', { id: h.navigation.previous, card: tab }))}>
            {CLIENTS_TEXT.previousClient}
          </button>
          <button type="button" className="btn" data-testid="client-next" disabled={!h.navigation?.next} onClick={() => h.navigation?.next && navigate(href('clientCard', { id: h.navigation.next, card: tab }))}>
            {CLIENTS_TEXT.nextClient}
          </button>
          <span className="badge" data-testid="client-period-count">
            {!h.headerLoaded
              ? '…'
              : h.count
                ? `${CLIENTS_TEXT.shipmentsInPeriod(formatDate(h.count.start), formatDate(h.count.end), h.count.count)} · ${CLIENT_MSG.invoicedPerPeriod}`
                : `${CLIENT_MSG.noBillingPeriod} · ${CLIENT_MSG.notInvoiced}`}
          </span>
          <button type="button" className="btn" data-testid="client-billing" onClick={h.openBilling}>
            {CLIENTS_TEXT.statement}
          </button>
          <button type="button" className="btn" data-testid="client-reports" onClick={() => setReportsOpen(true)}>
            {UI_TEXT.myReports}
          </button>
        </div>
      </div>
      <BillingProgress actor={billing} />
      <Modal open={reportsOpen} onClose={() => setReportsOpen(false)} title={UI_TEXT.myReports} width="80%">
        {reportsOpen && <MyReports clientId={id} />}
      </Modal>
      {h.headerError && (
        <div className="alert alert-danger" role="alert">
          {h.headerError}{' '}
          <button type="button" className="btn btn-sm" onClick={h.retry}>
            {UI_TEXT.retry}
          </button>
        </div>
      )}
      <div className="segmented" role="tablist" aria-label={CLIENTS_TEXT.clientCard}>
        {TABS.map((t) => (
          <Link key={t} href={href('clientCard', { id, card: t })} role="tab" aria-selected={t === tab} data-testid={`tab-${t}`} className="btn">
            {CLIENT_LABEL.tabs[t]}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={CLIENT_LABEL.tabs[tab]} data-testid={`panel-${tab}`}>
        {tab === 'data' && <DataTab id={id} />}
        {tab === 'api' && <CredentialsTab id={id} />}
        {tab === 'pricing' && <PriceBandsTab id={id} />}
        {tab === 'income_operational_price_list' && <PriceListsTab id={id} type="income" />}
        {tab === 'cost_operational_price_list' && <PriceListsTab id={id} type="cost" />}
        {tab === 'parameters' && <ParametersTab id={id} />}
        {tab === 'external_api_credentials' && <ExternalTab id={id} />}
        {tab === 'history' && <AuditHistory record={{ entity: 'client', entity_id: String(id) }} />}
      </div>
      <Modal
        open={h.billingOpen}
        onClose={h.closeBilling}
        title={CLIENTS_TEXT.statement}
        footer={
          <>
            <button type="button" className="btn" onClick={h.closeBilling}>
              {UI_TEXT.cancel}
            </button>
            <button type="button" className="btn btn-primary" data-testid="billing-order" disabled={!h.billingValid} onClick={h.orderBilling}>
              {CLIENTS_TEXT.order}
            </button>
          </>
        }
      >
        <div className="form-grid" data-testid="billing-form">
          {(['start', 'end'] as const).map((name) => (
            <div key={name} className={`field${h.billingErrorsOf(name).length ? ' has-error' : ''}`}>
              <label htmlFor={`billing-${name}`}>{name === 'start' ? CLIENTS_TEXT.startDateRequired : CLIENTS_TEXT.endDateRequired}</label>
              <input id={`billing-${name}`} type="date" value={h.billing[name]} onChange={(e) => h.setBilling(name, e.target.value)} />
              {h.billingErrorsOf(name).length > 0 && (
                <ul className="field-errors" role="alert">
                  {h.billingErrorsOf(name).map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
          <div className="field">
            <button type="button" className="btn btn-sm" data-testid="billing-last-month" onClick={() => h.presetLastMonth(warsawToday())}>
              {STATEMENT_VIEW.lastMonth}
            </button>
          </div>
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" data-testid="billing-re-account" aria-describedby="billing-re-account-help" checked={h.billing.re_account} onChange={(e) => h.setReAccount(e.target.checked)} />
              {STATEMENT_VIEW.reAccountLabel}
            </label>
            <p id="billing-re-account-help" className="hint">
              {STATEMENT_VIEW.reAccountHelp}
            </p>
          </div>
        </div>
      </Modal>
    </section>
  )
}

function DataTab({ id }: { id: number }) {
  const [state, send] = useMachine(clientFormLogic, { input: { id, validate: validateClient }, inspect })
  const form = connectRecordForm(state, send)
  if (form.problem) return <div className="alert alert-danger" role="alert">{form.error}</div>
  return form.loading ? <p className="loading">{UI_TEXT.loading}</p> : <ClientDataForm form={form} testId="client-form" />
}

// ---- courier accounts -------------------------------------------------------------------------------------

const credCol = serverColumns<Credential>()
const CREDENTIAL_COLUMNS: ServerColumn<Credential>[] = [
  credCol.accessor('id', { header: UI_TEXT.id, enableSorting: false }),
  credCol.accessor('courier', { header: UI_TEXT.courier, enableSorting: false }),
  credCol.accessor('type', { header: CLIENTS_TEXT.accountType, enableSorting: false }),
  credCol.accessor('username', { header: UI_TEXT.login, enableSorting: false }),
  credCol.accessor('contract_number', { header: CLIENTS_TEXT.contractNumber, enableSorting: false }),
  credCol.accessor('main', { header: CLIENTS_TEXT.main, enableSorting: false, cell: (c) => (c.getValue() ? 'tak' : 'nie') }),
  credCol.accessor('protected', { header: CLIENTS_TEXT.protected, enableSorting: false, cell: (c) => (c.getValue() ? 'tak' : 'nie') }),
]

function CredentialsTab({ id }: { id: number }) {
  const [, navigate] = useLocation()
  const table = useActorRef(cardTables.credentials, { input: tableInput({ pageLength: PAGE_SIZE.otherTables * 10, filters: { clientId: id } }), inspect })
  const [probeOpen, setProbeOpen] = useState(false)
  return (
    <div className="card">
      <div className="toolbar">
        <Link className="btn btn-primary" href={href('clientCredential', { idClient: id })} data-testid="credential-add">
          {CLIENTS_TEXT.addCredential}
        </Link>
        <button type="button" className="btn" data-testid="credential-probe" onClick={() => setProbeOpen(true)}>
          {CLIENTS_TEXT.checkPermissions}
        </button>
      </div>
      <ServerTable<Credential>
        testId="credentials-table"
        columns={CREDENTIAL_COLUMNS}
        actor={table}
        onRowClick={(c) => navigate(href('clientCredential', { idClient: id, id: c.id }))}
        emptyText={CLIENTS_TEXT.noCredentials}
      />
      {probeOpen && <PermissionModal clientId={id} onClose={() => setProbeOpen(false)} />}
    </div>
  )
}

/** The permission-check modal: login and password; a good check shows contract number, e-mail and phone. */
export function PermissionModal({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const [state, send] = useMachine(credentialLogic, { input: { mode: 'probe', clientId, id: null, defaultCourierId: CLIENTS.defaultCourierId }, inspect })
  const p = connectCredentialCheck(state, send)
  return (
    <Modal
      open
      onClose={onClose}
      title={CLIENTS_TEXT.permissionsCheck}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {UI_TEXT.close}
          </button>
          <button type="button" className="btn btn-primary" data-testid="probe-check" disabled={!p.canCheck} onClick={p.check}>
            {CLIENTS_TEXT.check}
          </button>
        </>
      }
    >
      <div className="form-grid" data-testid="probe-form">
        <div className="field">
          <label htmlFor="probe-username">{UI_TEXT.login}</label>
          <input id="probe-username" value={p.values.username} onChange={(e) => p.set('username', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="probe-password">{CLIENTS_TEXT.password}</label>
          <input id="probe-password" type="password" value={p.values.password} onChange={(e) => p.set('password', e.target.value)} />
        </div>
      </div>
      {p.result && (
        <dl className="details-grid" data-testid="probe-result">
          <dt>{CLIENTS_TEXT.contractNumber}</dt>
          <dd>{p.result.contract_number}</dd>
          <dt>{UI_TEXT.email}</dt>
          <dd>{p.result.email}</dd>
          <dt>{UI_TEXT.phone}</dt>
          <dd>{p.result.phone_number}</dd>
        </dl>
      )}
    </Modal>
  )
}

// ---- price bands, price lists, parameters, external credentials --------------------------------------------

const bandCol = serverColumns<PriceBand>()
const BAND_COLUMNS: ServerColumn<PriceBand>[] = [
  bandCol.accessor('service_id', { header: CLIENTS_TEXT.service, enableSorting: false }),
  bandCol.accessor('min_weight_value', { header: PRICES_TEXT.weightFrom, enableSorting: false, cell: (c) => formatNumber(c.getValue()) }),
  bandCol.accessor('max_weight_value', { header: PRICES_TEXT.weightTo, enableSorting: false, cell: (c) => formatNumber(c.getValue()) }),
  bandCol.accessor('net_price', { header: PRICES_TEXT.netPrice, enableSorting: false, cell: (c) => formatMoney(c.getValue(), PRICES.baseCurrency) }),
  bandCol.accessor('vat_percentage', { header: UI_TEXT.vatPercent, enableSorting: false, cell: (c) => formatNumber(c.getValue()) }),
]

function PriceBandsTab({ id }: { id: number }) {
  const [, navigate] = useLocation()
  const table = useActorRef(cardTables.priceBands, { input: tableInput({ pageLength: PAGE_SIZE.otherTables * 10, filters: { clientId: id } }), inspect })
  return (
    <div className="card">
      <div className="toolbar">
        <Link className="btn btn-primary" href={href('clientPrice', { idClient: id })} data-testid="price-band-add">
          {CLIENTS_TEXT.addPriceBand}
        </Link>
      </div>
      <ServerTable<PriceBand>
        testId="price-bands-table"
        columns={BAND_COLUMNS}
        actor={table}
        onRowClick={(b) => navigate(href('clientPrice', { idClient: id, id: b.id }))}
        emptyText={CLIENTS_TEXT.noPriceBands}
      />
    </div>
  )
}

const listCol = serverColumns<OperationalPriceListRow>()
const listColumns = (type: 'income' | 'cost'): ServerColumn<OperationalPriceListRow>[] => [
  listCol.accessor('name', { header: UI_TEXT.name }),
  listCol.accessor('begin_date', { header: PRICES_TEXT.validFrom, cell: (c) => formatDate(c.getValue()) }),
  listCol.accessor('special_association', { header: PRICES_TEXT.specialLink }),
  type === 'cost' ? listCol.accessor('courier', { header: UI_TEXT.courier }) : listCol.accessor('country', { header: UI_TEXT.country }),
  listCol.accessor('deactivated_at', { header: CLIENTS_TEXT.deactivated, enableSorting: false, cell: (c) => formatDateTime(c.getValue()) }),
  listCol.accessor('standing', { header: UI_TEXT.state, enableSorting: false, cell: (c) => <span data-standing={c.row.original.standing}>{STANDING_LABEL[c.row.original.standing]}</span> }),
]
const INCOME_COLUMNS = listColumns('income')
const COST_COLUMNS = listColumns('cost')

function PriceListsTab({ id, type }: { id: number; type: 'income' | 'cost' }) {
  const [, navigate] = useLocation()
  const table = useActorRef(cardTables.priceLists, {
    input: tableInput({ pageLength: PAGE_SIZE.priceLists, order: [{ column: 1, dir: 'desc' }], filters: { type, clientId: id } }),
    inspect,
  })
  return (
    <div className="card">
      <div className="toolbar">
        <Link className="btn btn-primary" href={href('priceListClientForm', { type, idClient: id })} data-testid="price-list-add">
          {PRICES_TEXT.addPriceList}
        </Link>
      </div>
      <ServerTable<OperationalPriceListRow>
        testId={`price-lists-${type}`}
        columns={type === 'income' ? INCOME_COLUMNS : COST_COLUMNS}
        actor={table}
        onRowClick={(l) => navigate(href('priceListClientForm', { type, idClient: id, id: l.id }))}
        rowClassName={(l) => (l.active ? 'row-active' : undefined)}
        emptyText={CLIENTS_TEXT.noPriceLists}
      />
      <p className="hint">{STANDING_HINT}</p>
    </div>
  )
}

const paramCol = serverColumns<AdditionalParameter>()
/** A parameter's value as its form shows it: a choice by its Polish label ("miesięczny", not "monthly"). */
const parameterValueText = (p: AdditionalParameter) => {
  const input = p.extra_parameters[0]
  const at = input?.type === 'select' ? input.option_keys.indexOf(p.value) : -1
  return at >= 0 ? (input!.options[at] ?? p.value) : p.value
}
const PARAM_COLUMNS: ServerColumn<AdditionalParameter>[] = [
  paramCol.accessor('name', { header: CLIENT_LABEL.parameter, enableSorting: false }),
  paramCol.accessor('code', { header: UI_TEXT.code, enableSorting: false }),
  paramCol.accessor('value', { header: CLIENT_LABEL.value, enableSorting: false, cell: (c) => parameterValueText(c.row.original) }),
]

function ParametersTab({ id }: { id: number }) {
  const [, navigate] = useLocation()
  const table = useActorRef(cardTables.parameters, { input: tableInput({ pageLength: PAGE_SIZE.otherTables * 10, filters: { clientId: id } }), inspect })
  return (
    <div className="card">
      <div className="toolbar">
        <Link className="btn btn-primary" href={href('clientParameter', { idClient: id })} data-testid="parameter-add">
          {CLIENTS_TEXT.defineParameter}
        </Link>
      </div>
      <ServerTable<AdditionalParameter>
        testId="parameters-table"
        columns={PARAM_COLUMNS}
        actor={table}
        onRowClick={(p) => navigate(href('clientParameter', { idClient: id, id: p.type_id }))}
        emptyText={CLIENTS_TEXT.noParameters}
      />
    </div>
  )
}

const extCol = serverColumns<ExternalCredential>()
const EXTERNAL_COLUMNS: ServerColumn<ExternalCredential>[] = [
  extCol.accessor('id', { header: UI_TEXT.id, enableSorting: false }),
  extCol.accessor('type', { header: UI_TEXT.type, enableSorting: false, cell: (c) => CLIENT_LABEL.externalTypes[c.row.original.type] }),
  extCol.accessor('username', { header: UI_TEXT.login, enableSorting: false }),
  extCol.accessor('ip', { header: UI_TEXT.ip, enableSorting: false }),
  extCol.accessor('created_at', { header: UI_TEXT.created, enableSorting: false, cell: (c) => formatDateTime(c.getValue()) }),
  extCol.accessor('last_used_at', {
    header: CLIENT_LABEL.externalLastUsed, enableSorting: false,
    cell: (c) => { const v = c.getValue(); return v ? formatDateTime(v) : CLIENT_LABEL.externalNeverUsed },
  }),
  extCol.accessor('revoked_at', {
    header: CLIENT_LABEL.externalRevoked, enableSorting: false,
    cell: (c) => { const v = c.getValue(); return v ? formatDateTime(v) : CLIENT_LABEL.externalActive },
  }),
]

function ExternalTab({ id }: { id: number }) {
  const [, navigate] = useLocation()
  const table = useActorRef(cardTables.external, { input: tableInput({ pageLength: PAGE_SIZE.otherTables * 10, filters: { clientId: id } }), inspect })
  return (
    <div className="card">
      <div className="toolbar">
        <Link className="btn btn-primary" href={href('clientExternalApi', { clientId: id })} data-testid="external-add">
          {CLIENTS_TEXT.addExternal}
        </Link>
      </div>
      <ServerTable<ExternalCredential>
        testId="external-table"
        columns={EXTERNAL_COLUMNS}
        actor={table}
        onRowClick={(c) => navigate(href('clientExternalApi', { clientId: id, id: c.id }))}
        emptyText={CLIENTS_TEXT.noExternal}
      />
    </div>
  )
}
