import { fromPromise } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { AMSG } from '../../contract/messages/admin.ts'
import { calendarMachine } from '../../../machines/calendar.ts'
import { call } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'

/**
 * The admin screens' machines with their real actors (docs/ARCHITECTURE.md "Machines": side
 * effects are actors and actions provided by the web, in one place per machine). Views import
 * these, never the API client.
 */

export const calendarScreen = calendarMachine.provide({
  actors: {
    loadYears: fromPromise(() => call(endpoints.calendarYears)),
    loadDays: fromPromise(({ input }) => call(endpoints.calendarDays, undefined, { year: input.year })),
    addDay: fromPromise(({ input }) => call(endpoints.calendarDayAdd, input)),
    deleteDay: fromPromise(({ input }) => call(endpoints.calendarDayDelete, input)),
  },
  actions: {
    added: () => notify.success(AMSG.dayAdded),
    deleted: () => notify.success(AMSG.dayRemoved),
    failed: ({ context }) => {
      if (context.failure) notify.error(context.failure)
    },
  },
})
