import { and, assign, fromPromise, sendTo, setup, stateIn } from 'xstate'
import { ROLE, isStaff } from '../src/contract/constants/access.ts'
import { LISTING } from '../src/contract/constants/shipments.ts'
import { PAGE_SIZE } from '../src/contract/constants/tables.ts'
import { SEARCH_DELAY_MS, TOAST_MS } from '../src/contract/constants/ui.ts'
import { WAREHOUSE } from '../src/contract/constants/warehouse.ts'
import { addDays } from '../src/contract/time.ts'
import { type ExportOrderRequest, GroupStatusRequest, type ListingCriteria } from '../src/contract/schemas/listing.ts'
import { type FieldErrors, decode } from '../src/contract/validation.ts'
import { type OrderBy, type ServerTableActor, type ServerTableInput, serverTableMachine } from './serverTable.ts'

/**
 * The parcel listing: /parcel-list, /parcels-list (staff) and /parcels (a client sees their own).
 * It owns the criteria form (what the role may filter on), remembered per user through the
 * `persist` action, and the two dialogs: the admin's group status change and the report order.
 * Paging, rows and selection are the `serverTable` child `table`: criteria reach it as one FILTER
 * event (text after the search delay), a finished status change reloads it.
 *
 *   filters:  settled ⇄ pending (text typed; after searchDelay → FILTER to the table)
 *   dialog:   closed | statusChange.{editing, submitting} | report.{choosing, ordering} | downloading
 */

export type ListType = 'parcels' | 'shipments'
export type Flag = 0 | 1
export interface ClientChoice {
  id: number
  name: string
}

/** The criteria form. Empty text and `null` mean "any". */
export interface ListingForm {
  type: ListType
  /** Active (0) or deleted (1). */
  deleted: Flag
  locker: Flag | null
  cod: Flag | null
  /** yyyy-mm-dd (Europe/Warsaw); by default the last LISTING.defaultDays days; empty: no limit on that side. */
  start: string
  end: string
  status_group_id: number | null
  internal_number: string
  out_number: string
  /** Staff. */
  return_number: string
  /** Staff: the client search. */
  client: ClientChoice | null
  country: number | null
  /** Staff, parcels. */
  processable: Flag | null
  /** Staff (extra block): several clients, included or excluded. */
  clients: ClientChoice[]
  client_list_filter_mode: 'include' | 'exclude'
  /** Admin (extra block). */
  problem_rule_code: string | null
  /** Staff, parcels (extra block). */
  problematic_sector_id: number | null
}
export type ListingField = keyof ListingForm

/** Fields typed letter by letter: they reach the server after the search delay. */
export const TEXT_FIELDS: readonly ListingField[] = ['internal_number', 'out_number', 'return_number']
/** The collapsible extra block. */
export const EXTRA_FIELDS: readonly ListingField[] = ['clients', 'client_list_filter_mode', 'problem_rule_code', 'problematic_sector_id']

/**
 * Which filters a role may use on which list: clients have no client filter, return
 * number, processable or extra block; processable and the problem sector are for parcels; the
 * problem rule is the admin's.
 */
export function filterAllowed(field: ListingField, role: number, type: ListType): boolean {
  switch (field) {
    case 'return_number':
    case 'client':
    case 'clients':
    case 'client_list_filter_mode':
      return isStaff(role)
    case 'processable':
    case 'problematic_sector_id':
      return isStaff(role) && type === 'parcels'
    case 'problem_rule_code':
      return role === ROLE.admin
    default:
      return true
  }
}

/** The first day of the default range: the last LISTING.defaultDays days up to `today`. */
export const defaultStart = (today: string) => (DATE.test(today) ? addDays(today, 1 - LISTING.defaultDays) : today)

export const defaultCriteria = (today: string): ListingForm => ({
  type: 'parcels',
  deleted: 0,
  locker: null,
  cod: null,
  start: defaultStart(today),
  end: today,
  status_group_id: null,
  internal_number: '',
  out_number: '',
  return_number: '',
  client: null,
  country: null,
  processable: null,
  clients: [],
  client_list_filter_mode: 'include',
  problem_rule_code: null,
  problematic_sector_id: null,
})

