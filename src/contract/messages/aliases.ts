/** Polish texts of resolving unknown client aliases (chosen). */
import { SHIPMENT_MSG } from './shipments.ts'

export const ALIAS_MSG = {
  aliasNotFound: 'Nie znaleziono aliasu',
  aliasResolved: 'Alias został przypisany do klienta',
  aliasAlreadyResolved: 'Ten alias został już rozwiązany',
  aliasTypeMismatch: 'Typ rozwiązania nie zgadza się z wybranym klientem (zmieniony klient = ręcznie, proponowany = propozycja)',
  clientNotFound: SHIPMENT_MSG.clientNotFound,
} as const

/** How an alias was resolved, as the table shows it. */
export const ALIAS_LABEL = {
  resolvedType: { manual: 'Ręcznie', proposition: 'Propozycja' },
} as const

/** Labels, headings, buttons and hints of the aliases screens. */
export const ALIASES_TEXT = {
  alias: 'Nieznany alias klienta',
  backToList: 'Wróć do listy aliasów',
  resolution: 'Rozwiązanie:',
  aliases: 'Nieznane aliasy klientów',
  empty: 'Brak nieznanych aliasów',
  shipment: 'Przesyłka',
  proposedClient: 'Proponowany klient',
  no: 'Nr',
  aliasColumn: 'Alias',
  readAt: 'Odczytano',
} as const
