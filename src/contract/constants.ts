/**
 * Every number the specification gives, named once. Spec references in comments
 * (S1 = 1-platform-auth-users-clients-exports.md, S2 = 2-warehouse-and-parcels.md,
 * S3 = 3-shipments-tracking-prices-invoices.md).
 */

/** Roles. */
export const ROLE = { admin: 0, warehouse_worker: 1, client_2: 2, client: 3 } as const
export type Role = (typeof ROLE)[keyof typeof ROLE]
export const ALL_ROLES: readonly Role[] = [0, 1, 2, 3]
export const STAFF_ROLES: readonly Role[] = [0, 1]
export const CLIENT_ROLES: readonly Role[] = [2, 3]
export const isStaff = (role: number) => role < 2

/** Page sizes. */
export const PAGE_SIZE = {
  users: 25,
  clients: 25,
  priceLists: 25,
  exportsModal: 10,
  externalInbound: 25,
  listing: 25,
  otherTables: 5,
  statuses: 25,
  resignations: 25,
} as const
export const LISTING_PAGE_LENGTHS = [25, 500, 1000, 5000] as const
/** Upper bound for any page length the server accepts. */
export const MAX_PAGE_LENGTH = 5000
/** Server tables render rows through a virtualizer above this many rows on a page (5000-row pages). */
export const TABLE_VIRTUALIZE_OVER = 200

/** Dates are shown in the operator's time zone. */
export const TIME_ZONE = 'Europe/Warsaw'

/** Validation. */
export const PASSWORD_MIN_LENGTH = 6
export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_MAX_LENGTH = 64
export const SEARCH_MIN_CHARS = 3
/** Type-ahead suggestion lists are at most this high. */
export const SUGGESTION_LIST_MAX_HEIGHT_PX = 200
/**
 * Typed searches wait this long before asking the server: listing
 * filters, server-table search boxes, type-ahead choosers, the town finder.
 */
export const SEARCH_DELAY_MS = 250

/** Toasts. */
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

/** Languages. */
export const SUPPORTED_LANGUAGES = ['pl'] as const
export const TRACKING_LANGUAGES = ['pl', 'ro'] as const
export const DEFAULT_LANGUAGE = 'pl'
export const TRACKING_DEFAULT_LANGUAGE = 'ro'

/**
 * Address database. The spec gives the 3-character threshold (SEARCH_MIN_CHARS);
 * the rest is chosen here: at most `searchLimit` suggestions per search, the public town finder
 * searches `townSearchDelayMs` after the last keystroke, the importer writes `importBatchSize`
 * rows per statement and lists at most `importMaxReportedErrors` bad rows.
 */
export const ADDRESS = {
  searchLimit: 20,
  importBatchSize: 500,
  importMaxReportedErrors: 100,
  /** Country of the public town finder (.../database/RO/town/autocomplete). */
  townFinderCountryId: 1,
} as const
/** Postal code format per country id (1 RO, 2 PL, 3 HU, 4 BG). */
export const POSTAL_CODE_FORMAT: Readonly<Record<number, { pattern: RegExp; example: string }>> = {
  1: { pattern: /^\d{6}$/, example: '010011' },
  2: { pattern: /^\d{2}-\d{3}$/, example: '43-100' },
  3: { pattern: /^\d{4}$/, example: '1051' },
  4: { pattern: /^\d{4}$/, example: '1000' },
}

/** Browser storage keys. */
export const STORAGE_KEY = {
  user: 'user',
  language: 'language',
  parcelListCriteria: 'parcel-list-criteria',
  inspect: 'inspect',
} as const

/**
 * Login page notice: modernization downtime (first and last day, inclusive) and contact
 * address. The page offers the notice while the downtime is ahead or going on, not after it.
 */
export const MODERNIZATION_NOTICE = { from: '2026-09-06', to: '2026-09-13', email: 'biuro@example.com' } as const

/** Sessions and sign-in protection; chosen here, the spec is silent. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000
/**
 * Guessing protection (OWASP ASVS V6): within the window, an account accepts this many failed
 * logins (the next attempts get 429 with Retry-After until the window ends), and one client
 * address this many attempts on any accounts (against password spraying). Password recovery
 * is limited by the same numbers, counting every request.
 */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10
