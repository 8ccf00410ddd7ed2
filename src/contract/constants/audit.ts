/** The audit trail (docs/audit.md). */
export const AUDIT = {
  /** What a secret field's new value reads in the log: that it changed, never the value. */
  secretChanged: 'changed',
  /** Longest entity id a filter accepts (ids are numbers or `<client id>/<type id>`). */
  maxEntityIdLength: 40,
  /** Rows the chain check reads per query. */
  verifyBatch: 1000,
  /** Rows per page of /audit and of a record's "Historia zmian" tab. */
  pageLength: 25,
  historyPageLength: 10,
  /** Rows the XLSX export reads per query (keyset pages: the whole log is never in memory). */
  exportBatch: 500,
  /** Longest e-mail fragment the "who" filter accepts. */
  maxEmailFilterLength: 100,
  /** The XLSX export's file name stem (`dziennik_zmian_<Warsaw day>.xlsx`). */
  exportFileStem: 'dziennik_zmian',
  /** The export's time cells: Warsaw wall-clock time to the second. */
  xlsxDateTime: 'dd.mm.yyyy hh:mm:ss',
  /** The entities the log records, by the name stored in `audit_log.entity`. */
  entities: [
    'income_price_list', 'cost_price_list', 'client', 'client_parameter', 'user',
    'invoice', 'courier_credential', 'external_credential', 'price_band', 'courier_price',
    'status_type', 'calendar_day', 'workstation', 'problem_sector', 'export', 'resignation', 'alias',
  ] as const,
  /** What was done to the entity. */
  actions: ['create', 'update', 'delete', 'block', 'unblock', 'unlock', 'password_reset', 'deactivate', 'trigger', 'reissue', 'correct', 'review', 'resolve', 'pin', 'unpin', 'send'] as const,
  /** A client's courier account pin as the log keeps it (`courier_credential.<id>` on the client); absent: not pinned. */
  pin: { main: 'main', pinned: 'pinned' },
} as const

export type AuditEntity = (typeof AUDIT.entities)[number]
export type AuditAction = (typeof AUDIT.actions)[number]

/** The XLSX export's file name for a Warsaw day (yyyy-mm-dd). */
export const auditFileName = (day: string) => `${AUDIT.exportFileStem}_${day}.xlsx`
