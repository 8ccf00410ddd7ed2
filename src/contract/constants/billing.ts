/**
 * Billing statements and the export list: numbers named once (browser and server).
 */

/** Every status an export (report or billing statement) can have. */
export const EXPORT_STATUSES = [
  'order_accepted', 'accounting', 'validated', 'validation_error', 'downloaded', 'verified', 'internal_error', 'generated', 'file_deleted',
] as const
export type ExportStatusValue = (typeof EXPORT_STATUSES)[number]

/** Statuses in which the file may be downloaded (otherwise the "not possible" warning). */
export const DOWNLOADABLE_STATUSES: readonly ExportStatusValue[] = ['validated', 'validation_error', 'downloaded', 'generated', 'verified']

/** A statement's job is over in these statuses (the browser stops polling). */
export const SETTLED_STATUSES: readonly ExportStatusValue[] = ['validated', 'validation_error', 'downloaded', 'verified', 'internal_error', 'generated', 'file_deleted']

export const VALIDATION_ERROR_TYPES = [
  'missing_amount', 'giant_amount', 'wrong_shipments_in_report_count', 'no_operational_price_list_match', 'uncompleted_shipment_missing_parcel',
] as const
export type ValidationErrorType = (typeof VALIDATION_ERROR_TYPES)[number]

/** Errors of these types cannot be marked reviewed (they must be fixed and the statement made again). */
export const UNREVIEWABLE_ERROR_TYPES: readonly ValidationErrorType[] = ['no_operational_price_list_match', 'missing_amount']

export const EXPORT_TYPES = ['list', 'custom', 'billing'] as const
export type ExportType = (typeof EXPORT_TYPES)[number]

export const BILLING = {
  /** The browser asks for a statement's status this often while it is being made. */
  pollMs: 5_000,
  /** Progress shown as a percentage with this many decimals. */
  progressDecimals: 2,
  /** Rows per page of the "My reports" modal. */
  reportsPageSize: 10,
  /** The quick exported-files list (latest with an empty body) shows this many. */
  quickListSize: 10,
  /** The exported-files list reloads this often (ms) while an export is still being made. */
  reloadMs: 900,
  /** The job stores its progress at least this often (ms). */
  progressEveryMs: 500,
  /** Shipments read and charged per batch (flat memory). */
  batch: 500,
  /** Name of the client column value when a statement is for every client. */
  allClients: 'Wszyscy',
} as const

/**
 * Cell formats of every XLSX (Excel number formats; a spreadsheet opened with Polish settings shows
 * them with a space between thousands and a decimal comma: 1 234,56).
 */
export const XLSX_FORMAT = {
  date: 'dd.mm.yyyy',
  /** Warsaw wall-clock time. */
  dateTime: 'dd.mm.yyyy hh:mm',
  count: '0',
  weight: '#,##0.000',
  /** Money with its currency. */
  money: (currency: string) => (currency ? `#,##0.00 "${currency}"` : '#,##0.00'),
} as const

/** The statement XLSX's cell formats. */
export const STATEMENT_XLSX = {
  ...XLSX_FORMAT,
  /** Excel's limit on a sheet name. */
  sheetNameMax: 31,
} as const

/** The job queue (pg-boss). Numbers chosen; see docs/billing.md. */
export const JOB_QUEUE = {
  /** pg-boss's own schema in the database. */
  schema: 'pgboss',
  /** On PostgreSQL an idle worker looks for new jobs this often: another server may have ordered one (an order on this instance wakes it at once). */
  pollSeconds: 1,
  /**
   * On PGlite only this process orders jobs, and every order, retry and failure wakes the worker at
   * once: the poll is only a safety net (a job whose time ran out), and a poll is a query on the
   * thread that answers the scans.
   */
  pollSecondsAlone: 30,
  /** A job still active after this long is taken for lost (its process died) and run again. */
  expireSeconds: 15 * 60,
  /** At a stop: how long running handlers may take to end before the database closes. */
  stopWaitMs: 10_000,
  /** At a stop: the pause that lets a fetch already sent come back (its job is handed back). */
  stopSettleMs: 100,
  /** How often expired jobs are looked for. */
  maintenanceSeconds: 30,
  /** A lost job is run again this many times, then it fails visibly. */
  retryLimit: 1,
  /** Suffix of the queue that receives a job's failure once its retries are spent. */
  deadSuffix: '__failed',
} as const
