import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate'
import { type CalendarCountry, type CalendarDay, CalendarDayRequest, type CalendarYearsReply } from '../src/contract/schemas/calendar.ts'
import { type FieldErrors, decode } from '../src/contract/validation.ts'
import { failureOf } from './floorFailure.ts'
import { type ServerErrors, isValid } from './recordForm.ts'
import { CALENDAR } from '../src/contract/constants/calendar.ts'

/**
 * The calendar of non-working days (/calendar): a country and a year selector, the days, an add-day
 * modal (date and name required; the day goes to the country shown) and a confirmed delete.
 *
 *   loadingYears ─▶ loadingDays ─▶ ready ─CHOOSE_YEAR | CHOOSE_COUNTRY─▶ loadingDays
 *        │              │            ├ OPEN_ADD ─▶ adding.editing ─SUBMIT [valid]─▶ adding.saving ─done─▶ loadingDays (the day's year)
 *        └──error──▶ failed ◀─error──┘            └CANCEL─▶ ready                      └error─▶ adding.editing (field messages)
 *                     └RETRY─▶ loadingYears  └ DELETE ─▶ confirmingDelete ─CONFIRM─▶ deleting ─▶ loadingDays
 *
 * Tags: `busy`, `problem` (failed), `adding` (the modal), `confirming`. Toasts: `added`, `deleted`, `failed`.
 */

export interface CalendarContext {
  years: readonly number[]
  year: number | null
  /** Whose calendar is shown: the operator's (PL) or a destination's. */
  country: CalendarCountry
  today: string
  days: readonly CalendarDay[]
  draft: { date: string; name: string }
  errors: FieldErrors
  serverErrors: ServerErrors
  submitted: boolean
  /** The day asked to delete. */
  deleting: CalendarDay | null
  failure: string | null
}

export type CalendarEvent =
  | { type: 'CHOOSE_YEAR'; year: number }
  | { type: 'CHOOSE_COUNTRY'; country: CalendarCountry }
  | { type: 'OPEN_ADD' }
  | { type: 'CHANGE'; field: 'date' | 'name'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'DELETE'; day: CalendarDay }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }

const check = (draft: CalendarContext['draft']): FieldErrors => {
  const d = decode(CalendarDayRequest, draft)
  return d.ok ? {} : d.errors
}

