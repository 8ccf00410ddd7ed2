/** Polish texts of the public tracking page (its Romanian is in src/web/i18n/ro.json). */
import { POSTAL_FINDER_TEXT } from './address.ts'
import { TABLE_TEXT } from './ui.ts'

/** Texts of the message keys the spec names, by key: the server's reply `message` and the toasts' keys. */
export const TRACKING_KEY_TEXT = {
  parcel_search_error: 'Nie znaleziono przesyłki o podanym numerze',
  parcel_tracking_empty: 'Przesyłka nie ma jeszcze żadnych statusów',
} as const

/** The public tracking page in Polish; `{{number}}` is filled in by the PL/RO switch (src/web/i18n). */
export const TRACKING_TEXT = {
  title: 'Śledzenie przesyłki',
  language: POSTAL_FINDER_TEXT.language,
  number: 'Numer przesyłki',
  placeholder: 'np. RE100000001',
  search: TABLE_TEXT.search,
  searching: POSTAL_FINDER_TEXT.searching,
  required: 'Podaj numer przesyłki',
  date: 'Data',
  status: 'Status',
  parcel: 'Paczka',
  shipment: 'Przesyłka {{number}}',
  back: POSTAL_FINDER_TEXT.back,
} as const
