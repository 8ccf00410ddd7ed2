import type { EndType } from '../schemas/warehouse.ts'

/**
 * Labels and texts of the warehouse admin screens (workstations, problem sectors, external
 * inbound, tags) that the spec does not word; chosen here. The spec's own messages are in
 * ./warehouse.ts (WAREHOUSE_MSG) and referenced from there.
 */
export const WAREHOUSE_ADMIN_TEXT = {
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
  loadFailed: 'Nie udało się wczytać danych',
  workstationMissing: 'Nie znaleziono stanowiska',
  inboundMissing: 'Nie znaleziono przyjęcia',
} as const
