/**
 * Which status and sector may go out with a barcode, read from the path itself — the events the
 * samples declare (what was scanned, what the fake server answered, what the worker picked) — never
 * from the machine's context or a second implementation of it.
 *
 * The rule checked (the floor's "a suggestion belongs to its barcode"): a status or sector goes out
 * with barcode B only if the worker picked it (or the status brings it), it is the screen's default,
 * or an answer FOR B suggested it. A suggestion given to another barcode never rides along. When the
 * worker touched nothing and B was never given a suggestion, exactly the default goes out.
 */
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { Path } from '../../machines/graph/explore.ts'
import type { Invocation } from '../../machines/graph/replay.ts'
import { failureOf } from '../../machines/floorFailure.ts'

export interface Sent {
  barcode: string
  status: number | null
  sector: number | null
}

export interface LedgerRules {
  /** The invoked actor that carries a scan to the server. */
  scanSrc: string
  /** Its input as barcode, status, sector. */
  read: (input: unknown) => Sent
  defaultStatus: number
  /** Statuses a sector goes out with (known and unknown problem). */
  problemStatuses: readonly number[]
  /** The sector a status brings when it is picked or suggested without one (unknown problem → receiving). */
  brought: Readonly<Record<number, number>>
  /** Events by which the worker picks a status and sector for the last scanned parcel (sorting's CONFIRM). */
  decides?: Readonly<Record<string, { status: number; sector: number | null }>>
}

interface Suggestion {
  status: number | null
  sector: number | null
}

type Data = { suggested_status_type_id?: number | null; suggested_problematic_sector_id?: number | null } | null | undefined

const suggestionOf = (d: Data): Suggestion | null =>
  d && (d.suggested_status_type_id != null || d.suggested_problematic_sector_id != null)
    ? { status: d.suggested_status_type_id ?? null, sector: d.suggested_problematic_sector_id ?? null }
    : null

/** What the path declared up to (not including) step `index`. */
function history(path: Path, index: number, rules: LedgerRules) {
  let scanned: string | null = null
  let touched = false
  const suggested = new Map<string, Suggestion[]>()
  const statuses = new Set<number>([rules.defaultStatus])
  const sectors = new Set<number>()
  const remember = (s: Suggestion | null) => {
    if (!s || scanned === null) return
    suggested.set(scanned, [...(suggested.get(scanned) ?? []), s])
  }
  // Scans typed while one was in flight wait in a queue; each becomes the scanned barcode when it goes.
  const queued: string[] = []
  for (const [k, { event }] of path.steps.slice(0, index).entries()) {
    const e = event as AnyEventObject & Record<string, unknown>
    const busy = k > 0 && path.steps[k - 1]!.snapshot.hasTag('busy')
    if (e.type === 'SCANNED' && busy) queued.push(e.code as string)
    else if (e.type.startsWith('xstate.after.queueNext')) scanned = queued.shift() ?? scanned
    else if (e.type === 'SCANNED') scanned = e.code as string
    else if (e.type === 'xstate.done.actor.chooseClient') scanned = (e.output as { barcode: string | null }).barcode ?? scanned
    else if (e.type === `xstate.done.actor.${rules.scanSrc}`) remember(suggestionOf((e.output as { data?: { data?: Data } | null }).data?.data))
    else if (e.type === `xstate.error.actor.${rules.scanSrc}`) remember(suggestionOf(failureOf(e.error).data as Data))
    else if (e.type === 'SET_STATUS') {
      touched = true
      statuses.add(e.statusTypeId as number)
    } else if (e.type === 'SET_SECTOR') {
      touched = true
      if (e.sectorId != null) sectors.add(e.sectorId as number)
    } else if (rules.decides?.[e.type]) {
      touched = true
      statuses.add(rules.decides[e.type]!.status)
      if (rules.decides[e.type]!.sector !== null) sectors.add(rules.decides[e.type]!.sector!)
    }
  }
  // The barcode the next queued scan sends.
  return { scanned, touched, suggested, statuses, sectors, next: queued[0] ?? null }
}

let asserted = 0
/** How many scans sent along the paths were checked (reported by the tests). */
export const scansAsserted = () => asserted