/** What the web keeps in local storage: whose criteria they are, and the criteria. */
export interface SavedCriteria {
  userId: number
  criteria: Partial<ListingForm>
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const flagOrNull = (v: unknown): Flag | null => (v === 0 || v === 1 ? v : null)
const idOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null)
const text = (v: unknown) => (typeof v === 'string' ? v : '')
const clientOrNull = (v: unknown): ClientChoice | null => {
  const c = v as ClientChoice | null
  return c && typeof c === 'object' && idOrNull(c.id) && typeof c.name === 'string' ? { id: c.id, name: c.name } : null
}

/** Drops what the role may not filter by (or what the list type has not), back to "any". */
export function sanitize(form: ListingForm, role: number): ListingForm {
  const out = { ...form }
  const blank = defaultCriteria(form.start)
  for (const k of Object.keys(out) as ListingField[]) {
    if (!filterAllowed(k, role, out.type)) (out as Record<string, unknown>)[k] = blank[k]
  }
  return out
}

/**
 * The criteria to start with: the user's saved ones (checked field by field, a stored value of
 * another shape is ignored), else the defaults; never filters the role may not use.
 */
export function restoreCriteria(saved: unknown, userId: number, role: number, today: string): ListingForm {
  const base = defaultCriteria(today)
  const s = saved as SavedCriteria | null
  if (!s || typeof s !== 'object' || s.userId !== userId || !s.criteria || typeof s.criteria !== 'object') return base
  const c = s.criteria as Record<string, unknown>
  const form: ListingForm = {
    type: c.type === 'shipments' ? 'shipments' : 'parcels',
    deleted: c.deleted === 1 ? 1 : 0,
    locker: flagOrNull(c.locker),
    cod: flagOrNull(c.cod),
    // A date the user cleared stays cleared (no limit on that side).
    start: typeof c.start === 'string' && (c.start === '' || DATE.test(c.start)) ? c.start : base.start,
    end: typeof c.end === 'string' && (c.end === '' || DATE.test(c.end)) ? c.end : base.end,
    status_group_id: idOrNull(c.status_group_id),
    internal_number: text(c.internal_number),
    out_number: text(c.out_number),
    return_number: text(c.return_number),
    client: clientOrNull(c.client),
    country: idOrNull(c.country),
    processable: flagOrNull(c.processable),
    clients: Array.isArray(c.clients) ? c.clients.map(clientOrNull).filter((x): x is ClientChoice => x !== null) : [],
    client_list_filter_mode: c.client_list_filter_mode === 'exclude' ? 'exclude' : 'include',
    problem_rule_code: typeof c.problem_rule_code === 'string' && c.problem_rule_code ? c.problem_rule_code : null,
    problematic_sector_id: idOrNull(c.problematic_sector_id),
  }
  return sanitize(form, role)
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim())

/** The request's criteria (schemas/listing.ts ListingCriteria) from the form. */
export function toCriteria(form: ListingForm, role: number): ListingCriteria {
  const f = sanitize(form, role)
  return {
    type: f.type,
    start: f.start || null,
    end: f.end || null,
    client_id: f.client?.id ?? null,
    client_name: f.client?.name ?? null,
    client_ids: f.clients.length ? f.clients.map((c) => c.id) : null,
    client_list_filter_mode: f.clients.length ? f.client_list_filter_mode : null,
    status_group_id: f.status_group_id,
    locker: f.locker,
    cod: f.cod,
    country: f.country,
    out_number: orNull(f.out_number),
    internal_number: orNull(f.internal_number),
    return_number: orNull(f.return_number),
    deleted: f.deleted,
    processable: f.processable,
    problem_rule_code: f.problem_rule_code,
    problematic_sector_id: f.problematic_sector_id,
  }
}

/** The table's filters: the criteria, under the key the list endpoint reads (ParcelListRequest). */
export const tableFilters = (form: ListingForm, role: number) => ({ criteria: toCriteria(form, role) })

/** Newest first: the server orders by creation date when no column is asked for. */
export const LISTING_ORDER: readonly OrderBy[] = []

