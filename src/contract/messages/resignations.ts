/** Polish texts of reported resignations (chosen). */
import { SHIPMENT_MSG } from './shipments.ts'

export const RESIGNATION_MSG = {
  resignationCreated: 'Zgłoszono rezygnację z przesyłki',
  resignationUpdated: SHIPMENT_MSG.updated,
  resignationRemoved: 'Zgłoszenie rezygnacji zostało usunięte',
  resignationNotFound: 'Nie znaleziono zgłoszenia rezygnacji',
  resignationTaken: 'Rezygnacja z tej przesyłki jest już zgłoszona',
  /** The waybill is no number of any parcel (to a client also: a number of another client's parcel). */
  resignationNoParcel: (waybill: string) => `Nie znaleziono przesyłki o numerze ${waybill} — sprawdź numer listu przewozowego.`,
  /** To staff: the parcel with that number is another client's. */
  resignationOtherClient: (waybill: string, owner: string) => `Przesyłka ${waybill} należy do innego klienta (${owner}) — zgłoś rezygnację dla tego klienta.`,
  /** Shown at intake when a parcel with a reported resignation is scanned. */
  resignationAtIntake: (waybill: string) => `Klient zrezygnował z przesyłki ${waybill} – przesyłka wraca do nadawcy, odłóż ją do zwrotów!`,
} as const

/** Labels, headings, buttons and hints of the resignations screens. */
export const RESIGNATIONS_TEXT = {
  newReport: 'Nowe zgłoszenie rezygnacji',
  report: 'Zgłoszenie rezygnacji',
  backToList: 'Wróć do listy rezygnacji',
  shipmentNumberRequired: 'Numer przesyłki *',
  submit: 'Zgłoś',
  reportShipment: 'Zgłoś rezygnację z przesyłki',
  cannotChange: 'Zgłoszenia nie można zmienić – można je usunąć.',
  shipmentNumber: 'Numer przesyłki',
  returnDate: 'Data odesłania',
  reportDate: 'Data zgłoszenia',
  reported: 'Zgłoszone rezygnacje',
  addReport: '+ Zgłoś rezygnację',
  numberOrClient: 'Numer przesyłki lub klient',
  empty: 'Brak zgłoszonych rezygnacji',
  additionalInfo: 'Dodatkowe informacje',
  scanDate: 'Data skanu',
} as const
