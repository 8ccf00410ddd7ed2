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
