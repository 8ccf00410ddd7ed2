/** Clients, their price bands, parameters and credentials. */

/** Clients, their price bands, parameters and credentials. */
export const CLIENTS = {
  /** The /clients filter criteria are kept in this cookie for this many days. */
  filterCookie: 'clients-criteria',
  filterCookieDays: 1,
  defaults: {
    /** Polish, like the rest of the label the contact name is printed on (the specification's Romanian "pentru: "). */
    contactName: 'dla: ',
    address: '-',
    bankAccountNumber: 'n/d',
    shipmentNote: 'Trimis de: ',
    phonePrefix: '+48',
    returningAddress: 'RE Logistics, ul. Magazynowa 1, 43-100 Tychy',
    broadcastingAddress: 'RE Logistics, ul. Magazynowa 1, 43-100 Tychy',
  },
  /** Price bands: the one service they are for and the bounds of VAT and weights. */
  priceBandServiceId: '2505',
  priceBandMin: 0,
  priceBandMax: 100,
  /** Generated passwords: 16 characters of letters, digits and these symbols. */
  generatedPasswordLength: 16,
  generatedPasswordSymbols: '!@#$%&*',
  /** Generated usernames: 8 to 16 characters. */
  usernameMinLength: 8,
  usernameMaxLength: 16,
  /** Default courier of a courier credential (DPD Romania). */
  defaultCourierId: 2,
  /** SIDE_FORMULA_LIMIT: input default and minimum. */
  sideFormulaLimitDefault: 300,
  sideFormulaLimitMin: 0,
  /**
   * Volume classes of the client list, from real shipment counts (deleted shipments left out):
   * a class is A from `classA` shipments a month, B from `classB`, C below. The volume class uses
   * the monthly average over the last `volumeWindowDays` days; the last-month class the count of
   * the last `monthDays` days.
   */
  volume: { classA: 30, classB: 5, monthDays: 30, volumeWindowDays: 90 },
  /**
   * Growth: the last `monthDays` days against the `monthDays` days before them. Growing when the
   * count rose by at least `growthRatio` (and by at least `growthMinDelta` shipments), shrinking
   * when it fell by as much.
   */
  growthRatio: 0.25,
  growthMinDelta: 2,
  /** Toast durations of the client screens (ms). */
  toastMs: { updateError: 5_000, checkFailed: 10_000, checkOk: 1_000, credentialUpdateError: 50_000 },
  /** Field length limits (database columns are text; the API refuses longer input). */
  maxLength: { name: 200, short: 100, text: 500, multiline: 2000, nip: 20, postCode: 12, phone: 10 },
} as const
export const VOLUME_CLASSES = ['A', 'B', 'C'] as const
export const ACCOUNT_PERIODS = ['monthly', 'half_monthly', 'weekly'] as const
export const VAT_RATES = ['23', 'np'] as const
export const EXTERNAL_CREDENTIAL_TYPES = ['baselinker', 'api_v2', 'ido_sell', 'another'] as const
/** External credential types that need a username and a password. */
export const EXTERNAL_TYPES_WITH_LOGIN: readonly string[] = ['baselinker', 'api_v2', 'ido_sell']
export const CLIENT_LIST_KINDS = ['all', 'deleted', 'last_month', 'volume_growing', 'volume_shrinking', 'missing_price_list'] as const
export const PRICE_LIST_TYPES = ['income', 'cost'] as const
