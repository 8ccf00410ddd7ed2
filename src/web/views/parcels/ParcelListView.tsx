import { useCallback, useMemo } from 'react'
import { useMachine, useSelector } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import { ROLE, isStaff } from '../../../contract/constants/access.ts'
import { COUNTRY } from '../../../contract/constants/address.ts'
import { LISTING } from '../../../contract/constants/shipments.ts'
import { LISTING_PAGE_LENGTHS, PAGE_SIZE } from '../../../contract/constants/tables.ts'
import { SHIPMENTS_TEXT, SHIPMENT_MSG } from '../../../contract/messages/shipments.ts'
import { canOpen, href } from '../../../contract/routes.ts'
import type { ParcelRow, ShipmentRow } from '../../../contract/schemas/listing.ts'
import type { ClientRef } from '../../../contract/schemas/common.ts'
import { stateString } from '../../../../machines/graph/state.ts'
import { type ListingForm, type ParcelListingProps, REPORT_TYPES, type ReportType, connectParcelListing } from '../../../../machines/parcelsListing.ts'
import { connectTable } from '../../../../machines/serverTable.ts'
import { inspect } from '../../inspector/index.ts'
import { useDataLoad } from '../../ui/load.ts'
import { listingOptionsLoad, parcelListingInput, parcelListingLogic, searchClients } from '../../wiring/parcels.ts'
import { useSessionUser } from '../../wiring/session.ts'
import type { ScreenProps } from '../../screen.ts'
import { warsawNowLocal } from '../../ui/format.ts'
import { formatDateTime, formatMoney } from '../../../contract/format.ts'
import { Modal } from '../../ui/modal.tsx'
import { type ServerColumn, ServerTable, serverColumns } from '../../ui/table.tsx'
import { TypeAhead } from '../../ui/typeahead.tsx'
import { FormActions } from '../../ui/recordKit.tsx'
import { PARCELS_TEXT } from '../../../contract/messages/parcels.ts'
import { COUNTRY_NAME } from '../../../contract/messages/address.ts'
import { UI_TEXT } from '../../../contract/messages/ui.ts'
import { SURCHARGE_LABEL } from '../../../contract/messages/prices.ts'
import { BILLING_TEXT } from '../../../contract/messages/billing.ts'
import { INVOICING_TEXT } from '../../../contract/messages/invoicing.ts'
import { STATUSES_TEXT } from '../../../contract/messages/statuses.ts'

type Row = ParcelRow | ShipmentRow
const COUNTRY_BY_ID: Record<number, string> = { [COUNTRY.RO]: COUNTRY_NAME.RO, [COUNTRY.PL]: COUNTRY_NAME.PL, [COUNTRY.HU]: COUNTRY_NAME.HU, [COUNTRY.BG]: COUNTRY_NAME.BG }
const SHIPMENT_TYPE: Record<ShipmentRow['type'], string> = { standard: PARCELS_TEXT.standard, return: SHIPMENTS_TEXT.return, emag_return: SHIPMENTS_TEXT.emagReturn, emag: 'eMAG' }
const REPORT_NAME: Record<ReportType, string> = { list: PARCELS_TEXT.listReport, custom: PARCELS_TEXT.detailedReport }

const cod = (r: { cash_on_delivery: boolean; cash_on_delivery_value: number | null; currency: string | null }) =>
  r.cash_on_delivery ? formatMoney(r.cash_on_delivery_value, r.currency) : '—'

const pc = serverColumns<ParcelRow>()
const sc = serverColumns<ShipmentRow>()
const no = { enableSorting: false } as const

