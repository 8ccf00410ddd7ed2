/** Polish texts of the single-parcel calls: removing a parcel, giving it a status. */
export const PARCEL_MSG = {
  parcelNotFound: 'Nie znaleziono przesyłki',
  parcelRemoved: 'Przesyłka została oznaczona jako usunięta!',
  parcelAlreadyRemoved: 'Przesyłka jest już usunięta',
  parcelStatusSet: 'Pomyślnie nadano status!',
  parcelStatusAlready: 'Przesyłka ma już ten status',
  statusTypeUnknown: 'Nie ma takiego statusu',
} as const
