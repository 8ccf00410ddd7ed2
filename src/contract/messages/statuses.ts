/** Polish texts of the status types screens ("Status usunięty" is the specification's). */
export const STATUS_MSG = {
  statusNotFound: 'Nie znaleziono statusu',
  statusRemoved: 'Status usunięty',
  statusCreated: 'Status został utworzony',
  statusUpdated: 'Status został zaktualizowany',
  statusNotOperator: 'Usunąć można tylko status operatora (kurier 1)',
  statusSystem: 'Status systemowy – reguły magazynu go używają, nie można go usunąć',
  statusInUse: 'Status jest używany przez przesyłki lub sektory – nie można go usunąć',
  statusGroupNotFound: 'Nie znaleziono grupy statusów',
} as const

/** Labels, headings, buttons and hints of the statuses screens. */
export const STATUSES_TEXT = {
  backToList: 'Wróć do listy statusów',
  displayNameRequired: 'Nazwa wyświetlana *',
  displayNameRoRequired: 'Nazwa wyświetlana (RO) *',
  internalRequired: 'Wewnętrzny *',
  group: 'Grupa statusów',
  displayName: 'Nazwa wyświetlana',
  internal: 'Wewnętrzny',
  statuses: 'Statusy przesyłek',
  addStatus: 'Dodaj status',
  idOrName: 'ID lub nazwa',
  newStatus: 'Nowy status',
  statusNumber: (id: number | null) => `Status #${id}`,
} as const

/** Texts of the message keys the spec names, by key: the server's reply `message` and the toasts' keys. */
export const STATUSES_KEY_TEXT = {
  status_created: STATUS_MSG.statusCreated,
  status_updated: STATUS_MSG.statusUpdated,
  status_removed: STATUS_MSG.statusRemoved,
} as const