// ---- group status change -----------------------------------------------------

export interface StatusForm {
  ids: number[]
  id_status_type: number | null
  /** yyyy-mm-ddThh:mm[:ss], the moment the status applies (Europe/Warsaw). */
  when: string
  where: string
}
export type StatusField = 'id_status_type' | 'when' | 'where'

const blankStatus = (): StatusForm => ({ ids: [], id_status_type: null, when: '', where: WAREHOUSE.defaultWhere })

export const validateStatusForm = (f: StatusForm) => decode(GroupStatusRequest, f)

/** 420: every selected parcel but these (they already had the status) was updated. */
export interface SkippedError {
  status: 420
  data: { message?: string; skipped?: readonly string[] }
}
/** The `message` of a reply, if it has one. */
const replyMessage = (out: unknown): string | undefined =>
  out && typeof out === 'object' && 'message' in out && typeof out.message === 'string' ? out.message : undefined

/** The HTTP status of a failed call (ApiError carries one), if any. */
const statusOf = (e: unknown): number | undefined =>
  e && typeof e === 'object' && 'status' in e && typeof e.status === 'number' ? e.status : undefined

export const skippedOf = (e: unknown): readonly string[] => ((e as SkippedError)?.data?.skipped ?? []) as readonly string[]

// ---- machine ---------------------------------------------------------------------------------

export interface ParcelListingInput {
  role: number
  userId: number
  /** yyyy-mm-dd in Europe/Warsaw: the default date range. */
  today: string
  /** What local storage held (parsed JSON, unchecked), or null. */
  saved: unknown
}

export interface ParcelListingContext {
  role: number
  userId: number
  today: string
  criteria: ListingForm
  extraOpen: boolean
  status: StatusForm
  statusErrors: FieldErrors
  /** Message inside the open dialog (a failed call). */
  dialogError: string | null
  /** Report type chosen in the report dialog. */
  reportType: ReportType | null
}

export type ParcelListingEvent =
  | { type: 'SET'; field: ListingField; value: unknown }
  | { type: 'ADD_CLIENT'; client: ClientChoice }
  | { type: 'REMOVE_CLIENT'; id: number }
  | { type: 'RESET' }
  | { type: 'TOGGLE_EXTRA' }
  /** Admin, parcels list: the selected parcel ids, and "now" for the default `when`. */
  | { type: 'OPEN_STATUS_CHANGE'; ids: number[]; now: string }
  | { type: 'SET_STATUS_FIELD'; field: StatusField; value: string | number | null }
  | { type: 'SUBMIT_STATUS' }
  /** Admin: open the report dialog. */
  | { type: 'OPEN_REPORT' }
  | { type: 'CHOOSE_REPORT'; reportType: ReportType }
  | { type: 'ORDER_REPORT' }
  /** Client: the report is downloaded directly. */
  | { type: 'DOWNLOAD_REPORT' }
  | { type: 'CLOSE' }

/** list: the rows of the list; custom: one row per parcel with every detail (schemas/listing.ts ExportOrderRequest). */
export type ReportType = Exclude<ExportOrderRequest['type'], 'billing'>
export const REPORT_TYPES: readonly ReportType[] = ['list', 'custom']

export interface ReportOrder {
  reportType: ReportType
  criteria: ListingCriteria
}

const messageOf = (e: unknown, fallback: string) => {
  const err = e as { data?: { message?: string }; message?: string } | null
  return err?.data?.message || err?.message || fallback
}

