/** Ending the work at a workstation lives with the floor's wiring (it calls the API); re-exported for the menu. */
export { endWorkstation } from '../../../wiring/floor.ts'
