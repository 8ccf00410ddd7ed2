import { fromPromise } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import { calendarMachine } from '../../../machines/calendar.ts'
import { call } from '../api/client.ts'
import { notify } from '../ui/toast.tsx'
import { CALENDAR_MSG } from '../../contract/messages/calendar.ts'

export const calendarScreen = calendarMachine.provide({
  actors: {
    loadYears: fromPromise(() => call(endpoints.calendarYears)),
    loadDays: fromPromise(({ input }) => call(endpoints.calendarDays, undefined, { year: input.year }, { country: input.country })),
    addDay: fromPromise(({ input }) => call(endpoints.calendarDayAdd, input)),
    deleteDay: fromPromise(({ input }) => call(endpoints.calendarDayDelete, input)),
  },
  actions: {
    added: () => notify.success(CALENDAR_MSG.dayAdded),
    deleted: () => notify.success(CALENDAR_MSG.dayRemoved),
    failed: ({ context }) => {
      if (context.failure) notify.error(context.failure)
    },
  },
})
