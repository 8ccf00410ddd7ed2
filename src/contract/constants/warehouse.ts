/** The warehouse floor: scanners, the scan listener, workstations, problem statuses and sectors. */

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
  /**
   * A scanner burst (chosen): a scanner types a code's keys a few ms apart, a person rarely four keys
   * in a row within 60 ms. In a text field `minKeys` keys each within `keyGapMs` of the previous are
   * a scanner's; a burst goes on while keys (or its Enter) follow within `continueMs`.
   */
  burst: { keyGapMs: 60, minKeys: 4, continueMs: 250 },
  /**
   * A scanning screen's timer that goes off more than this late (chosen) found the page busy: the
   * keys sent meanwhile may still be queued, so it waits its time once more (src/web/wiring/floorClock.ts).
   */
  lateSlackMs: 50,
  /**
   * Keys typed on a scanning screen's address before its scan field is there (the screen's code or
   * data still loading, or the screen before it already gone) are kept for it this long (chosen).
   */
  handoverMs: 10_000,
  /** Scans waiting while one is on its way to the server (chosen); more are refused, named. */
  queueMax: 10,
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
