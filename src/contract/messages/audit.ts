import { UI_TEXT } from './ui.ts'
import { AUDIT, type AuditAction, type AuditEntity } from '../constants/audit.ts'

/** Texts of the audit trail's screens (/audit, the "Historia zmian" tabs) and of its XLSX export. */
export const AUDIT_MSG = {
  title: UI_TEXT.auditTitle,
  intro: 'Kto, kiedy i skąd zmienił dane: stare → nowe wartości pól. Najnowsze na górze.',
  historyTab: 'Historia zmian',
  /** The tab beside it: the record's own data. */
  recordData: 'Dane',
  recordTabs: 'Rekord i jego historia',
  historyEmpty: 'Brak zmian tego rekordu',
  empty: 'Brak wpisów',
  filters: {
    who: 'Kto (e-mail)',
    entity: 'Obiekt',
    from: 'Od dnia',
    to: 'Do dnia',
    text: 'Tekst (id, zmiany)',
    export: 'Pobierz XLSX',
    fromAfterTo: 'Data „od” nie może być późniejsza niż „do”',
  },
  columns: {
    at: 'Kiedy',
    who: 'Kto',
    address: 'Adres',
    entity: 'Obiekt',
    entityId: 'Id',
    action: 'Akcja',
    changes: 'Zmiany',
    entryId: 'Nr wpisu',
  },
  /** What a secret's new value reads: only that it changed. */
  secretChanged: 'zmieniono',
  /** An empty old or new value. */
  none: '—',
  exportFailed: 'Nie udało się pobrać pliku dziennika zmian',
  sheet: 'Dziennik zmian',
  entities: {
    income_price_list: 'Cennik przychodowy',
    cost_price_list: 'Cennik kosztowy',
    client: 'Klient',
    client_parameter: 'Parametr klienta',
    user: 'Użytkownik',
    invoice: 'Faktura',
    courier_credential: 'Konto kuriera',
    external_credential: 'Dostęp API zewnętrzny',
    price_band: 'Przedział cenowy',
    courier_price: 'Cena kuriera',
    status_type: 'Status',
    calendar_day: 'Dzień kalendarza',
    workstation: 'Stanowisko',
    problem_sector: 'Sektor problematyczny',
    export: 'Eksport rozliczenia',
    resignation: 'Rezygnacja',
    alias: 'Alias klienta',
  } satisfies Record<AuditEntity, string>,
  actions: {
    create: 'utworzenie',
    update: 'zmiana',
    delete: 'usunięcie',
    block: 'blokada',
    unblock: 'odblokowanie',
    unlock: 'odblokowanie logowania',
    password_reset: 'reset hasła',
    deactivate: 'dezaktywacja',
    trigger: 'wystawienie',
    reissue: 'ponowne wystawienie',
    correct: 'korekta',
    review: 'przejrzenie',
    resolve: 'rozwiązanie',
    pin: 'przypięcie konta',
    unpin: 'odpięcie konta',
    send: 'wysłanie',
  } satisfies Record<AuditAction, string>,
} as const

/** One recorded value as read: empty → "—", yes/no, objects (weight thresholds) as JSON. */
const valueText = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return AUDIT_MSG.none
  if (typeof v === 'boolean') return v ? UI_TEXT.yes : UI_TEXT.no
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  return JSON.stringify(v)
}

/** An entry's changes as "pole: stare → nowe" lines, in field order; a secret reads only "pole: zmieniono". */
export function auditChangeLines(changes: Readonly<Record<string, readonly [unknown, unknown]>>): string[] {
  return Object.keys(changes)
    .sort()
    .map((field) => {
      const [before, after] = changes[field]!
      if (before === null && after === AUDIT.secretChanged) return `${field}: ${AUDIT_MSG.secretChanged}`
      return `${field}: ${valueText(before)} → ${valueText(after)}`
    })
}
