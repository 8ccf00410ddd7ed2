// Replaced by the inspector implementation (branch machine-tests).
import type { InspectionEvent } from 'xstate'
export const inspectEnabled = () => false
export const inspect = (_e: InspectionEvent) => {}
export const InspectorPanel = () => null