export const LOGIN_MAX_ATTEMPTS_PER_ADDRESS = 100

/**
 * Limits on what a request may carry (chosen: the spec is silent). Every text field, path and
 * query parameter has a maximum length; every integer fits a PostgreSQL int4; every decimal fits
 * its numeric(precision, scale) column. Larger bodies are refused before they are read whole.
 */
export const INPUT = {
  /** Largest request body (bytes): 413 above it. */
  maxBodyBytes: 1_048_576,
  /** Longest one-line text (names, codes, numbers, search texts). */
  textMax: 255,
  /** Longest free text (notes, comments). */
  longTextMax: 2_000,
  /** Longest caption printed on a tag: the label is 92 mm wide, two lines of 13 pt. */
  tagLabelMax: 100,
  /** Range of an int4 column. */
  int4Min: -2_147_483_648,
  int4Max: 2_147_483_647,
} as const

/** XSRF double-submit cookie. */
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'

/** Server defaults (README: configuration). */
export const DEFAULT_PORT = 3000
export const DEFAULT_DATA_DIR = './data'
export const API_BASE = '/api/'

/** Scanner input. */
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
  /** Scanner alarms are shown this long (5 s). */
  alarmToastMs: 5_000,
} as const

/** Global scan listener. */
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
  warningMs: 10_000,
} as const

/** Shipments. */
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
  /** Label page sizes in mm: dl = A4 landscape, 100150 = 100 × 150. */
  labelPageMm: { dl: [297, 210], '100150': [100, 150] } as const,
  /** Status (by its code) every new parcel starts in: registered (the first row of every history). */
  registeredStatusCode: 'REGISTERED',
  /** Creator of a parcel made at intake without a shipment (context 'parcel'). */
  initScanCreator: 'init_scan',
  /** Problem status a failed registration is reported in; the retry is offered in it. */
  problemReported: 'reported',
  problemResolved: 'resolved',
  /** The warehouse whose id the label routing digits carry (chosen: the only one, TYCHY). */
  labelWarehouseId: 1,
} as const

/** Problem rules. */
export const PROBLEM_RULE = {
  notAccounted: 'SHIPMENT_NOT_ACCOUNTED',
  registrationFailed: 'SHIPMENT_REGISTRATION_FAILED',
  notMainInvoiced: 'SHIPMENT_NOT_MAIN_INVOICED',
  notAfterServiceInvoiced: 'SHIPMENT_NOT_AFTER_SERVICE_INVOICED',
} as const

/**
 * Parcel listing. recordsFiltered: when the planner expects fewer than
 * `exactCountBelow` rows the rows are counted exactly (reading at most `countCap` + 1 of them);
 * above, the planner's estimate is answered with recordsFilteredEstimated (a count of hundreds of
 * thousands of rows would cost more than the page itself). Chosen here.
 */
export const LISTING = {
  /**
   * The parcel list opens with the last this many days, today included (chosen: the spec's "today"
   * opened an empty list on most mornings; the demo data spans the last 60 days). Both dates
   * cleared mean no date limit.
   */
  defaultDays: 90,
  exactCountBelow: 20_000,
  countCap: 100_000,
  /** Export of a listing: at most this many rows in one file (chosen). */
  exportMaxRows: 100_000,
} as const
/**
 * Warehouse floor ("Intake scan"). Values the spec leaves
 * open are marked "chosen".
 */
