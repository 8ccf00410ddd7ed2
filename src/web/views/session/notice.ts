import { MODERNIZATION_NOTICE } from '../../../contract/constants/ui.ts'
import { formatLongDate } from '../../../contract/format.ts'
import { AUTH_TEXT } from '../../../contract/messages/session.ts'

export type NoticePhase = 'upcoming' | 'ongoing' | 'over'

const day = (iso: string) => new Date(`${iso}T00:00:00`)
const polishDate = formatLongDate

/** Where today stands against the downtime of MODERNIZATION_NOTICE (local calendar days, inclusive). */
export function noticePhase(now: Date, notice = MODERNIZATION_NOTICE): NoticePhase {
  const end = day(notice.to)
  end.setDate(end.getDate() + 1)
  if (now >= end) return 'over'
  return now >= day(notice.from) ? 'ongoing' : 'upcoming'
}

/** The notice's sentence about the downtime, in the tense of its phase. */
export function noticeText(phase: Exclude<NoticePhase, 'over'>, notice = MODERNIZATION_NOTICE): string {
  return AUTH_TEXT.notice(phase, polishDate(notice.from), polishDate(notice.to))
}
