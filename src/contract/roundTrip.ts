import type { EndpointName } from './endpoints.ts'

/**
 * Update → find pairs of the endpoint table: what the find answers for a record can be sent back
 * unchanged to the update (same path parameters) and is accepted — money as decimal strings, nulls
 * where the reply carries null. tests/server/roundTrip.test.ts walks every pair on the demo data.
 */
export const UPDATE_FINDS = {
  priceListUpdate: 'priceListOne',
  courierPriceUpdate: 'courierPriceOne',
  priceBandUpdate: 'priceBandGet',
  clientUpdate: 'clientData',
  userUpdate: 'userGet',
  workstationUpdate: 'workstationGet',
  statusTypeUpdate: 'statusTypeGet',
  externalCredentialUpdate: 'externalCredentialGet',
  additionalUpdate: 'additionalGet',
  resignationUpdate: 'resignationGet',
} as const satisfies Partial<Record<EndpointName, EndpointName>>
