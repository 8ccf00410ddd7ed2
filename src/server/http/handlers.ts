import type { Handlers } from './handler.ts'
import { addressHandlers } from './areas/address.ts'
import { sessionHandlers } from './areas/session.ts'
import { userHandlers } from './areas/users.ts'

/** One handler per endpoint of the contract table; the type makes a missing one a compile error. */
export const handlers: Handlers = {
  ...sessionHandlers,
  ...userHandlers,
  ...addressHandlers,
}
