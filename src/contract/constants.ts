/**
 * Every number the specification gives, named once, by area in ./constants/<area>.ts. Import the
 * area file; this barrel re-exports them all for code written before the split.
 */
export * from './constants/access.ts'
export * from './constants/tables.ts'
export * from './constants/ui.ts'
export * from './constants/session.ts'
export * from './constants/platform.ts'
export * from './constants/address.ts'
export * from './constants/warehouse.ts'
export * from './constants/shipments.ts'
export * from './constants/clients.ts'
export * from './constants/calendar.ts'
export * from './constants/statuses.ts'
export * from './constants/aliases.ts'
export * from './constants/lockers.ts'
export * from './constants/resignations.ts'
export * from './constants/parcels.ts'
export * from './constants/users.ts'
