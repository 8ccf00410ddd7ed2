/**
 * Texts of the scan-to-find and external inbound scanning screens and of the global scan listener
 * that the spec does not word; chosen here. The spec's own texts ("Przesyłka już
 * istnieje w systemie", "Pomyślnie nadano status!"...) are in ./warehouse.ts (WAREHOUSE_MSG).
 */
import { UI_TEXT } from './ui.ts'

export const SCAN_SCREEN_MSG = {
  // ---- /parcel-search: two scans compared ----
  scanFirst: 'Zeskanuj pierwszą przesyłkę',
  scanSecond: 'Zeskanuj drugą przesyłkę, aby porównać',
  same: 'TA SAMA PRZESYŁKA',
  different: 'RÓŻNE PRZESYŁKI',
  sameToast: 'Oba kody należą do tej samej przesyłki',
  differentToast: 'Kody należą do różnych przesyłek!',
  notFound: (code: string) => `Nie znaleziono przesyłki o numerze ${code}`,
  /** Shown after the prompt once a verdict stands: the next scan starts a new comparison. */
  newComparison: 'nowe porównanie',
  // ---- /resolve-problematic ----
  resolveTitle: 'Obsługa przesyłek problematycznych',
  targetSector: 'Sektor docelowy',
  chooseStatus: '— wybierz status —',
  chooseSector: '— wybierz sektor —',
  // ---- /set-workstation ----
  workstationTitle: 'Ustaw stanowisko',
  // ---- /external_inbound/scan ----
  inboundHint: 'Skanuj przesyłki kuriera – kod jest odczytywany bez klikania w pole',
  inboundManual: 'Numer przesyłki (ręcznie)',
  acceptedToday: 'Przyjęte dziś przez Ciebie',
  lastAccepted: 'Ostatnio przyjęta',
  /** The last scan found a hand-over accepted before (not by this scan). */
  acceptedEarlier: 'Przyjęta wcześniej',
  inboundTitle: 'Skanowanie przyjęć zewnętrznych',
  inboundWaybill: 'List przewozowy',
  inboundCourier: UI_TEXT.courier,
  inboundAcceptedBy: 'Przyjął',
  // ---- /external_inbound (list and detail) ----
  inboundOne: 'Przyjęcie zewnętrzne',
  inboundList: 'Przyjęcia zewnętrzne',
  inboundScan: 'Skanuj przyjęcia',
  inboundDay: 'Dzień przyjęcia',
  inboundSearch: 'List przewozowy lub komentarz',
  inboundParcels: 'Przesyłki',
  inboundScannedAt: 'Data skanowania',
  inboundBarcode: 'Zeskanowany kod',
} as const
