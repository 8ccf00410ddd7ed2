import * as Schema from 'effect/Schema'
import { LOCKERS } from '../constants/lockers.ts'

/** The locker files for an e-commerce integration: the countries they are made for. */

/** GET app/v1/locker/ido_sell/{country}: RO, HU or BG. */
export const LockerCountry = Schema.Literals(LOCKERS.lockerCountries)
export type LockerCountry = typeof LockerCountry.Type
