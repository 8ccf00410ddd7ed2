/** The floor's scan log (docs/speed.md, "Scan log"). */
export const FLOOR = {
  /** Rows of the scan log are kept this long, then deleted by a job on the queue. */
  scanLogKeepDays: 90,
  /** How often each server orders the scan log's clean-up (a job on the queue). */
  scanLogRetentionEverySeconds: 3600,
  /**
   * Log rows wait at most this long in the server's memory before their batch is written (chosen:
   * each batch costs the server ~1 ms of CPU whatever its size, so fewer, fuller batches; a crash
   * loses at most this much of the log, never a scan).
   */
  scanLogFlushMs: 1000,
  /** A batch is written at once when it holds this many rows. */
  scanLogBatchRows: 500,
  /** Longest text (barcode, where, message) a row keeps of what was sent or answered. */
  scanLogTextMax: 500,
  /** Rows of one page of the scan log screen, and the most one page may ask for. */
  scanLogPageDefault: 50,
  scanLogPageMax: 500,
} as const

/** The kinds of floor request the scan log records. */
export const SCAN_LOG_KINDS = ['intake', 'sorting', 'resolve', 'external_inbound', 'workstation_take', 'workstation_end'] as const
export type ScanLogKind = (typeof SCAN_LOG_KINDS)[number]
