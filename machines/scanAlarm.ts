import { SCANNER } from '../src/contract/constants.ts'
import { MSG } from '../src/contract/messages.ts'
import { type Feedback, feedback } from './floorKit.ts'
import type { ScanAlarm } from './scannerInput.ts'

/** The scanner's alarm as words (S2 §5): "wykryto EAN8/EAN14", or two scans run together. */
export const alarmText = (a: ScanAlarm) => (a.alarm === 'tooFast' ? MSG.tooFast : MSG.ean(a.length))

/** The alarm as the floor's feedback: a warning with its tone, for SCANNER.alarmToastMs (5 s). */
export const alarmFeedback = (a: ScanAlarm): Feedback => feedback.warning(alarmText(a), SCANNER.alarmToastMs)
