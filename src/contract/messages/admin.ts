/**
 * Polish texts of the admin screens: calendar, parcel statuses, unknown client aliases, locker
 * downloads, reported resignations and the single-parcel calls. The spec's own wording where it
 * gives one (calendar toasts, "Status usunięty"); the rest chosen here.
 */
export const ADMIN_MSG = {
  invalidDate: 'Nieprawidłowa data (rrrr-mm-dd)',
  // ---- calendar ----
  dayAdded: 'Dzień wolny został dodany do listy!',
  dayRemoved: 'Dzień wolny został usunięty z kalendarza!',
  dayTaken: 'Ten dzień jest już w kalendarzu',
  dayNotFound: 'Nie znaleziono dnia w kalendarzu',
  yearOutOfRange: 'Rok spoza obsługiwanego zakresu',
  // ---- statuses ----
  statusNotFound: 'Nie znaleziono statusu',
  statusRemoved: 'Status usunięty',
  statusCreated: 'Status został utworzony',
  statusUpdated: 'Status został zaktualizowany',
  statusNotOperator: 'Usunąć można tylko status operatora (kurier 1)',
  statusSystem: 'Status systemowy – reguły magazynu go używają, nie można go usunąć',
  statusInUse: 'Status jest używany przez przesyłki lub sektory – nie można go usunąć',
  statusGroupNotFound: 'Nie znaleziono grupy statusów',
  // ---- unknown client aliases ----
  aliasNotFound: 'Nie znaleziono aliasu',
  aliasResolved: 'Alias został przypisany do klienta',
  aliasAlreadyResolved: 'Ten alias został już rozwiązany',
  aliasTypeMismatch: 'Typ rozwiązania nie zgadza się z wybranym klientem (zmieniony klient = ręcznie, proponowany = propozycja)',
  clientNotFound: 'Nie znaleziono klienta',
  // ---- locker files ----
  lockerCountryUnknown: 'Pliki automatów są dostępne dla RO, HU i BG',
  // ---- reported resignations ----
  resignationCreated: 'Zgłoszono rezygnację z przesyłki',
  resignationUpdated: 'Pomyślnie zapisano zmiany!',
  resignationRemoved: 'Zgłoszenie rezygnacji zostało usunięte',
  resignationNotFound: 'Nie znaleziono zgłoszenia rezygnacji',
  resignationTaken: 'Rezygnacja z tej przesyłki jest już zgłoszona',
  /** The waybill is no number of any parcel (to a client also: a number of another client's parcel). */
  resignationNoParcel: (waybill: string) => `Nie znaleziono przesyłki o numerze ${waybill} — sprawdź numer listu przewozowego.`,
  /** To staff: the parcel with that number is another client's. */
  resignationOtherClient: (waybill: string, owner: string) => `Przesyłka ${waybill} należy do innego klienta (${owner}) — zgłoś rezygnację dla tego klienta.`,
  /** Shown at intake when a parcel with a reported resignation is scanned. */
  resignationAtIntake: (waybill: string) => `Klient zrezygnował z przesyłki ${waybill} – przesyłka wraca do nadawcy, odłóż ją do zwrotów!`,
  // ---- single-parcel calls ----
  parcelNotFound: 'Nie znaleziono przesyłki',
  parcelRemoved: 'Przesyłka została oznaczona jako usunięta!',
  parcelAlreadyRemoved: 'Przesyłka jest już usunięta',
  parcelStatusSet: 'Pomyślnie nadano status!',
  parcelStatusAlready: 'Przesyłka ma już ten status',
  statusTypeUnknown: 'Nie ma takiego statusu',
} as const

/** Labels of the admin screens (chosen). */
export const ADMIN_LABEL = {
  yes: 'Tak',
  no: 'Nie',
  resolvedType: { manual: 'Ręcznie', proposition: 'Propozycja' },
  holiday: 'Święto państwowe',
  ownDay: 'Dzień wolny operatora',
  lockerCountry: { RO: 'Rumunia', HU: 'Węgry', BG: 'Bułgaria' },
  /** Countries of the calendar selector. */
  calendarCountry: { PL: 'Polska', RO: 'Rumunia', HU: 'Węgry', BG: 'Bułgaria' },
} as const