export const parcelListingMachine = setup({
  types: {
    context: {} as ParcelListingContext,
    events: {} as ParcelListingEvent,
    input: {} as ParcelListingInput,
    children: {} as { table: 'table' },
  },
  actors: {
    /** The generic server table; the web provides it with the list endpoint as `fetchPage`. */
    table: serverTableMachine,
    /** PUT parcel/status/group; 420 (some skipped) arrives as an error with `data.skipped`. */
    changeStatuses: fromPromise<unknown, StatusForm>(async () => {
      throw new Error('changeStatuses not provided')
    }),
    /** Orders the report of the list (admin, POST app/v1/export) and downloads it; 406 when the criteria cannot make a file. */
    orderReport: fromPromise<unknown, ReportOrder>(async () => {
      throw new Error('orderReport not provided')
    }),
    /** The client's report of the list: ordered and downloaded at once. */
    downloadReport: fromPromise<unknown, { criteria: ListingCriteria }>(async () => {
      throw new Error('downloadReport not provided')
    }),
  },
  delays: {
    searchDelay: SEARCH_DELAY_MS,
  },
  guards: {
    /** While a dialog is open the criteria stay as they are (the dialog works on them). */
    dialogClosed: stateIn('#parcelListing.dialog.closed'),
    fieldAllowed: ({ context, event }) => {
      if (event.type === 'SET') return event.field === 'type' ? event.value === 'parcels' || event.value === 'shipments' : filterAllowed(event.field, context.role, context.criteria.type)
      if (event.type === 'ADD_CLIENT') return filterAllowed('clients', context.role, context.criteria.type) && !context.criteria.clients.some((c) => c.id === event.client.id)
      if (event.type === 'REMOVE_CLIENT') return context.criteria.clients.some((c) => c.id === event.id)
      return false
    },
    isTextField: ({ event }) => event.type === 'SET' && TEXT_FIELDS.includes(event.field),
    canChangeStatuses: ({ context, event }) =>
      context.role === ROLE.admin && context.criteria.type === 'parcels' && event.type === 'OPEN_STATUS_CHANGE' && event.ids.length > 0,
    statusFormValid: ({ context }) => validateStatusForm(context.status).ok,
    /** Admin orders a report through the type dialog; warehouse workers have no report. */
    canOrderReport: ({ context }) => context.role === ROLE.admin,
    reportChosen: ({ context }) => context.reportType !== null,
    canDownloadReport: ({ context }) => !isStaff(context.role),
    skipped: (_, failure: { error: unknown }) => statusOf(failure.error) === 420,
  },
  actions: {
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {}
      const next = { ...context.criteria, [event.field]: event.value } as ListingForm
      return { criteria: sanitize(next, context.role) }
    }),
    addClient: assign(({ context, event }) =>
      event.type === 'ADD_CLIENT' ? { criteria: { ...context.criteria, clients: [...context.criteria.clients, event.client] } } : {},
    ),
    removeClient: assign(({ context, event }) =>
      event.type === 'REMOVE_CLIENT' ? { criteria: { ...context.criteria, clients: context.criteria.clients.filter((c) => c.id !== event.id) } } : {},
    ),
    reset: assign(({ context }) => ({ criteria: defaultCriteria(context.today) })),
    toggleExtra: assign({ extraOpen: ({ context }) => !context.extraOpen }),
    /** Saves the criteria for this user (local storage); provided by the web. */
    persist: () => {},
    applyFilters: sendTo('table', ({ context }) => ({ type: 'FILTER' as const, filters: tableFilters(context.criteria, context.role) })),
    reloadTable: sendTo('table', { type: 'RELOAD' as const }),
    clearSelection: sendTo('table', { type: 'CLEAR_SELECTION' as const }),
    openStatus: assign(({ event }) =>
      event.type === 'OPEN_STATUS_CHANGE'
        ? { status: { ids: [...event.ids], id_status_type: null, when: event.now, where: WAREHOUSE.defaultWhere }, statusErrors: {}, dialogError: null }
        : {},
    ),
    setStatusField: assign(({ context, event }) => {
      if (event.type !== 'SET_STATUS_FIELD') return {}
      const errors = { ...context.statusErrors }
      delete errors[event.field]
      return { status: { ...context.status, [event.field]: event.value }, statusErrors: errors }
    }),
    showStatusErrors: assign(({ context }) => {
      const r = validateStatusForm(context.status)
      return { statusErrors: r.ok ? {} : r.errors }
    }),
    clearDialog: assign({ dialogError: null, reportType: null, statusErrors: {}, status: blankStatus() }),
    storeDialogError: assign((_, failure: { error: unknown }) => ({ dialogError: messageOf(failure.error, 'Wystąpił nieznany błąd') })),
    chooseReport: assign({ reportType: ({ event, context }) => (event.type === 'CHOOSE_REPORT' ? event.reportType : context.reportType) }),
    /** Success toast of the group change (params: the server's message); provided by the web. */
    notifyStatusesChanged: (_, _answer: { message: string | undefined }) => {},
    /** 420: warning for 5 s listing the skipped numbers (params); provided by the web. */
    notifySkipped: (_, _skipped: { skipped: readonly string[] }) => {},
    /** Report ordered / downloaded; provided by the web. */
    notifyReportOrdered: () => {},
    /** A failed download; provided by the web. */
    notifyReportFailed: () => {},
  },
}).createMachine({
  id: 'parcelListing',
  type: 'parallel',
  context: ({ input }) => ({
    role: input.role,
    userId: input.userId,
    today: input.today,
    criteria: restoreCriteria(input.saved, input.userId, input.role, input.today),
    extraOpen: false,
    status: blankStatus(),
    statusErrors: {},
    dialogError: null,
    reportType: null,
  }),
  invoke: {
    id: 'table',
    src: 'table',
    input: ({ context }): ServerTableInput => ({
      pageLength: PAGE_SIZE.listing,
      order: LISTING_ORDER,
      filters: tableFilters(context.criteria, context.role),
      searchDelay: SEARCH_DELAY_MS,
    }),
  },
  on: {
    TOGGLE_EXTRA: { actions: 'toggleExtra' },
  },
  states: {
    filters: {
      initial: 'settled',
      on: {
        SET: [
          { guard: and(['dialogClosed', 'fieldAllowed', 'isTextField']), target: '.pending', reenter: true, actions: ['set', 'persist'] },
          { guard: and(['dialogClosed', 'fieldAllowed']), target: '.settled', actions: ['set', 'persist', 'applyFilters'] },
        ],
        ADD_CLIENT: { guard: and(['dialogClosed', 'fieldAllowed']), target: '.settled', actions: ['addClient', 'persist', 'applyFilters'] },
        REMOVE_CLIENT: { guard: and(['dialogClosed', 'fieldAllowed']), target: '.settled', actions: ['removeClient', 'persist', 'applyFilters'] },
        RESET: { guard: 'dialogClosed', target: '.settled', actions: ['reset', 'persist', 'applyFilters'] },
      },
      states: {
        settled: {},
        /** Text typed: the table hears it once typing pauses for the search delay. */
        pending: { tags: ['filtering'], after: { searchDelay: { target: 'settled', actions: 'applyFilters' } } },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN_STATUS_CHANGE: { guard: 'canChangeStatuses', target: 'statusChange', actions: 'openStatus' },
            OPEN_REPORT: { guard: 'canOrderReport', target: 'report', actions: 'clearDialog' },
            DOWNLOAD_REPORT: { guard: 'canDownloadReport', target: 'downloading' },
          },
        },
        statusChange: {
          tags: ['statusChange'],
          initial: 'editing',
          states: {
            editing: {
              on: {
                SET_STATUS_FIELD: { actions: 'setStatusField' },
                SUBMIT_STATUS: [
                  { guard: 'statusFormValid', target: 'submitting', actions: assign({ dialogError: null, statusErrors: {} }) },
                  { actions: 'showStatusErrors' },
                ],
                CLOSE: { target: '#parcelListing.dialog.closed', actions: 'clearDialog' },
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                id: 'changeStatuses',
                src: 'changeStatuses',
                input: ({ context }) => context.status,
                onDone: {
                  target: '#parcelListing.dialog.closed',
                  actions: [
                    { type: 'notifyStatusesChanged', params: ({ event }) => ({ message: replyMessage(event.output) }) },
                    'clearSelection',
                    'reloadTable',
                    'clearDialog',
                  ],
                },
                onError: [
                  // 420: the others were updated; the skipped numbers are shown for 5 s and the list reloads.
                  {
                    guard: { type: 'skipped', params: ({ event }) => ({ error: event.error }) },
                    target: '#parcelListing.dialog.closed',
                    actions: [{ type: 'notifySkipped', params: ({ event }) => ({ skipped: skippedOf(event.error) }) }, 'clearSelection', 'reloadTable', 'clearDialog'],
                  },
                  { target: 'editing', actions: { type: 'storeDialogError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
          },
        },
        report: {
          tags: ['report'],
          initial: 'choosing',
          states: {
            choosing: {
              on: {
                CHOOSE_REPORT: { actions: 'chooseReport' },
                ORDER_REPORT: { guard: 'reportChosen', target: 'ordering', actions: assign({ dialogError: null }) },
                CLOSE: { target: '#parcelListing.dialog.closed', actions: 'clearDialog' },
              },
            },
            ordering: {
              tags: ['busy'],
              invoke: {
                id: 'orderReport',
                src: 'orderReport',
                input: ({ context }) => ({ reportType: context.reportType!, criteria: toCriteria(context.criteria, context.role) }),
                onDone: { target: '#parcelListing.dialog.closed', actions: ['notifyReportOrdered', 'clearDialog'] },
                // 406: the file cannot be made for these criteria (processable); the server's message stays in the dialog.
                onError: { target: 'choosing', actions: { type: 'storeDialogError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        downloading: {
          tags: ['downloading', 'busy'],
          invoke: {
            id: 'downloadReport',
            src: 'downloadReport',
            input: ({ context }) => ({ criteria: toCriteria(context.criteria, context.role) }),
            onDone: { target: 'closed' },
            onError: { target: 'closed', actions: 'notifyReportFailed' },
          },
        },
      },
    },
  },
})

export type ParcelListingMachine = typeof parcelListingMachine
export const LISTING_WARNING_MS = TOAST_MS.s5

/**
 * Tags: `filtering` (typed text waits for the pause), `statusChange` / `report` (that dialog is
 * open), `downloading` (the client's report), `busy` (a dialog's call runs).
 */
export type ParcelListingTag = 'filtering' | 'statusChange' | 'report' | 'downloading' | 'busy'

/** The listing's view props, by tags: criteria, dialogs, the `table` child and the events as calls. */
export function connectParcelListing(
  state: { context: ParcelListingContext; children: { table?: ServerTableActor }; hasTag: (tag: ParcelListingTag) => boolean },
  send: (e: ParcelListingEvent) => void,
) {
  const c = state.context
  const busy = state.hasTag('busy')
  return {
    /** The `table` child the rows are rendered from (`<ServerTable actor>`). */
    table: state.children.table,
    criteria: c.criteria,
    extraOpen: c.extraOpen,
    status: c.status,
    statusErrors: c.statusErrors,
    dialogError: c.dialogError,
    reportType: c.reportType,
    isStatusChangeOpen: state.hasTag('statusChange'),
    isSubmittingStatus: state.hasTag('statusChange') && busy,
    isReportOpen: state.hasTag('report'),
    isOrdering: state.hasTag('report') && busy,
    isDownloading: state.hasTag('downloading'),
    /** A field may be set for this role and list type. */
    allowed: (field: ListingField) => filterAllowed(field, c.role, c.criteria.type),
    set: (field: ListingField, value: unknown) => send({ type: 'SET', field, value }),
    addClient: (client: ClientChoice) => send({ type: 'ADD_CLIENT', client }),
    removeClient: (id: number) => send({ type: 'REMOVE_CLIENT', id }),
    reset: () => send({ type: 'RESET' }),
    toggleExtra: () => send({ type: 'TOGGLE_EXTRA' }),
    openStatusChange: (ids: number[], now: string) => send({ type: 'OPEN_STATUS_CHANGE', ids, now }),
    setStatusField: (field: StatusField, value: string | number | null) => send({ type: 'SET_STATUS_FIELD', field, value }),
    submitStatus: () => send({ type: 'SUBMIT_STATUS' }),
    openReport: () => send({ type: 'OPEN_REPORT' }),
    chooseReport: (reportType: ReportType) => send({ type: 'CHOOSE_REPORT', reportType }),
    orderReport: () => send({ type: 'ORDER_REPORT' }),
    downloadReport: () => send({ type: 'DOWNLOAD_REPORT' }),
    close: () => send({ type: 'CLOSE' }),
  }
}
export type ParcelListingProps = ReturnType<typeof connectParcelListing>
