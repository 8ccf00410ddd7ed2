/** Polish texts of the single-parcel calls: removing a parcel, giving it a status. */
import { MSG } from '../messages.ts'
import { SHIPMENT_MSG } from './shipments.ts'

export const PARCEL_MSG = {
  parcelNotFound: MSG.parcelNotFound,
  parcelRemoved: SHIPMENT_MSG.deleted,
  parcelAlreadyRemoved: 'Przesyłka jest już usunięta',
  parcelStatusSet: SHIPMENT_MSG.statusAdded,
  parcelStatusAlready: 'Przesyłka ma już ten status',
  statusTypeUnknown: 'Nie ma takiego statusu',
} as const

/** Labels, headings, buttons and hints of the parcels screens. */
export const PARCELS_TEXT = {
  detailedReport: 'Szczegółowy (paczki ze wszystkimi danymi)',
  from: 'Skąd',
  to: 'Dokąd',
  bufferNumber: 'Numer buforowy',
  inputNumber: 'Numer wejściowy',
  myShipments: 'Moje przesyłki',
  newShipment: 'Nowa przesyłka',
  deleted: 'Usunięte',
  dateFrom: 'Data od',
  dateTo: 'Data do',
  internalNumber: 'Numer wewnętrzny',
  clientNotFound: SHIPMENT_MSG.clientNotFound,
  fewerFilters: '▾ Mniej filtrów',
  moreFilters: '▸ Więcej filtrów',
  manyClients: 'Wielu klientów',
  clientList: 'Lista klientów',
  include: 'Uwzględnij',
  problemRule: 'Reguła problemu',
  selectAll: 'Zaznacz wszystkie',
  changeStatuses: 'Zmień statusy',
  empty: 'Brak przesyłek dla wybranych filtrów',
  approximateCount: 'Liczba pozycji jest przybliżona (około).',
  changeStatus: 'Zmień status',
  removeClient: (name: string) => `Usuń ${name}`,
  standard: 'Standardowa',
  listReport: 'Lista (wiersze listy)',
  listKind: 'Rodzaj listy',
  waybills: 'Listy przewozowe',
  activeOnly: 'Aktywne',
  exclude: 'Wyklucz',
  when: 'Kiedy',
  where: 'Gdzie',
  reportKind: 'Rodzaj raportu',
  generating: 'Generowanie…',
  changeStatusOf: (n: number) => `Zmiana statusu (${n})`,
} as const
