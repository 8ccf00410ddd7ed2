import { addDays, zonedDate } from '../src/contract/time.ts'
import { UNPROCESSABLE_BUFFER_AGE_HOURS } from '../src/server/seed/shipments.ts'

/**
 * Periods the tests ask for that must fit the demo data whatever the hour (server and end-to-end
 * tests alike).
 */

/** How long before a test run the seed may have been made (a long run's database). */
const SEED_BEFORE_TEST_HOURS = 6
/** How long before a test the seed's unprocessable buffer parcel may have been received. */
const SEED_BUFFER_PARCEL_AGE_MS = (UNPROCESSABLE_BUFFER_AGE_HOURS + SEED_BEFORE_TEST_HOURS) * 3_600_000

/**
 * The last day of a billing period that leaves out the seed's unprocessable buffer parcel (it has
 * no client, and a statement of a period that holds such a parcel is refused with 409): the Warsaw
 * day before the one SEED_BUFFER_PARCEL_AGE_MS ago. "Yesterday" by the UTC date held that parcel
 * from midnight to about 3 am in Warsaw.
 */
export function statementPeriodEnd(now = new Date()): string {
  return addDays(zonedDate(new Date(now.getTime() - SEED_BUFFER_PARCEL_AGE_MS)), -1)
}
