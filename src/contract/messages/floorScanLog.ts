/** Texts of the scan log (/scan-log) and of its link from a parcel: apart from the scanning screens' texts, which every floor screen loads. */
import { SCAN_SCREEN_MSG } from './floorScreens.ts'
import { UI_TEXT } from './ui.ts'

export const SCAN_LOG_MSG = {
  title: UI_TEXT.scanLogTitle,
  intro: 'Każde żądanie stanowisk: co wysłał ekran i co odpowiedział serwer (status, sektor).',
  barcode: 'Kod kreskowy',
  workstation: 'Stanowisko',
  parcel: 'Przesyłka',
  search: 'Szukaj',
  clear: 'Wyczyść',
  empty: 'Brak skanów',
  parcelLink: 'Skany',
  columns: {
    at: 'Czas',
    kind: 'Rodzaj',
    barcode: 'Kod',
    worker: 'Pracownik',
    workstation: 'Stanowisko',
    sent: 'Wysłano (status / sektor / klient / miejsce)',
    answer: 'Odpowiedź',
    status: 'Status z odpowiedzi',
    sector: 'Sektor z odpowiedzi',
  },
  kinds: {
    intake: 'Przyjęcie',
    sorting: 'Sortowanie',
    resolve: 'Problematyczne',
    external_inbound: SCAN_SCREEN_MSG.inboundOne,
    workstation_take: 'Zajęcie stanowiska',
    workstation_end: 'Zwolnienie stanowiska',
  },
} as const
