import { describe, expect, it } from 'vitest'
import { WAREHOUSE } from '../../src/contract/constants.ts'
import { ApiError } from '../../src/web/api/client.ts'
import { defaultStatusId, defaultUnknownSector, failureFeedback, failureOf, feedback, isNoWorkstation, routeForWorkstation, toneOf } from '../../machines/floorKit.ts'
import { DEMO_SECTORS, DEMO_STATUSES } from '../../machines/intakeScan.samples.ts'
import { DEMO_WORKSTATIONS } from '../../machines/workstation.samples.ts'

describe('floor kit', () => {
  it('sends each workstation type to its screen (S2 §2)', () => {
    expect(routeForWorkstation(DEMO_WORKSTATIONS.PRZJ_01)).toBe('parcelFromNumber')
    expect(routeForWorkstation(DEMO_WORKSTATIONS.ZWRT_01)).toBe('parcelFromNumber')
    expect(routeForWorkstation(DEMO_WORKSTATIONS.PRBL_01)).toBe('resolveProblematic')
    expect(routeForWorkstation(DEMO_WORKSTATIONS.SRTW_01)).toBe('parcelClassification')
    expect(routeForWorkstation(null)).toBe('setWorkstation')
  })

  it('reads failures of the API client: messages as {text,type} or strings, 5 s, field errors, data', () => {
    const f = failureOf(new ApiError(409, { message: 'x', messages: [{ text: 'Usunięta', type: 'error', duration: 99 }], data: { suggested_status_type_id: 59 } }))
    expect(f).toMatchObject({ status: 409, message: 'Usunięta', data: { suggested_status_type_id: 59 } })
    expect(f.messages).toEqual([{ text: 'Usunięta', type: 'error', duration: WAREHOUSE.toastMs.scanError }])
    expect(failureOf(new ApiError(406, { message: 'm', messages: ['Pierwsza', 'Druga'] })).messages.map((m) => m.text)).toEqual(['Pierwsza', 'Druga'])
    const v = failureOf(new ApiError(422, { message: 'Błąd', errors: { code: ['Pole jest wymagane'] } }))
    expect(failureFeedback(v).messages.map((m) => m.text)).toEqual(['Błąd', 'Pole jest wymagane'])
    expect(failureOf(new ApiError(0, { message: 'Brak połączenia z serwerem' })).message).toBe('Brak połączenia z serwerem')
    expect(failureOf(new Error('boom'))).toMatchObject({ status: 0, message: 'boom', data: null })
  })

  it('tells "no workstation" (→ /set-workstation) from "another workstation"', () => {
    expect(isNoWorkstation(failureOf(new ApiError(403, { message: 'a', data: { workstation: null } })))).toBe(true)
    expect(isNoWorkstation(failureOf(new ApiError(403, { message: 'a', data: { workstation: DEMO_WORKSTATIONS.SRTW_01 } })))).toBe(false)
    expect(isNoWorkstation(failureOf(new ApiError(422, { message: 'a' })))).toBe(false)
  })

  it('sounds the worst message; no messages → the big success indicator', () => {
    expect(toneOf([{ text: 'a', type: 'info', duration: 1 }])).toBe('success')
    expect(toneOf([{ text: 'a', type: 'info', duration: 1 }, { text: 'b', type: 'warning', duration: 1 }])).toBe('warning')
    expect(feedback.ofReply([])).toEqual({ tone: 'success', messages: [], big: true })
    expect(feedback.merge(feedback.ofReply([]), feedback.error('x')).tone).toBe('error')
    expect(feedback.merge(feedback.ofReply([]), null)).toEqual({ tone: 'success', messages: [], big: true })
  })

  it('defaults: status 55 when offered, else the first; unknown problem → the receiving sector', () => {
    expect(defaultStatusId([DEMO_STATUSES.known, DEMO_STATUSES.received])).toBe(55)
    expect(defaultStatusId([DEMO_STATUSES.sorted, DEMO_STATUSES.known])).toBe(57)
    expect(defaultStatusId([])).toBeNull()
    expect(defaultUnknownSector(Object.values(DEMO_SECTORS), [DEMO_STATUSES.unknown])).toEqual(DEMO_SECTORS.receiving)
  })
})
