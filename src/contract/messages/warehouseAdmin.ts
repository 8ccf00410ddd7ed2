import type { EndType } from '../schemas/warehouseAdmin.ts'
import { TABLE_TEXT, UI_TEXT } from './ui.ts'

/**
 * Messages of the admin's workstation and problem-sector screens and the server's answers to them:
 * the specification's wording where it gives one, else chosen (marked). Apart from ./warehouse.ts,
 * which every floor screen loads.
 */
export const WAREHOUSE_ADMIN_MSG = {
  workstationAdded: 'Pomyślnie dodano nowe stanowisko',
  workstationEdited: 'Pomyślnie edytowano stanowisko',
  workstationDeleted: 'Pomyślnie usunięto stanowisko',
  workstationAddError: 'Błąd podczas dodawania stanowiska',
  workstationsFiltered: 'Pomyślnie przefiltrowano stanowiska',
  workstationsNone: 'Nie znaleziono stanowisk',
  // chosen
  workstationEditError: 'Błąd podczas edycji stanowiska',
  workstationCodeTaken: 'Stanowisko o tym kodzie już istnieje',
  workstationCodeFormat: (typeCode: string) => `Kod stanowiska musi mieć postać ${typeCode}_NN`,
  workstationBusyEdit: 'Stanowisko jest zajęte – najpierw je opróżnij',

  sectorAddError: 'Błąd podczas dodawania typu',
  // chosen
  sectorCodeTaken: 'Sektor o tym kodzie już istnieje w tym magazynie',
  sectorSystemDelete: 'Nie można usunąć sektora, którego używają reguły magazynu',
  sectorNotEmpty: 'W sektorze znajdują się przesyłki – nie można go usunąć',
} as const

/** Labels and headings of the admin's workstation screens (the spec names them). */
export const WAREHOUSE_TEXT = {
  workstations: 'Stanowiska',
  addWorkstation: 'Dodaj stanowisko',
  worker: 'Pracownik',
  workstationType: 'Typ stanowiska',
  workstation: 'Stanowisko',
  start: 'Początek',
  end: 'Koniec',
  endType: 'Typ zakończenia',
  warehouse: 'Magazyn',
  workstationList: 'Lista stanowisk',
  workHistory: 'Historia pracy',
} as const

/**
 * Labels and texts of the warehouse admin screens (workstations, problem sectors, external
 * inbound, tags) that the spec does not word; chosen here. The spec's own messages are in
 * ./warehouse.ts (WAREHOUSE_MSG) and referenced from there.
 */
export const WAREHOUSE_ADMIN_TEXT = {
  tagsTitle: 'Etykiety',
  tagKind: 'Rodzaj etykiety',
  free: 'Wolne',
  occupied: 'Zajęte',
  /** How a workflow ended (`end_type`). */
  endType: {
    manual: 'Ręcznie',
    logout: 'Wylogowanie',
    switch: 'Zmiana stanowiska',
    admin: 'Opróżnione przez administratora',
  } satisfies Record<EndType, string>,
  workflowOpen: 'W trakcie',
  /** Problem sector `internal` (No=0, Yes=1). */
  yesNo: { 0: 'Nie', 1: 'Tak' } as const,
  tagType: { client: 'Klient', workstation: 'Stanowisko', problematic_sector: 'Sektor problematyczny' } as const,
  tagGenerated: (file: string) => `Pobrano etykietę ${file}`,
  noClients: 'Nie znaleziono klientów',
  loadFailed: TABLE_TEXT.error,
  workstationMissing: 'Nie znaleziono stanowiska',
  inboundMissing: 'Nie znaleziono przyjęcia',
  /** Field labels of the workstation and sector forms (* marks a required field). */
  warehouseField: 'Magazyn *',
  workstationTypeField: 'Typ stanowiska *',
  nameField: UI_TEXT.nameRequired,
  internalField: 'Wewnętrzny *',
  codeField: 'Kod *',
  workstation: 'Stanowisko',
  workstationTitle: (code: string) => `Stanowisko ${code}`,
  newWorkstation: 'Nowe stanowisko',
  backToWorkstations: 'Wróć do listy stanowisk',
  clear: 'Opróżnij',
  workflowHistory: 'Historia pracy na stanowisku',
  /** Columns of a workstation's work history. */
  workflowColumn: { employee: 'Pracownik', start: 'Początek', end: 'Koniec', endType: 'Typ zakończenia', scans: 'Skany' },
  newSector: 'Nowy sektor problematyczny',
  sectors: 'Sektory problematyczne',
  addSector: 'Dodaj sektor',
  /** Columns of the problem sector list. */
  sectorColumn: { code: 'Kod', name: 'Nazwa', internal: 'Wewnętrzny' },
  actions: UI_TEXT.actions,
} as const
