import { PRICES } from '../constants/prices.ts'
import { CLIENT_MSG } from './clients.ts'

/** Polish texts of price lists, courier prices and charges: the spec's wording where it gives one, otherwise chosen here. */
export const PRICES_MSG = {
  // the spec's wording
  inUse: 'Cennik jest już aktualnie w użyciu',
  noActiveDefault: 'Brak aktywnego domyślnego cennika!',
  // chosen here
  priceListCreated: 'Cennik został dodany',
  priceListSaved: 'Zmiany w cenniku zostały zapisane',
  priceListDeleted: 'Cennik został usunięty',
  priceListDeactivated: 'Cennik został dezaktywowany – klient wraca do cennika domyślnego',
  notClientList: 'Dezaktywować można tylko cennik klienta',
  notActive: 'Cennik nie jest aktywny',
  overlap: (name: string) =>
    `Cennik „${name}” tego samego rodzaju, dla tego samego klienta (lub domyślny), kraju lub kuriera i asocjacji zaczyna obowiązywać tego samego dnia. Zmień datę rozpoczęcia albo popraw tamten cennik.`,
  amountRange: `Kwota musi być z przedziału ${PRICES.amountMin}–${PRICES.amountMax.toLocaleString('pl-PL')} i mieć najwyżej ${PRICES.amountScale} miejsca po przecinku`,
  thresholdRange: `Próg wagowy musi być większy od 0 i nie większy niż ${PRICES.amountMax.toLocaleString('pl-PL')} kg (najwyżej ${PRICES.thresholdScale} miejsca po przecinku)`,
  thresholdsRising: 'Progi wagowe muszą rosnąć: każdy większy od poprzedniego',
  tooManyThresholds: `Najwyżej ${PRICES.maxThresholds} progów wagowych`,
  minAboveMax: 'Minimum nie może być większe niż maksimum',
  unknownCurrency: 'Nieznana waluta',
  courierRequired: 'Wybierz kuriera',
  countryRequired: 'Wybierz kraj',
  unknownCourier: 'Nieznany kurier',
  unknownCountry: CLIENT_MSG.countryUnknown,
  date: 'Podaj datę w formacie rrrr-mm-dd',
  courierPriceRange: `Wartość musi być z przedziału ${PRICES.courierPriceMin}–${PRICES.courierPriceMax} i mieć najwyżej 2 miejsca po przecinku`,
  courierPriceMinAboveMax: CLIENT_MSG.minAboveMax,
  courierPriceNotFound: 'Cena kuriera nie istnieje',
  courierPriceSaved: 'Cena została zmieniona',
  courierNotFound: 'Kurier nie istnieje',
} as const

/** Names of the surcharges, as the form and the finance tab label them. */
export const SURCHARGE_LABEL = {
  base: 'Kwota bazowa',
  cod: 'Pobranie',
  insurance: 'Ubezpieczenie',
  oversize: 'Ponadgabaryt',
  overweight: 'Nadwaga',
  multi_pack: 'Wielopak',
  cod_card_payment: 'Płatność kartą za pobranie',
  unclaimed: 'Nieodebrana',
  collect_from_client: 'Odbiór od klienta',
  non_conveyable: 'Niesortowalna',
} as const

/** A list's standing as the tables show it. */
export const STANDING_LABEL = { in_force: 'obowiązuje', future: 'przyszły', superseded: 'zastąpiony', deactivated: 'dezaktywowany' } as const
export const STANDING_HINT = 'Obowiązuje jeden cennik danego rodzaju (kraj lub kurier, powiązanie specjalne): rozpoczęty najpóźniej, nie dezaktywowany — tylko on jest wyróżniony. „Przyszły” zacznie obowiązywać w dniu rozpoczęcia, „zastąpiony” przestał obowiązywać, gdy zaczął obowiązywać nowszy.'

export const FACTOR_TYPE_LABEL = { lump_sum: 'Kwota ryczałtowa', percent: 'Procent' } as const

/** Labels, headings, buttons and hints of the prices screens. */
export const PRICES_TEXT = {
  thisSideUp: 'Tą stroną do góry',
  liquid: 'Płyn',
  protectFromFrost: 'Chronić przed mrozem',
  fragile: 'Ostrożnie',
  courierPrice: 'Cena kuriera',
  weightFrom: 'Waga od (kg)',
  weightTo: 'Waga do (kg)',
  netPrice: 'Cena netto',
  priceLists: 'Cenniki',
  revenueLists: 'Cenniki operacyjne – przychodowe',
  costLists: 'Cenniki operacyjne – kosztowe',
  courierPrices: 'Ceny kurierów',
  noCourierPrices: 'Brak cen tego kuriera',
  chargeMethod: 'Sposób naliczania',
  valuePercent: 'Wartość (%)',
  baseAmounts: 'Kwoty bazowe według progów wagowych',
  thresholdTo: 'Próg wagowy do (kg)',
  baseAmountIn: 'Kwota bazowa (',
  addThreshold: 'Dodaj próg',
  clientListSuffix: ' (cennik klienta)',
  specialLink: 'Powiązanie specjalne',
  validFromRequired: 'Obowiązuje od *',
  factorCurrencyRequired: 'Waluta czynników specyficznych *',
  courierRequired: 'Kurier *',
  countryRequired: 'Kraj *',
  cloneDefault: 'Klonuj z domyślnego',
  validFrom: 'Obowiązuje od',
  costShort: 'Cenniki kosztowe',
  revenueShort: 'Cenniki przychodowe',
  addPriceList: 'Dodaj cennik',
  searchByName: 'Szukaj po nazwie',
  empty: 'Brak cenników',
  netPriceIn: (bounds: string) => `Cena netto * (${bounds})`,
  maxInsuranceIn: (bounds: string) => `Maksymalna wartość ubezpieczenia * (${bounds})`,
  amountIn: (currency: string) => `Kwota (${currency})`,
  minimumIn: (currency: string) => `Minimum (${currency})`,
  maximumIn: (currency: string) => `Maksimum (${currency})`,
  thresholdRow: (n: number) => `Próg ${n} (kg)`,
  baseAmountRow: (n: number) => `Kwota bazowa ${n}`,
  newPriceList: 'nowy cennik',
  currencyRequired: 'Waluta cennika *',
  deactivate: 'Dezaktywuj',
  maxInsurance: 'Maks. ubezpieczenie',
  minWeightIn: (bounds: string) => `Waga minimalna (kg) * (${bounds})`,
  maxWeightIn: (bounds: string) => `Waga maksymalna (kg) * (${bounds})`,
} as const