function parcelColumns(staff: boolean): ServerColumn<ParcelRow>[] {
  return [
    pc.accessor('internal_number', { header: UI_TEXT.number, ...no }),
    pc.accessor('status_name', { header: UI_TEXT.status, ...no, cell: (c) => c.getValue() ?? '—' }),
    ...(staff ? [pc.accessor('client_name', { header: UI_TEXT.client, ...no, cell: (c) => c.getValue() ?? '—' })] : []),
    pc.accessor('recipient_name', { header: SHIPMENTS_TEXT.recipient, ...no, cell: (c) => c.getValue() ?? '—' }),
    pc.accessor('source_city', { header: PARCELS_TEXT.from, ...no, cell: (c) => c.getValue() ?? '—' }),
    pc.accessor('destination_city', { header: PARCELS_TEXT.to, ...no, cell: (c) => c.getValue() ?? '—' }),
    pc.accessor('out_number', { header: SHIPMENTS_TEXT.outputNumber, ...no, cell: (c) => c.getValue() ?? '—' }),
    ...(staff
      ? [
          pc.accessor('return_number', { header: SHIPMENTS_TEXT.returnNumber, ...no, cell: (c) => c.getValue() ?? '—' }),
          pc.accessor('buffer_number', { header: PARCELS_TEXT.bufferNumber, ...no, cell: (c) => c.getValue() ?? '—' }),
        ]
      : []),
    pc.accessor('declared_content', { header: SHIPMENTS_TEXT.content, ...no, cell: (c) => c.getValue() ?? '—' }),
    pc.display({ id: 'cod', header: SURCHARGE_LABEL.cod, ...no, cell: (c) => cod(c.row.original), meta: { className: 'num' } }),
    pc.accessor('created_at', { header: UI_TEXT.created, ...no, cell: (c) => formatDateTime(c.getValue()) }),
    ...(staff ? [pc.accessor('error_message', { header: SHIPMENTS_TEXT.error, ...no, cell: (c) => <span className="text-danger">{c.getValue() ?? ''}</span> })] : []),
  ]
}

function shipmentColumns(staff: boolean): ServerColumn<ShipmentRow>[] {
  return [
    sc.accessor('internal_waybill', { header: UI_TEXT.number, ...no }),
    sc.accessor('type', { header: UI_TEXT.type, ...no, cell: (c) => SHIPMENT_TYPE[c.getValue() as ShipmentRow['type']] ?? String(c.getValue()) }),
    ...(staff ? [sc.accessor('client_name', { header: UI_TEXT.client, ...no, cell: (c) => c.getValue() ?? '—' })] : []),
    sc.accessor('recipient_name', { header: SHIPMENTS_TEXT.recipient, ...no, cell: (c) => c.getValue() ?? '—' }),
    sc.accessor('sender_locality_name', { header: PARCELS_TEXT.from, ...no, cell: (c) => c.getValue() ?? '—' }),
    sc.accessor('recipient_locality_name', { header: PARCELS_TEXT.to, ...no, cell: (c) => c.getValue() ?? '—' }),
    sc.accessor('in_waybill', { header: PARCELS_TEXT.inputNumber, ...no, cell: (c) => c.getValue() ?? '—' }),
    sc.accessor('out_waybill', { header: SHIPMENTS_TEXT.outputNumber, ...no, cell: (c) => c.getValue() ?? '—' }),
    sc.accessor('declared_content', { header: SHIPMENTS_TEXT.content, ...no, cell: (c) => c.getValue() ?? '—' }),
    sc.display({ id: 'cod', header: SURCHARGE_LABEL.cod, ...no, cell: (c) => cod(c.row.original), meta: { className: 'num' } }),
    sc.accessor('created_at', { header: UI_TEXT.created, ...no, cell: (c) => formatDateTime(c.getValue()) }),
  ]
}

const isParcelRow = (r: Row): r is ParcelRow => 'internal_number' in r

/**
 * /parcel-list, /parcels-list (staff) and /parcels (everyone; clients see their own): the parcel
 * or shipment list with the filters of the role, pages of 25/500/1000/5000 rows, the
 * admin's group status change and report ordering. The workflow is machines/parcelsListing.ts; its
 * `table` child (machines/serverTable.ts) is what ServerTable renders.
 */
