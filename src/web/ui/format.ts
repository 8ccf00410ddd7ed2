import { TIME_ZONE } from '../../contract/constants.ts'

const dateTime = new Intl.DateTimeFormat('pl-PL', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})
const dateOnly = new Intl.DateTimeFormat('pl-PL', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** "2024-05-01T10:00:00Z" → "01.05.2024, 12:00" in Europe/Warsaw; empty values → "—". */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '—'
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? String(value) : dateTime.format(d)
}

export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '—'
  const d = value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? String(value) : dateOnly.format(d)
}