export const WAREHOUSE = {
  /** Default status type of an intake scan (parcel received in the warehouse). */
  defaultStatusTypeId: 55,
  /** Default "where" of a scan. */
  defaultWhere: 'TYCHY',
  /** Problem sector list filter default and the demo warehouse. */
  defaultWarehouseId: 1,
  /** Sectors with these codes are the duplicated-parcel sectors: they force create_duplicated_parcel_row. */
  duplicatedSectorCodes: ['3', '4'],
  /** Verification zone sector code (wrong client alias). */
  verificationSectorCode: '14',
  /** Default couriers of scanning screens. */
  defaultInboundCourierCode: 'sameday_romania',
  dpdInboundCourierCode: 'dpd_romania',
  /** Focus returns to the barcode input every 2 s unless locked. */
  focusReturnMs: 2_000,
  /** Parcel data and history are loaded this long after a scan answer. */
  historyRefreshMs: 2_500,
  /** Same user, same barcode, same status within this window of the last accepted scan → 204. */
  scanIdempotencyMs: 3_000,
  /** Toast durations of the warehouse screens. */
  toastMs: {
    /** Messages of an accepted scan (15 s). */
    scanMessages: 15_000,
    /** Scan errors and problem mode (5 s). */
    scanError: 5_000,
    /** "Blokada nadawania" (3.95 s). */
    blockedDispatch: 3_950,
    /** Sorting messages (1.5 s). */
    sortingMessage: 1_500,
    /** Multi-pack completion (15 s). */
    multiPackCompleted: 15_000,
    /** "Przesyłka nie posiada numeru wyjściowego" (20 s). */
    missingOutNumber: 20_000,
    /** Declined dimensions confirmation (3 s). */
    dimensionsDeclined: 3_000,
    /** Big success indicator (0.95 s). */
    bigSuccess: 950,
    /** Short confirmations (1 s). */
    short: 1_000,
    /** Workstation or client set from a scan (3 s, chosen among the spec's durations). */
    confirmation: 3_000,
  },
  /** Workflow tables are sorted by column 4 descending; column 4 of the server columns is end_at. */
  workflowOrder: { column: 4, dir: 'desc' },
  /** A file token (GET app/v1/public_token) is valid this long (chosen). */
  publicTokenTtlMs: 60_000,
  /** Volumetric weight = length × width × height (cm) / divisor, in kg (chosen, the courier standard). */
  volumetricDivisor: 5_000,
  /**
   * Dimension check (chosen): beyond the hard limits the value is refused (422); beyond the soft
   * limits the worker must confirm (406). SIDE_FORMULA_LIMIT of the client overrides the side sum.
   */
  dimensions: {
    maxWeightKg: 1_000,
    maxSideCm: 500,
    confirmWeightKg: 31.5,
    confirmSideCm: 150,
    defaultSideFormulaLimitCm: 300,
    /** Measured weight differing from the declared one by this factor or more asks for confirmation. */
    confirmDeclaredFactor: 2,
  },
  /** A status date more than this in the future is refused (chosen). */
  maxFutureWhenMs: 5 * 60_000,
} as const

/** Workstation type codes. */
export const WORKSTATION_TYPE = { intake: 'PRZJ', returns: 'ZWRT', problems: 'PRBL', sorting: 'SRTW' } as const
export type WorkstationTypeCode = (typeof WORKSTATION_TYPE)[keyof typeof WORKSTATION_TYPE]

/** Status types the rules look up by system id. */
export const STATUS_SYSTEM_ID = {
  knownProblem: 'known_problem_detected',
  unknownProblem: 'unknown_problem_detected',
  /** Chosen: the status that marks a cancelled parcel (intake 409, sorting 410). */
  cancelled: 'cancelled',
} as const
export const PROBLEM_STATUS_SYSTEM_IDS: readonly string[] = [STATUS_SYSTEM_ID.knownProblem, STATUS_SYSTEM_ID.unknownProblem]

/**
 * Problem sectors the rules send parcels to, per warehouse; a
 * sector's `purpose` names its role. `receiving` is the default unknown-problem sector.
 */
export const SECTOR_PURPOSE = {
  receiving: 'receiving',
  cancelled: 'cancelled',
  blockedDispatch: 'blocked_dispatch',
  multiPackWaitingRoom: 'multi_pack_waiting_room',
  duplicated: 'duplicated',
  verificationZone: 'verification_zone',
} as const
export type SectorPurpose = (typeof SECTOR_PURPOSE)[keyof typeof SECTOR_PURPOSE]

/** Delivery services. */
export const DELIVERY_SERVICE = { homeDelivery: 1, homeReturn: 2, lockerDelivery: 3, lockerReturn: 4 } as const
export const RETURN_SERVICES: readonly number[] = [2, 4]

/** Operator courier id (status types of courier 1 may be deleted). */
export const OPERATOR_COURIER_ID = 1

/** Countries. */
export const COUNTRY = { RO: 1, PL: 2, HU: 3, BG: 4 } as const


