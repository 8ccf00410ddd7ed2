/**
 * Charging shipments with operational price lists (docs/prices.md). The interface other areas
 * (billing statements, invoicing) use: load the lists once per statement, charge each shipment
 * with the pure, synchronous `charge()`, keep the results with `saveAccountedAmounts`.
 */
export type {
  AccountedAmount,
  ChargeErrorType,
  ChargeLine,
  ChargeResult,
  ParcelToCharge,
  Pricer,
  ShipmentToCharge,
} from './types.ts'
export { accountingWeight, makePricer } from './engine.ts'
export { loadPricer, readShipmentsToCharge, saveAccountedAmounts } from './store.ts'
