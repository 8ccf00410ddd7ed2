/**
 * Generated machine paths driven on the real page. The paths come from the machine definition and its
 * samples (machines/graph/explore.ts): for every state node, the shortest path that the real page can
 * take. Each event of a path is either something the person does — the driver maps it to keys and
 * clicks — or the real server's answer to the step before it (a done/error event whose sample is
 * named after the barcode or workstation that gets that answer). After every step the page must show
 * what the machine's own connect function says it shows for the model's snapshot: a page that
 * diverges from its machine fails.
 *
 *   const driver: PathDriver = { machine, samples, input, act, answers, see }
 *   for (const path of drivablePaths(driver)) test(path.description, ({ page }) => drivePath(page, driver, path))
 */
import { type Page, expect } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { type Path, type Step, explore, keyOf } from '../../machines/graph/explore.ts'
import { type MachineSamples, sampleName } from '../../machines/graph/samples.ts'
import { stateString } from '../../machines/graph/state.ts'

export interface PathDriver {
  machine: AnyStateMachine
  samples: MachineSamples<AnyStateMachine>
  /** The sample input the page starts like (the workstation held, ...). */
  input: string
  /**
   * What the person does for `event` on the page; null when the page has no way to cause it (the path
   * is then not drivable). For an answer (done/error/after) null means the server or a timer gives it;
   * a child machine's answer the person causes (closing a window) has its action here too.
   */
  act: (event: AnyEventObject) => ((page: Page) => Promise<void>) | null
  /**
   * Is `event` (a done/error/after event) what the real server answers after `cause`, the last event
   * the person caused (undefined: the screen's start)? Answers that would change data other specs rely
   * on are simply not accepted. `before`: the model's snapshot the answer comes to (what is in flight).
   */
  answers: (event: AnyEventObject, cause: AnyEventObject | undefined, before: AnyMachineSnapshot) => boolean
  /** Asserts that the page shows `snapshot` (through the machine's connect function). */
  see: (page: Page, snapshot: AnyMachineSnapshot) => Promise<void>
}

const isAnswer = (e: AnyEventObject) => e.type.startsWith('xstate.done.') || e.type.startsWith('xstate.error.') || e.type.startsWith('xstate.after.')

/** The name of an event's sample ("RE100000004 409 deleted"), or its type. */
export const nameOf = (e: AnyEventObject | undefined) => (e ? (sampleName(e) ?? e.type) : '')

/**
 * For every state node (by its value), the shortest path from the start the real page can take:
 * breadth first over the explored graph, taking only events the driver can cause and answers the
 * server gives to what was caused. With `transitions`, also the shortest path taking each kind of
 * step (event sample) from each state once (`everyMove`: also the steps into a state reached another
 * way); with `ends`, only paths that may end where they end.
 * Sorted shortest first.
 */
export function drivablePaths(driver: PathDriver, options: { transitions?: boolean; everyMove?: boolean; ends?: (path: Path) => boolean } = {}): Path[] {
  const graph = explore(driver.machine, driver.samples, driver.input)
  const from = new Map<string, Array<{ event: AnyEventObject; to: string }>>()
  for (const e of graph.edges) from.set(e.from, [...(from.get(e.from) ?? []), { event: e.event, to: e.to }])
  const start = graph.run([])
  const startKey = keyOf(driver.samples)(start.steps[0]!.snapshot)
  type Item = { key: string; cause: AnyEventObject | undefined; events: AnyEventObject[] }
  const queue: Item[] = [{ key: startKey, cause: undefined, events: [] }]
  const visited = new Set<string>([`${startKey}|`])
  const byState = new Map<string, AnyEventObject[]>()
  const byMove = new Map<string, AnyEventObject[]>()
  const stateOf = (events: AnyEventObject[]) => {
    const s = graph.run(events).steps.at(-1)!.snapshot
    return `${stateString(s.value)}${s.status === 'active' ? '' : ` (${s.status})`}`
  }
  byState.set(stateOf([]), [])
  while (queue.length) {
    const item = queue.shift()!
    for (const { event, to } of from.get(item.key) ?? []) {
      const answer = isAnswer(event)
      if (answer ? !driver.answers(event, item.cause, graph.run(item.events).steps.at(-1)!.snapshot) : driver.act(event) === null) continue
      const cause = answer ? item.cause : event
      const seen = `${to}|${nameOf(cause)}`
      const events = [...item.events, event]
      // Each kind of step the page can take from each state, once (the first, shortest way to it);
      // with `everyMove` also a step into a state already reached another way, by its shortest path that may end there.
      const move = `${stateOf(item.events)}|${nameOf(event)}`
      const record = () =>
        options.transitions && !byMove.has(move) && (!options.everyMove || !options.ends || options.ends(graph.run(events))) && byMove.set(move, events)
      if (visited.has(seen)) {
        if (options.everyMove) record()
        continue
      }
      visited.add(seen)
      const state = stateOf(events)
      if (!byState.has(state)) byState.set(state, events)
      record()
      queue.push({ key: to, cause, events })
    }
  }
  // A path that is the beginning of a longer one is driven as part of it.
  // `ends`: may a driven path end where this one ends (not in a passing moment of the page)?
  const lists = [...byState.values(), ...byMove.values()].filter((l) => !options.ends || options.ends(graph.run(l))).sort((a, b) => b.length - a.length)
  const kept: AnyEventObject[][] = []
  for (const l of lists) if (!kept.some((k) => l.every((e, i) => k[i] === e))) kept.push(l)
  return kept.sort((a, b) => a.length - b.length).map((events) => graph.run(events))
}