/** Clients, their price bands, parameters and credentials. */
export const CLIENTS = {
  /** The /clients filter criteria are kept in this cookie for this many days. */
  filterCookie: 'clients-criteria',
  filterCookieDays: 1,
  defaults: {
    contactName: 'pentru: ',
    address: '-',
    bankAccountNumber: 'n/d',
    shipmentNote: 'Trimis de: ',
    phonePrefix: '+48',
    returningAddress: 'RE Logistics, ul. Magazynowa 1, 43-100 Tychy',
    broadcastingAddress: 'RE Logistics, ul. Magazynowa 1, 43-100 Tychy',
  },
  /** Price bands: the one service they are for and the bounds of VAT and weights. */
  priceBandServiceId: '2505',
  priceBandMin: 0,
  priceBandMax: 100,
  /** Generated passwords: 16 characters of letters, digits and these symbols. */
  generatedPasswordLength: 16,
  generatedPasswordSymbols: '!@#$%&*',
  /** Generated usernames: 8 to 16 characters. */
  usernameMinLength: 8,
  usernameMaxLength: 16,
  /** Default courier of a courier credential (DPD Romania). */
  defaultCourierId: 2,
  /** SIDE_FORMULA_LIMIT: input default and minimum. */
  sideFormulaLimitDefault: 300,
  sideFormulaLimitMin: 0,
  /**
   * Volume classes of the client list, from real shipment counts (deleted shipments left out):
   * a class is A from `classA` shipments a month, B from `classB`, C below. The volume class uses
   * the monthly average over the last `volumeWindowDays` days; the last-month class the count of
   * the last `monthDays` days.
   */
  volume: { classA: 30, classB: 5, monthDays: 30, volumeWindowDays: 90 },
  /**
   * Growth: the last `monthDays` days against the `monthDays` days before them. Growing when the
   * count rose by at least `growthRatio` (and by at least `growthMinDelta` shipments), shrinking
   * when it fell by as much.
   */
  growthRatio: 0.25,
  growthMinDelta: 2,
  /** Toast durations of the client screens (ms). */
  toastMs: { updateError: 5_000, checkFailed: 10_000, checkOk: 1_000, credentialUpdateError: 50_000 },
  /** Field length limits (database columns are text; the API refuses longer input). */
  maxLength: { name: 200, short: 100, text: 500, multiline: 2000, nip: 20, postCode: 12, phone: 10 },
} as const
export const VOLUME_CLASSES = ['A', 'B', 'C'] as const
export const ACCOUNT_PERIODS = ['monthly', 'half_monthly', 'weekly'] as const
export const VAT_RATES = ['23', 'np'] as const
export const EXTERNAL_CREDENTIAL_TYPES = ['baselinker', 'api_v2', 'ido_sell', 'another'] as const
/** External credential types that need a username and a password. */
export const EXTERNAL_TYPES_WITH_LOGIN: readonly string[] = ['baselinker', 'api_v2', 'ido_sell']
export const CLIENT_LIST_KINDS = ['all', 'deleted', 'last_month', 'volume_growing', 'volume_shrinking', 'missing_price_list'] as const
export const PRICE_LIST_TYPES = ['income', 'cost'] as const

/**
 * Admin screens: calendar, statuses, unknown aliases, locker files, reported resignations
 *. Lengths and ranges are chosen here (the spec gives none).
 */
export const ADMIN = {
  /** Public holidays come from the date-holidays library for this country. */
  holidayCountry: 'PL',
  /** Years the calendar accepts. */
  calendarYears: { min: 2000, max: 2100 },
  /** The year selector offers the years that have days and these years around the current one. */
  calendarYearsOffered: { before: 1, after: 2 },
  /** Locker download countries. */
  lockerCountries: ['RO', 'HU', 'BG'] as const,
  /** Longest texts accepted. */
  maxLength: { statusName: 100, statusDisplayedName: 255, calendarName: 100, waybill: 64, note: 1000, alias: 100, systemId: 64 },
  /** Modes of DELETE app/v1/parcel: the one parcel, or every parcel of its shipment. */
  parcelDeleteModes: ['parcel', 'shipment'] as const,
} as const
