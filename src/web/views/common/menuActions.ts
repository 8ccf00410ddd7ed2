import type { MenuAction } from '../../../contract/routes.ts'

/**
 * Sidebar actions provided by areas (e.g. the warehouse's "end workstation"). Logout and the
 * reports modal are handled by the layout itself.
 */
export const menuActions: Partial<Record<MenuAction, () => void | Promise<void>>> = {}

// Warehouse floor: the admin's "end workstation" item (workers get a button on the scanning screens).
// Loaded when clicked: the warehouse's endpoints and messages stay out of the entry chunk.
menuActions.endWorkstation = () => import('../../wiring/floor.ts').then((m) => m.endWorkstation())