/** The states a set of paths reaches (for the report of what the UI was checked in). */
export const statesOf = (paths: readonly Path[]) => [...new Set(paths.flatMap((p) => p.steps.map((s) => stateString(s.snapshot.value))))].sort()

/**
 * Drives one path on the page (already on the machine's screen): for each step, the person's action
 * (an answer needs none: the real server gives it), then the page must show the model's snapshot.
 * States the machine only passes through while waiting for an answer are checked once the answer is in.
 */
export async function drivePath(page: Page, driver: PathDriver, path: Path) {
  const steps: readonly Step[] = path.steps
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!
    if (i > 0) {
      const act = driver.act(step.event)
      if (act) await act(page)
      else if (!isAnswer(step.event)) throw new Error(`${path.description}: no way to cause ${nameOf(step.event)} on the page`)
    }
    const next = steps[i + 1]
    // Waiting for the server's answer: the page is in that state only until the answer comes.
    if (next && isAnswer(next.event) && !driver.act(next.event)) continue
    await driver.see(page, step.snapshot)
  }
}

/**
 * Scanner-speed typing (5 ms a key, then Enter) with the focus elsewhere: on the page's heading, or
 * wherever an open window holds it. Scans with the focus in a field are floor-scanner.spec.ts's and
 * floor-burst.spec.ts's.
 */
export async function scanElsewhere(page: Page, code: string) {
  if (!(await page.getByRole('dialog').count())) await page.locator('h1').first().click()
  await page.keyboard.type(code, { delay: 5 })
  await page.keyboard.press('Enter')
}

/** The next call to `url` (every call with no `times`) meets a server that cannot be reached: it stays in flight `ms`, then fails. */
export const serverDown = (page: Page, url: string, ms: number, times?: number) =>
  page.route(url, async (route) => {
    await new Promise((r) => setTimeout(r, ms))
    await route.abort('connectionrefused')
  }, times === undefined ? undefined : { times })

/** The barcodes of the scan requests the page sends to `path` (answered or not), in order. */
export function scansSent(page: Page, path: string): string[] {
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.url().includes(path) && r.method() !== 'GET') sent.push(String((r.postDataJSON() as { barcode?: string }).barcode))
  })
  return sent
}

/**
 * After a path: scans still in flight or queued are through, and every barcode typed is sent once,
 * or named on the screen's list of unprocessed barcodes. `resends`: events that send the barcode held
 * again when they start a call (a confirmation), counted as one more scan of it.
 */
export async function expectScansAccounted(page: Page, path: Path, sent: readonly string[], resends: readonly string[] = []) {
  await expect(page.getByTestId('scan-queue')).toHaveAttribute('data-count', '0')
  await expect(page.getByTestId('scan-processing')).toHaveAttribute('data-processing', 'false')
  const typed = path.steps.slice(1).flatMap(({ event, snapshot }) => {
    if (event.type === 'SCANNED') return [String(event.code)]
    return resends.includes(event.type) && snapshot.hasTag('busy') ? [String((snapshot.context as { barcode: unknown }).barcode)] : []
  })
  const listed = await page.getByTestId('scan-unprocessed').locator('[data-barcode]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.barcode))
  for (const code of new Set(typed)) {
    const times = typed.filter((c) => c === code).length
    const out = sent.filter((c) => c === code).length
    expect(out, `${code} sent at most once per scan`).toBeLessThanOrEqual(times)
    if (out < times) expect(listed, `${code} neither sent nor named`).toContain(code)
  }
}

/** The moves of a set of paths, as "state event-name" (to check that the scanner events are on some path). */
export const movesOf = (paths: readonly Path[]) => paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${stateString(p.steps[i]!.snapshot.value)} ${nameOf(s.event)}`))
