import type { MenuAction } from '../../../contract/routes.ts'

/**
 * Sidebar actions provided by areas (e.g. the warehouse's "end workstation"). Logout and the
 * reports modal are handled by the layout itself.
 */
export const menuActions: Partial<Record<MenuAction, () => void | Promise<void>>> = {}