/**
 * Checks every scan the step sent. `barcode`: the code this step declares (the SCANNED code, the
 * barcode handed back with the chosen client); by default the last scanned one.
 */
export function expectScansBelongToBarcode(path: Path, index: number, invoked: readonly Invocation[], rules: LedgerRules, barcode?: string | null) {
  const scans = invoked.filter((i) => i.src === rules.scanSrc)
  if (!scans.length) return
  const h = history(path, index, rules)
  const ev = path.steps[index]!.event as AnyEventObject & Record<string, unknown>
  const own = ev.type === 'SCANNED' ? (ev.code as string) : ev.type.startsWith('xstate.after.queueNext') ? h.next : barcode ?? h.scanned
  for (const i of scans) {
    asserted++
    const s = rules.read(i.input)
    expect(s.barcode, 'the scan goes out with the barcode just scanned').toBe(own)
    const mine = h.suggested.get(s.barcode) ?? []
    if (s.status !== null && !h.statuses.has(s.status) && !(rules.decides?.[ev.type]?.status === s.status)) {
      expect(mine.map((x) => x.status), `status ${s.status} was neither picked nor suggested for ${s.barcode}`).toContain(s.status)
    }
    if (s.status === null || !rules.problemStatuses.includes(s.status)) expect(s.sector, 'a sector goes out only with a problem status').toBeNull()
    else if (s.sector !== null && !h.sectors.has(s.sector) && rules.brought[s.status] !== s.sector && rules.decides?.[ev.type]?.sector !== s.sector) {
      expect(mine.map((x) => x.sector), `sector ${s.sector} was neither picked nor suggested for ${s.barcode}`).toContain(s.sector)
    }
    if (!h.touched && mine.length === 0 && !rules.decides?.[ev.type]) expect([s.status, s.sector], 'untouched form, no suggestion for this barcode').toEqual([rules.defaultStatus, null])
  }
}

// ---- every barcode typed is sent once, refused naming it, or waiting in the queue ------------------

interface QueueContext {
  queue: ReadonlyArray<{ code: string }>
  unprocessed: ReadonlyArray<{ barcode: string; reason: string }>
}

/**
 * The scanner's ledger along one path: the barcodes typed (SCANNED events) that were neither sent
 * (an invocation of `scanSrc` with that barcode) nor refused (a new entry on the screen's list of
 * unprocessed barcodes, which names it) must be exactly the queue the screen shows. A barcode is sent
 * a second time only by the events in `resends` (the barcode that waited for its client). Reasons in
 * `afterSending` list a barcode already sent (the server unreachable, a hand-over cancelled).
 */
export function scanAccounting(rules: { scanSrc: string; barcodeOf: (input: unknown) => string; resends?: readonly string[]; afterSending: readonly string[] }) {
  let typed: string[] = []
  const take = (code: string) => {
    const at = typed.indexOf(code)
    if (at >= 0) typed.splice(at, 1)
    return at >= 0
  }
  return (event: AnyEventObject, invoked: readonly Invocation[], c: QueueContext, before: QueueContext | undefined) => {
    if (event.type === 'xstate.init') typed = []
    if (event.type === 'SCANNED') typed.push(event.code as string)
    // A resend (the barcode that waited for its client, the unknown problem confirmed for the last parcel) is no new scan.
    if (!rules.resends?.includes(event.type)) {
      for (const i of invoked.filter((x) => x.src === rules.scanSrc)) {
        const b = rules.barcodeOf(i.input)
        expect(take(b), `${b} sent a second time`).toBe(true)
      }
    }
    // A scan refused as it comes is that one copy; the queue refused at once names every copy that waited.
    const one = event.type === 'SCANNED' || event.type.startsWith('xstate.after.queueNext')
    for (const u of c.unprocessed.filter((x) => !before?.unprocessed.includes(x))) {
      if (rules.afterSending.includes(u.reason)) continue
      if (one) take(u.barcode)
      else while (take(u.barcode));
    }
    expect([...typed].sort(), 'a typed barcode neither sent, refused nor queued').toEqual(c.queue.map((q) => q.code).sort())
  }
}
