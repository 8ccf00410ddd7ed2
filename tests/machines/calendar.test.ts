import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { type CalendarContext, calendarMachine } from '../../machines/calendar.ts'
import { calendarSamples, calendarYears } from '../../machines/calendar.samples.ts'
import { describeModel } from './model.ts'
import { CALENDAR_MSG } from '../../src/contract/messages/calendar.ts'

const ctx = (s: AnyMachineSnapshot | undefined) => s?.context as CalendarContext | undefined

describeModel(calendarMachine, calendarSamples, {
  check: ({ event, snapshot, prev, effects, invoked }) => {
    const c = ctx(snapshot)!
    // Busy exactly while a call runs; the modal is open only in `adding`.
    expect(snapshot.hasTag('busy')).toBe(['loadingYears', 'loadingDays', 'deleting'].some((s) => snapshot.matches(s)) || snapshot.matches({ adding: 'saving' }))
    expect(snapshot.hasTag('adding')).toBe(snapshot.matches('adding'))
    // A day is never sent without a valid date and a name.
    for (const call of invoked.filter((i) => i.src === 'addDay')) {
      const body = call.input as { date: string; name: string; country: string }
      expect(body.name.trim()).not.toBe('')
      // The day goes to the calendar shown.
      expect(body.country).toBe(c.country)
      expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    switch (event.type) {
      case 'xstate.done.actor.loadYears':
        expect(c.year).toBe(ctx(prev)!.year ?? calendarYears.current)
        expect(invoked).toEqual([{ id: 'loadDays', src: 'loadDays', input: { year: c.year, country: c.country } }])
        break
      case 'CHOOSE_YEAR':
        expect(snapshot.matches('loadingDays')).toBe(true)
        expect(c.year).toBe(2027)
        break
      case 'CHOOSE_COUNTRY':
        // Another country's calendar: the same year, that country's days.
        expect(snapshot.matches('loadingDays')).toBe(true)
        expect(c.country).toBe('RO')
        expect(c.year).toBe(ctx(prev)!.year)
        expect(invoked).toEqual([{ id: 'loadDays', src: 'loadDays', input: { year: c.year, country: 'RO' } }])
        break
      case 'OPEN_ADD':
        // A new day starts empty-named on today's date in the current year, on 1 January otherwise.
        expect(c.draft).toEqual({ date: c.year === 2026 ? '2026-11-25' : `${c.year}-01-01`, name: '' })
        expect(c.submitted).toBe(false)
        break
      case 'SUBMIT':
        expect(c.submitted).toBe(true)
        if (c.errors.name?.length || c.errors.date?.length) expect(snapshot.matches({ adding: 'editing' })).toBe(true)
        else expect(snapshot.matches({ adding: 'saving' })).toBe(true)
        break
      case 'xstate.done.actor.addDay':
        // The table shows the year of the day added, and a toast says so.
        expect(snapshot.matches('loadingDays')).toBe(true)
        expect(c.year).toBe(2026)
        expect(effects).toContain('added')
        break
      case 'xstate.error.actor.addDay':
        expect(snapshot.matches({ adding: 'editing' })).toBe(true)
        expect(c.serverErrors.date).toEqual([CALENDAR_MSG.dayTaken])
        expect(effects).toContain('failed')
        break
      case 'xstate.done.actor.deleteDay':
        expect(snapshot.matches('loadingDays')).toBe(true)
        expect(effects).toContain('deleted')
        expect(c.deleting).toBeNull()
        break
      case 'xstate.error.actor.deleteDay':
        expect(snapshot.matches('ready')).toBe(true)
        expect(effects).toContain('failed')
        break
      case 'CANCEL':
        expect(snapshot.matches('adding') || snapshot.matches('confirmingDelete')).toBe(snapshot.matches({ adding: 'saving' }))
        break
    }
  },
})
