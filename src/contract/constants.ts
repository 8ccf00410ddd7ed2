/**
 * Every number the specification gives, named once. Spec references in comments
 * (S1 = 1-platform-auth-users-clients-exports.md, S2 = 2-warehouse-and-parcels.md,
 * S3 = 3-shipments-tracking-prices-invoices.md).
 */

/** Roles (S1 §3, DOMAIN "Roles and access"). */
export const ROLE = { admin: 0, warehouse_worker: 1, client_2: 2, client: 3 } as const
export type Role = (typeof ROLE)[keyof typeof ROLE]
export const ALL_ROLES: readonly Role[] = [0, 1, 2, 3]
export const STAFF_ROLES: readonly Role[] = [0, 1]
export const CLIENT_ROLES: readonly Role[] = [2, 3]
export const isStaff = (role: number) => role < 2

/** Page sizes (S1 §9, S2 §9, S3 §9). */
export const PAGE_SIZE = {
  users: 25,
  clients: 25,
  priceLists: 25,
  exportsModal: 10,
  externalInbound: 25,
  listing: 25,
  otherTables: 5,
} as const
export const LISTING_PAGE_LENGTHS = [25, 500, 1000, 5000] as const
/** Upper bound for any page length the server accepts. */
export const MAX_PAGE_LENGTH = 5000
/** Server tables: typing in a search box waits this long before asking the server (chosen here). */
export const TABLE_SEARCH_DEBOUNCE_MS = 250
/** Server tables render rows through a virtualizer above this many rows on a page (5000-row pages). */
export const TABLE_VIRTUALIZE_OVER = 200

/** Dates are shown in the operator's time zone. */
export const TIME_ZONE = 'Europe/Warsaw'

/** Validation (S1 §5). */
export const PASSWORD_MIN_LENGTH = 6
export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_MAX_LENGTH = 64
export const SEARCH_MIN_CHARS = 3

/** Toasts (S1 §9, S3 §9). */
export const TOAST_DEFAULT_MS = 10_000
export const TOAST_POSITION = 'bottom-left' as const
export const TOAST_MS = {
  bigPopup: 950,
  s1: 1_000,
  sortingMessage: 1_500,
  s3: 3_000,
  blockedDispatch: 3_950,
  s5: 5_000,
  s10: 10_000,
  s15: 15_000,
  s20: 20_000,
  s50: 50_000,
} as const

/** Languages (S1 §9, S3 §2.3). */
export const SUPPORTED_LANGUAGES = ['pl'] as const
export const TRACKING_LANGUAGES = ['pl', 'ro'] as const
export const DEFAULT_LANGUAGE = 'pl'
export const TRACKING_DEFAULT_LANGUAGE = 'ro'

/**
 * Address database (S3 §2.4, §7). The spec gives the 3-character threshold (SEARCH_MIN_CHARS);
 * the rest is chosen here: at most `searchLimit` suggestions per search, the public town finder
 * searches `townSearchDelayMs` after the last keystroke, the importer writes `importBatchSize`
 * rows per statement and lists at most `importMaxReportedErrors` bad rows.
 */
export const ADDRESS = {
  searchLimit: 20,
  townSearchDelayMs: 250,
  importBatchSize: 500,
  importMaxReportedErrors: 100,
  /** Country of the public town finder (S3 §7: .../database/RO/town/autocomplete). */
  townFinderCountryId: 1,
} as const
/** Postal code format per country id (1 RO, 2 PL, 3 HU, 4 BG). */
export const POSTAL_CODE_FORMAT: Readonly<Record<number, { pattern: RegExp; example: string }>> = {
  1: { pattern: /^\d{6}$/, example: '010011' },
  2: { pattern: /^\d{2}-\d{3}$/, example: '43-100' },
  3: { pattern: /^\d{4}$/, example: '1051' },
  4: { pattern: /^\d{4}$/, example: '1000' },
}

/** Browser storage keys (S1 §3, §9; S2 §2). */
export const STORAGE_KEY = {
  user: 'user',
  language: 'language',
  parcelListCriteria: 'parcel-list-criteria',
  inspect: 'inspect',
} as const

/** Login page notice (S1 §2): modernization downtime and contact address. */
export const MODERNIZATION_NOTICE = { from: '6 września', to: '13 września', email: 'biuro@example.com' } as const

/** Sessions and sign-in protection (DOMAIN "Roles and access"); chosen here, the spec is silent. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000
/** Failed logins within this window slow further attempts down, per e-mail and per address. */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_THROTTLE_FREE_ATTEMPTS = 3
export const LOGIN_THROTTLE_STEP_MS = 250
export const LOGIN_THROTTLE_MAX_DELAY_MS = 5_000

/** XSRF double-submit cookie (S1 §6). */
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'

/** Server defaults (README: configuration). */
export const DEFAULT_PORT = 3000
export const DEFAULT_DATA_DIR = './data'
export const API_BASE = '/api/'

/** Scanner input (S2 §2, §5, §9; S1 §9). */
export const SCANNER = {
  /** Idle window after the last key before a scan is submitted, per screen. */
  idleMs: { intake: 400, sorting: 400, search: 800, legacyIntake: 1_000, externalInbound: 400 },
  /** Our label barcode length; longer input means two scans ran together. */
  labelLength: 28,
  /** Lengths exempt from the too-fast alarm on the intake screen. */
  intakeTooFastExceptions: [29, 31, 35],
  /** Lengths exempt from the too-fast alarm of the global listener. */
  listenerTooFastExceptions: [31],
  /** Alarm lengths: EAN8/EAN14 on intake, EAN8 only on external intake, EAN8/13/14 in the global listener. */
  intakeEanLengths: [8, 14],
  externalEanLengths: [8],
  listenerEanLengths: [8, 13, 14],
  /** Marker of an internal instruction code: text | base64(JSON). */
  instructionMarker: '|',
  alarmToastMs: 5_000,
} as const

/** Global scan listener (S1 §9). */
export const SCAN_LISTENER = {
  /** The key buffer is cleared this often. */
  bufferClearMs: 800,
  /** Delay after the last key before the code is checked. */
  checkDelayMs: 150,
  /** Label barcode: 28 characters starting with one of these; the internal number is characters 5–15. */
  labelPrefixes: ['1000', '0000'],
  /** Prefix of an old label that must be re-stuck. */
  restickPrefix: '0000',
  internalNumberFrom: 4,
  internalNumberTo: 15,
  /** Out numbers of 9 or 10 characters are looked up. */
  outNumberLengths: [9, 10],
  returnMarker: 'RE_',
  /** Sameday Romania waybill: one digit, 3–5 capital letters, at least 4 digits. */
  samedayPattern: /^\d[A-Z]{3,5}\d{4,}$/,
  warningMs: 10_000,
} as const

/** Shipments (S3 §5, §9). */
export const SHIPMENT = {
  maxParcels: 20,
  minWeightKg: 0.1,
  minDimensionCm: 10,
  weightStep: 0.01,
  declaredValueStep: 0.01,
  /** Redirect to the shipment page after adopting a buffer/unprocessable parcel. */
  adoptionRedirectMs: 7_000,
  defaultCreator: 'app_v2',
  labelSizes: ['dl', '100150'] as const,
} as const