/** A new day starts on today's date when the year shown is this year, else on the year's 1 January. */
const emptyDraft = (c: Pick<CalendarContext, 'year' | 'today'>) => ({
  date: c.year === null || String(c.year) === c.today.slice(0, 4) ? c.today : `${c.year}-01-01`,
  name: '',
})

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
  },
  actors: {
    /** GET calendar/years. */
    loadYears: fromPromise<CalendarYearsReply>(async () => {
      throw new Error('loadYears not provided')
    }),
    /** GET calendar/year/{year}/days?country=. */
    loadDays: fromPromise<readonly CalendarDay[], { year: number; country: CalendarCountry }>(async () => {
      throw new Error('loadDays not provided')
    }),
    /** POST calendar/day: answers the day's year. */
    addDay: fromPromise<{ year: number; message: string }, { date: string; name: string; country: CalendarCountry }>(async () => {
      throw new Error('addDay not provided')
    }),
    /** DELETE calendar/day. */
    deleteDay: fromPromise<{ message: string }, { id: number }>(async () => {
      throw new Error('deleteDay not provided')
    }),
  },
  guards: {
    valid: ({ context }) => isValid(context.errors),
    otherYear: ({ context, event }) => event.type === 'CHOOSE_YEAR' && event.year !== context.year && Number.isInteger(event.year),
    otherCountry: ({ context, event }) => event.type === 'CHOOSE_COUNTRY' && event.country !== context.country && CALENDAR.calendarCountries.includes(event.country),
  },
  actions: {
    /** "Dzień wolny został dodany do listy!"; provided by the web. */
    added: () => {},
    /** "Dzień wolny został usunięty z kalendarza!"; provided by the web. */
    deleted: () => {},
    /** Shows `context.failure`; provided by the web. */
    failed: () => {},
  },
}).createMachine({
  id: 'calendar',
  context: {
    years: [],
    year: null,
    country: CALENDAR.holidayCountry,
    today: '',
    days: [],
    draft: { date: '', name: '' },
    errors: {},
    serverErrors: {},
    submitted: false,
    deleting: null,
    failure: null,
  },
  initial: 'loadingYears',
  states: {
    loadingYears: {
      tags: ['busy'],
      invoke: {
        id: 'loadYears',
        src: 'loadYears',
        onDone: {
          target: 'loadingDays',
          actions: assign(({ context, event }) => ({ years: event.output.list, today: event.output.today, year: context.year ?? event.output.current, failure: null })),
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
      },
    },
    loadingDays: {
      tags: ['busy'],
      invoke: {
        id: 'loadDays',
        src: 'loadDays',
        input: ({ context }) => ({ year: context.year ?? 0, country: context.country }),
        onDone: { target: 'ready', actions: assign({ days: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
      },
    },
    failed: {
      tags: ['problem'],
      on: { RETRY: 'loadingYears' },
    },
    ready: {
      on: {
        CHOOSE_YEAR: { guard: 'otherYear', target: 'loadingDays', actions: assign({ year: ({ event }) => event.year }) },
        CHOOSE_COUNTRY: { guard: 'otherCountry', target: 'loadingDays', actions: assign({ country: ({ event }) => event.country }) },
        OPEN_ADD: {
          target: 'adding',
          actions: assign(({ context }) => {
            const draft = emptyDraft(context)
            return { draft, errors: check(draft), serverErrors: {}, submitted: false }
          }),
        },
        DELETE: { target: 'confirmingDelete', actions: assign({ deleting: ({ event }) => event.day }) },
      },
    },
    adding: {
      tags: ['adding'],
      initial: 'editing',
      on: { CANCEL: '#calendar.ready' },
      states: {
        editing: {
          on: {
            CHANGE: {
              actions: assign(({ context, event }) => {
                const draft = { ...context.draft, [event.field]: event.value }
                const { [event.field]: _dropped, ...serverErrors } = context.serverErrors
                return { draft, errors: check(draft), serverErrors }
              }),
            },
            SUBMIT: [{ guard: 'valid', target: 'saving', actions: assign({ submitted: true }) }, { actions: assign({ submitted: true }) }],
          },
        },
        saving: {
          tags: ['busy'],
          // The modal stays open until the answer comes.
          on: { CANCEL: {} },
          invoke: {
            id: 'addDay',
            src: 'addDay',
            input: ({ context }) => ({ date: context.draft.date, name: context.draft.name.trim(), country: context.country }),
            onDone: { target: '#calendar.loadingDays', actions: [assign({ year: ({ event }) => event.output.year, years: ({ context, event }) => [...new Set([...context.years, event.output.year])].sort((a, b) => a - b) }), 'added'] },
            onError: {
              target: 'editing',
              actions: [
                assign(({ event }) => {
                  const f = failureOf(event.error)
                  return { failure: f.message, serverErrors: f.errors }
                }),
                'failed',
              ],
            },
          },
        },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: { CONFIRM: 'deleting', CANCEL: { target: 'ready', actions: assign({ deleting: null }) } },
    },
    deleting: {
      tags: ['busy', 'confirming'],
      invoke: {
        id: 'deleteDay',
        src: 'deleteDay',
        input: ({ context }) => ({ id: context.deleting?.id ?? 0 }),
        onDone: { target: 'loadingDays', actions: [assign({ deleting: null }), 'deleted'] },
        onError: { target: 'ready', actions: [assign(({ event }) => ({ deleting: null, failure: failureOf(event.error).message })), 'failed'] },
      },
    },
  },
})

export type CalendarMachine = typeof calendarMachine
export type CalendarSnapshot = SnapshotFrom<CalendarMachine>

/** Props of the calendar view. */
export function connectCalendar(state: CalendarSnapshot, send: (e: CalendarEvent) => void) {
  const c = state.context
  const shown = (field: 'date' | 'name'): string[] => [...(c.submitted ? (c.serverErrors[field] ?? c.errors[field] ?? []) : (c.serverErrors[field] ?? []))]
  return {
    years: c.years,
    year: c.year,
    countries: CALENDAR.calendarCountries,
    country: c.country,
    canChooseCountry: state.can({ type: 'CHOOSE_COUNTRY', country: c.country === 'PL' ? 'RO' : 'PL' }),
    chooseCountry: (country: CalendarCountry) => send({ type: 'CHOOSE_COUNTRY', country }),
    days: c.days,
    loading: state.hasTag('busy') && !state.hasTag('adding') && !state.hasTag('confirming'),
    problem: state.hasTag('problem') ? c.failure : null,
    canChooseYear: state.can({ type: 'CHOOSE_YEAR', year: (c.year ?? 0) + 1 }),
    canAdd: state.can({ type: 'OPEN_ADD' }),
    canDelete: state.can({ type: 'DELETE', day: { id: 0, date: '', name: '', holiday: false } }),
    addOpen: state.hasTag('adding'),
    saving: state.hasTag('adding') && state.hasTag('busy'),
    draft: c.draft,
    errorsOf: shown,
    confirming: state.hasTag('confirming'),
    deletingDay: c.deleting,
    deleteBusy: state.matches('deleting'),
    chooseYear: (year: number) => send({ type: 'CHOOSE_YEAR', year }),
    openAdd: () => send({ type: 'OPEN_ADD' }),
    change: (field: 'date' | 'name', value: string) => send({ type: 'CHANGE', field, value }),
    submit: () => send({ type: 'SUBMIT' }),
    cancel: () => send({ type: 'CANCEL' }),
    askDelete: (day: CalendarDay) => send({ type: 'DELETE', day }),
    confirm: () => send({ type: 'CONFIRM' }),
    retry: () => send({ type: 'RETRY' }),
  }
}
export type CalendarProps = ReturnType<typeof connectCalendar>
