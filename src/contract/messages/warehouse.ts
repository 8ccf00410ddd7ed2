import { MSG } from '../messages.ts'

/**
 * Polish texts of the warehouse floor (workstations, intake, sorting, problem sectors, external
 * inbound, dimensions): the specification's wording where it gives one, with its spelling mistakes
 * corrected (each listed in docs/spec-corrections.md). Where the specification gives only the
 * meaning (the warehouse scan pop-ups) the wording is chosen here and marked so.
 * Texts already shared in MSG are referenced, not repeated. These are the texts the floor screens
 * show themselves; the server's answers, which a screen shows as the reply carries them, are in
 * ./warehouseAnswers.ts, and the admin's workstation and sector screens' texts in ./warehouseAdmin.ts.
 */
export const WAREHOUSE_MSG = {
  // ---- workstation ----
  /** Every scanning screen, sorting too, says it in Polish (the product has no English text). */
  workstationRequired: MSG.workstationRequired,
  workstationNotFound: MSG.workstationNotFound,
  workstationTaken: MSG.workstationTaken,
  workstationSet: MSG.workstationSet,
  workstationFree: MSG.workstationFree,
  workstationCleared: MSG.workstationCleared,
  otherWorkstation: MSG.otherWorkstation,
  // chosen
  workflowEnded: 'Zakończono pracę na stanowisku',

  // ---- intake ----
  clientVerifyFailed: 'Niepoprawna weryfikacja wyboru klienta!',
  clientChosen: 'Pomyślnie wybrano klienta!',
  problemDetected: 'Wykryto nieprawidłowość, rozważ przekazanie przesyłki do odpowiedniego sektora!',
  missingOutNumber: 'Przesyłka nie posiada numeru wyjściowego',
  statusSet: MSG.statusAdded,
  sectorSet: 'Pomyślnie ustawiono sektor!',
  updated: 'Zaktualizowano pomyślnie!',
  deleted: 'Usunięto pomyślnie!',

  // ---- warehouse scan pop-ups (the specification gives their meaning; wording chosen) ----
  sectorRequired: 'Wybierz sektor problematyczny',

  // ---- external inbound ----
  alreadyInSystem: 'Przesyłka już istnieje w systemie',
  // chosen
  inboundAccepted: 'Przesyłka została przyjęta',

  // ---- parcels, dimensions, labels ----
  dimensionsNotSaved: 'Zmiany nie zostały zapisane',
  dimensionsUpdated: 'Wymiary przesyłki zostały zaktualizowane!',
  dimensionsError: 'Wystąpił błąd podczas aktualizacji wymiarów',
  // chosen
  dimensionsInvalid: 'Nieprawidłowe wymiary lub waga przesyłki',
} as const

/** Button labels of the warehouse screens named in the spec. */
export const WAREHOUSE_LABEL = {
  lastFile: 'Ostatnio:',
  set: 'Ustaw',
  reset: 'Resetuj',
  accept: 'Przyjmij',
  generate: 'Generuj',
} as const
