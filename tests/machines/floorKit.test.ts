import { describe, expect, it } from 'vitest'
import { WAREHOUSE } from '../../src/contract/constants/warehouse.ts'
import { ApiError } from '../../src/web/api/client.ts'
import { type FloorForm, type SectorFields, defaultStatusId, defaultUnknownSector, enterProblem, failureFeedback, feedback, formForScan, isNoWorkstation, ownIsDefault, pickSector, pickStatus, routeForWorkstation, toneOf } from '../../machines/floorKit.ts'
import { failureOf } from '../../machines/floorFailure.ts'
import { DEMO_SECTORS, DEMO_STATUSES } from '../../machines/floorIntakeScan.samples.ts'
import { DEMO_WORKSTATIONS } from '../../machines/floorWorkstation.samples.ts'

describe('floor kit', () => {
  it('sends each workstation type to its screen', () => {
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

describe('whose status and sector a scan goes with', () => {
  const sectorFields: SectorFields<FloorForm> = (s) => ({ sectorId: s?.id ?? null })
  const statuses = [DEMO_STATUSES.received, DEMO_STATUSES.known, DEMO_STATUSES.unknown]
  const form = (over: Partial<FloorForm> = {}): FloorForm => ({
    workstation: DEMO_WORKSTATIONS.PRZJ_01,
    acceptedScans: 0,
    statuses,
    sectors: Object.values(DEMO_SECTORS),
    statusTypeId: 55,
    sectorId: null,
    switching: false,
    problem: false,
    problemFor: null,
    suggestedSectorId: null,
    own: { statusTypeId: 55, sectorId: null },
    ...over,
  })
  const after = (c: FloorForm, patch: Partial<FloorForm>) => ({ ...c, ...patch })
  const suggestion = { suggested_status_type_id: DEMO_STATUSES.unknown.id, suggested_problematic_sector_id: DEMO_SECTORS.receiving.id }

  it('a suggestion is held for the barcode that got it: that barcode keeps it, any other starts from the worker’s own choice', () => {
    const problem = after(form(), enterProblem(form(), 'UNKNOWN0001', suggestion, sectorFields))
    expect(problem).toMatchObject({ problem: true, problemFor: 'UNKNOWN0001', statusTypeId: 60, sectorId: DEMO_SECTORS.receiving.id, own: { statusTypeId: 55, sectorId: null } })
    expect(formForScan(problem, 'UNKNOWN0001', sectorFields)).toEqual({})
    expect(after(problem, formForScan(problem, 'BUF00000001', sectorFields))).toMatchObject({ problem: false, problemFor: null, statusTypeId: 55, sectorId: null })
  })

  it('a status or sector picked by hand is the worker’s own choice; a sector picked for a problem parcel answers that parcel only', () => {
    const picked = after(form(), pickStatus(form(), DEMO_STATUSES.known.id, sectorFields))
    const withSector = after(picked, pickSector(picked, DEMO_SECTORS.blocked.id, sectorFields))
    expect(withSector.own).toEqual({ statusTypeId: 59, sectorId: DEMO_SECTORS.blocked.id })
    expect(ownIsDefault(withSector)).toBe(false)
    expect(formForScan(withSector, 'ANY', sectorFields)).toEqual({})
    const problem = after(form(), enterProblem(form(), 'RE100000006', { suggested_status_type_id: 59, suggested_problematic_sector_id: DEMO_SECTORS.verification.id }, sectorFields))
    const answered = after(problem, pickSector(problem, DEMO_SECTORS.blocked.id, sectorFields))
    expect([answered.sectorId, answered.own, answered.problemFor]).toEqual([DEMO_SECTORS.blocked.id, { statusTypeId: 55, sectorId: null }, 'RE100000006'])
    expect(ownIsDefault(answered)).toBe(true)
    // Picking a status by hand ends problem mode and starts from the worker's own sector.
    expect(after(problem, pickStatus(problem, 55, sectorFields))).toMatchObject({ problem: false, problemFor: null, own: { statusTypeId: 55, sectorId: null } })
  })
})