export default function ParcelListView(_props: ScreenProps) {
  const user = useSessionUser()!
  const role = user.role
  const staff = isStaff(role)
  const [, navigate] = useLocation()
  const options = useDataLoad(listingOptionsLoad, role).data ?? { groups: [], statuses: [], rules: [], sectors: [] }
  const [state, send] = useMachine(parcelListingLogic, {
    input: parcelListingInput(user),
    inspect,
  })
  const api = connectParcelListing(state, send)
  const c = api.criteria
  const tableActor = api.table
  // The table child's rows, selection and count estimate, through its connect function.
  const tableState = useSelector(tableActor, (t) => t)
  const table = tableActor && tableState ? connectTable<Row>(tableState, tableActor.send) : null
  const rows = table?.rows ?? []
  const selectedIds = (table?.selectedIds ?? []).map(Number)

  const columns = useMemo(() => (c.type === 'parcels' ? parcelColumns(staff) : shipmentColumns(staff)) as ServerColumn<Row>[], [c.type, staff])
  const open = useCallback((r: Row) => navigate(href('shipment', { internalNumber: isParcelRow(r) ? r.shipment_number : r.internal_waybill })), [navigate])
  const set = api.set
  const allowed = api.allowed
  const changeStatuses = role === ROLE.admin && c.type === 'parcels'

  return (
    <section className="page listing-page" data-testid="listing-page" data-machine="parcelListing" data-state={stateString(state.value)}>
      <div className="page-header">
        <h1>{staff ? INVOICING_TEXT.shipments : PARCELS_TEXT.myShipments}</h1>
        <div className="segmented" role="group" aria-label={PARCELS_TEXT.listKind}>
          <button type="button" aria-pressed={c.type === 'parcels'} data-list="parcels" onClick={() => set('type', 'parcels')}>
            {SHIPMENTS_TEXT.parcels}
          </button>
          <button type="button" aria-pressed={c.type === 'shipments'} data-list="shipments" onClick={() => set('type', 'shipments')}>
            {PARCELS_TEXT.waybills}
          </button>
        </div>
        <span className="spacer" />
        {canOpen('shipmentNew', role) && (
          <Link className="btn btn-primary" href={href('shipmentNew')} data-testid="new-shipment">
            {PARCELS_TEXT.newShipment}
          </Link>
        )}
        {role === ROLE.admin && (
          <button type="button" className="btn" data-testid="report" onClick={api.openReport}>
            {BILLING_TEXT.downloadReport}
          </button>
        )}
        {!staff && (
          <button type="button" className="btn" data-testid="report" disabled={api.isDownloading} onClick={api.downloadReport}>
            {api.isDownloading ? UI_TEXT.downloading : BILLING_TEXT.downloadReport}
          </button>
        )}
      </div>

      <form className="card filters" data-testid="filters" onSubmit={(e) => e.preventDefault()}>
        <div className="filters-grid">
          <Choice label={INVOICING_TEXT.shipments} name="deleted" value={c.deleted} options={[[0, PARCELS_TEXT.activeOnly], [1, PARCELS_TEXT.deleted]]} onChange={(v) => set('deleted', v ?? 0)} />
          <Choice label={SHIPMENTS_TEXT.locker} name="locker" value={c.locker} options={[[1, UI_TEXT.yes], [0, UI_TEXT.no]]} any onChange={(v) => set('locker', v)} />
          <Choice label={SURCHARGE_LABEL.cod} name="cod" value={c.cod} options={[[1, UI_TEXT.yes], [0, UI_TEXT.no]]} any onChange={(v) => set('cod', v)} />
          <div className="field">
            <label htmlFor="f-start">{PARCELS_TEXT.dateFrom}</label>
            <input id="f-start" name="start" type="date" value={c.start} max={c.end || undefined} aria-describedby="f-dates-hint" onChange={(e) => set('start', e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="f-end">{PARCELS_TEXT.dateTo}</label>
            <input id="f-end" name="end" type="date" value={c.end} min={c.start || undefined} aria-describedby="f-dates-hint" onChange={(e) => set('end', e.target.value)} />
          </div>
          <p className="hint filters-hint" id="f-dates-hint" data-testid="date-range-hint">
            {SHIPMENT_MSG.listingDatesHint(LISTING.defaultDays)}
          </p>
          <Choice label={STATUSES_TEXT.group} name="status_group_id" value={c.status_group_id} options={options.groups.map((g) => [g.id, g.name])} any onChange={(v) => set('status_group_id', v)} />
          <Text label={PARCELS_TEXT.internalNumber} name="internal_number" value={c.internal_number} onChange={(v) => set('internal_number', v)} />
          <Text label={SHIPMENTS_TEXT.outputNumber} name="out_number" value={c.out_number} onChange={(v) => set('out_number', v)} />
          {allowed('return_number') && <Text label={SHIPMENTS_TEXT.returnNumber} name="return_number" value={c.return_number} onChange={(v) => set('return_number', v)} />}
          {allowed('client') && (
            <TypeAhead<ClientRef>
              label={UI_TEXT.client}
              name="client"
              selected={c.client}
              display={(x) => x.name}
              itemKey={(x) => x.id}
              search={searchClients}
              onSelect={(x) => set('client', x)}
              emptyText={PARCELS_TEXT.clientNotFound}
            />
          )}
          <Choice label={UI_TEXT.country} name="country" value={c.country} options={Object.entries(COUNTRY_BY_ID).map(([id, n]) => [Number(id), n])} any onChange={(v) => set('country', v)} />
          {allowed('processable') && <Choice label={SHIPMENTS_TEXT.processable} name="processable" value={c.processable} options={[[1, UI_TEXT.yes], [0, UI_TEXT.no]]} any onChange={(v) => set('processable', v)} />}
        </div>
        {staff && (
          <>
            <button type="button" className="link extra-toggle" aria-expanded={api.extraOpen} onClick={api.toggleExtra}>
              {api.extraOpen ? PARCELS_TEXT.fewerFilters : PARCELS_TEXT.moreFilters}
            </button>
            {api.extraOpen && (
              <div className="filters-grid extra" data-testid="extra-filters">
                <div className="field">
                  <TypeAhead<ClientRef>
                    label={PARCELS_TEXT.manyClients}
                    name="clients"
                    selected={null}
                    clearOnSelect
                    display={(x) => x.name}
                    itemKey={(x) => x.id}
                    search={searchClients}
                    onSelect={(x) => x && api.addClient(x)}
                    emptyText={PARCELS_TEXT.clientNotFound}
                  />
                  <div className="chips">
                    {c.clients.map((x) => (
                      <span key={x.id} className="chip">
                        {x.name}{' '}
                        <button type="button" aria-label={PARCELS_TEXT.removeClient(x.name)} onClick={() => api.removeClient(x.id)}>
                          ×
                        </button>
                      </span>
                    ))}
                  </div>
                </div>
                <Choice
                  label={PARCELS_TEXT.clientList}
                  name="client_list_filter_mode"
                  value={c.client_list_filter_mode}
                  options={[['include', PARCELS_TEXT.include], ['exclude', PARCELS_TEXT.exclude]]}
                  onChange={(v) => set('client_list_filter_mode', v ?? 'include')}
                />
                {allowed('problem_rule_code') && (
                  <Choice label={PARCELS_TEXT.problemRule} name="problem_rule_code" value={c.problem_rule_code} options={options.rules.map((r) => [r.code, r.name])} any onChange={(v) => set('problem_rule_code', v)} />
                )}
                {allowed('problematic_sector_id') && (
                  <Choice
                    label={SHIPMENTS_TEXT.problemSector}
                    name="problematic_sector_id"
                    value={c.problematic_sector_id}
                    options={options.sectors.map((s) => [s.id, `${s.code} – ${s.name}`])}
                    any
                    onChange={(v) => set('problematic_sector_id', v)}
                  />
                )}
              </div>
            )}
          </>
        )}
        <FormActions
          end={
            <button type="button" className="btn" data-testid="reset-filters" onClick={api.reset}>
              {UI_TEXT.resetFilters}
            </button>
          }
        >
          {changeStatuses && (
            <>
              <button type="button" className="btn" data-testid="select-all" disabled={rows.length === 0} onClick={() => tableActor?.send({ type: 'SELECT', selection: Object.fromEntries(rows.map((r) => [String(r.id), true as const])) })}>
                {PARCELS_TEXT.selectAll}
              </button>
              <button type="button" className="btn" data-testid="change-statuses" disabled={selectedIds.length === 0} onClick={() => api.openStatusChange(selectedIds, warsawNowLocal())}>
                {PARCELS_TEXT.changeStatuses}{selectedIds.length ? ` (${selectedIds.length})` : ''}
              </button>
            </>
          )}
        </FormActions>
      </form>

      {tableActor && (
        <ServerTable<Row>
          actor={tableActor}
          testId="listing-table"
          columns={columns}
          pageLengths={LISTING_PAGE_LENGTHS}
          onRowClick={open}
          selectable={changeStatuses}
          emptyText={PARCELS_TEXT.empty}
        />
      )}
      {table?.isEstimate && (
        <p className="hint" data-testid="count-estimated">
          {PARCELS_TEXT.approximateCount}
        </p>
      )}

      <StatusChangeModal api={api} statuses={options.statuses} />
      <ReportModal api={api} />
    </section>
  )
}

function StatusChangeModal({ api, statuses }: { api: ParcelListingProps; statuses: ReadonlyArray<{ id: number; displayed_name: string; name: string }> }) {
  const open = api.isStatusChangeOpen
  const submitting = api.isSubmittingStatus
  const { status, statusErrors, dialogError } = api
  const err = (k: string) => statusErrors[k] ?? []
  return (
    <Modal
      open={open}
      onClose={() => !submitting && api.close()}
      title={PARCELS_TEXT.changeStatusOf(status.ids.length)}
      footer={
        <>
          <button type="button" className="btn" disabled={submitting} onClick={api.close}>
            {UI_TEXT.cancel}
          </button>
          <button type="button" className="btn btn-primary" disabled={submitting} data-testid="status-submit" onClick={api.submitStatus}>
            {PARCELS_TEXT.changeStatus}
          </button>
        </>
      }
    >
      <div className={`field${err('id_status_type').length ? ' has-error' : ''}`}>
        <label htmlFor="f-status">{UI_TEXT.status}</label>
        <select id="f-status" name="id_status_type" value={status.id_status_type ?? ''} onChange={(e) => api.setStatusField('id_status_type', e.target.value ? Number(e.target.value) : null)}>
          <option value="">{UI_TEXT.choose}</option>
          {statuses.map((s) => (
            <option key={s.id} value={s.id}>
              {s.displayed_name} ({s.name})
            </option>
          ))}
        </select>
        <Errors list={err('id_status_type')} />
      </div>
      <div className={`field${err('when').length ? ' has-error' : ''}`}>
        <label htmlFor="f-when">{PARCELS_TEXT.when}</label>
        <input id="f-when" name="when" type="datetime-local" step={1} value={status.when} onChange={(e) => api.setStatusField('when', e.target.value)} />
        <Errors list={err('when')} />
      </div>
      <div className={`field${err('where').length ? ' has-error' : ''}`}>
        <label htmlFor="f-where">{PARCELS_TEXT.where}</label>
        <input id="f-where" name="where" value={status.where} onChange={(e) => api.setStatusField('where', e.target.value)} />
        <Errors list={err('where')} />
      </div>
      {dialogError && <div className="alert alert-danger">{dialogError}</div>}
    </Modal>
  )
}

function ReportModal({ api }: { api: ParcelListingProps }) {
  const open = api.isReportOpen
  const ordering = api.isOrdering
  const { reportType, dialogError } = api
  return (
    <Modal
      open={open}
      onClose={() => !ordering && api.close()}
      title={BILLING_TEXT.downloadReport}
      footer={
        <>
          <button type="button" className="btn" disabled={ordering} onClick={api.close}>
            {UI_TEXT.cancel}
          </button>
          <button type="button" className="btn btn-primary" disabled={ordering || !reportType} data-testid="report-order" onClick={api.orderReport}>
            {ordering ? PARCELS_TEXT.generating : UI_TEXT.download}
          </button>
        </>
      }
    >
      <fieldset className="radio-list">
        <legend>{PARCELS_TEXT.reportKind}</legend>
        {REPORT_TYPES.map((t) => (
          <label key={t} className="checkbox">
            <input type="radio" name="report-type" value={t} checked={reportType === t} onChange={() => api.chooseReport(t)} /> {REPORT_NAME[t]}
          </label>
        ))}
      </fieldset>
      {dialogError && (
        <div className="alert alert-danger" role="alert">
          {dialogError}
        </div>
      )}
    </Modal>
  )
}

function Errors({ list }: { list: readonly string[] }) {
  return list.length ? (
    <ul className="field-errors" role="alert">
      {list.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  ) : null
}

function Text({ label, name, value, onChange }: { label: string; name: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <input id={`f-${name}`} name={name} type="search" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  )
}

/** A select over a few values; `any` adds 'Wszystkie' (null). */
function Choice<V extends string | number>(props: {
  label: string
  name: keyof ListingForm
  value: V | null
  options: ReadonlyArray<readonly [V, string]>
  any?: boolean
  onChange: (v: V | null) => void
}) {
  const { label, name, value, options, any, onChange } = props
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select
        id={`f-${name}`}
        name={name}
        value={value === null ? '' : String(value)}
        onChange={(e) => {
          const picked = options.find(([v]) => String(v) === e.target.value)
          onChange(picked ? picked[0] : null)
        }}
      >
        {any && <option value="">{UI_TEXT.all}</option>}
        {options.map(([v, l]) => (
          <option key={String(v)} value={String(v)}>
            {l}
          </option>
        ))}
      </select>
    </div>
  )
}

