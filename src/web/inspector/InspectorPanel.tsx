/**
 * The in-app inspector panel: live actors, state and context, the events the state accepts (send them,
 * with an editable payload), the shortest path to any state of a registered machine and its replay on
 * a fresh actor. The inspector machine (machines/inspector.ts) holds the panel's state; this renders
 * its props. Plain React with inline styles (independent of the app's UI kit); works offline.
 */
import { useMemo, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react'
import { useMachine } from '@xstate/react'
import type { AnyMachineSnapshot } from 'xstate'
import { toJson } from '../../../machines/graph/describe.ts'
import { stateString } from '../../../machines/graph/state.ts'
import { machines, registered } from '../../../machines/index.ts'
import { connectInspector } from '../../../machines/inspector.ts'
import { acceptedEvents, pathLines, stateTargets, type AcceptedEvent } from './core.ts'
import { inspectRemembered } from './hook.ts'
import { registry } from './live.ts'
import { inspectorLogic } from './panel.ts'
import type { LiveActor } from './registry.ts'
import { statelyOn } from './stately.ts'

/** Labels of the panel (a QA tool: not part of the spec's message catalogue). */
const L = {
  title: 'Inspektor maszyn',
  open: 'XState',
  hide: 'Zwiń',
  remember: 'Pamiętaj po przeładowaniu',
  stately: 'Stately Inspector (wymaga sieci)',
  statelyFailed: 'Nie udało się uruchomić Stately Inspector.',
  actors: 'Aktorzy',
  allActors: 'także aktorzy niebędący maszynami',
  noActors: 'Brak aktorów. Aplikacja uruchamia je z opcją { inspect }.',
  state: 'Stan',
  onPage: 'Na stronie (data-state)',
  notOnPage: 'brak elementu z data-machine',
  context: 'Kontekst',
  events: 'Zdarzenia akceptowane w tym stanie',
  noEvents: 'Żadne (stan końcowy lub zatrzymany).',
  guardSays: 'warunek nie pozwala',
  synthetic: 'wynik aktora / zegar',
  edit: 'edytuj',
  payload: 'Zdarzenie (JSON)',
  send: 'Wyślij',
  stop: 'Zatrzymaj',
  path: 'Najkrótsza ścieżka do stanu',
  machine: 'Maszyna',
  input: 'Start',
  anyInput: 'dowolny',
  target: 'Stan docelowy',
  transient: 'przejściowy',
  find: 'Szukaj ścieżki',
  unreachable: 'Stan nieosiągalny z tymi próbkami zdarzeń.',
  replay: 'Odtwórz na nowym aktorze',
  log: 'Ostatnie zdarzenia',
} as const

const css = {
  panel: {
    position: 'fixed',
    right: 8,
    bottom: 8,
    width: 460,
    maxHeight: '80vh',
    overflow: 'auto',
    background: '#111827',
    color: '#e5e7eb',
    font: '12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    borderRadius: 6,
    boxShadow: '0 4px 24px rgba(0,0,0,.4)',
    zIndex: 2147483000,
    padding: 8,
  },
  opener: {
    position: 'fixed',
    right: 8,
    bottom: 8,
    zIndex: 2147483000,
    background: '#111827',
    color: '#e5e7eb',
    border: '1px solid #374151',
    borderRadius: 6,
    padding: '4px 8px',
    font: '12px ui-monospace, monospace',
    cursor: 'pointer',
  },
  h: { margin: '10px 0 4px', fontSize: 12, fontWeight: 700, color: '#93c5fd' },
  row: { display: 'flex', gap: 6, alignItems: 'baseline', padding: '2px 4px', cursor: 'pointer', borderRadius: 3 },
  selected: { background: '#1f2937' },
  dim: { color: '#9ca3af' },
  warn: { color: '#fbbf24' },
  err: { color: '#f87171', whiteSpace: 'pre-wrap' },
  ok: { color: '#86efac' },
  btn: {
    background: '#1f2937',
    color: '#e5e7eb',
    border: '1px solid #4b5563',
    borderRadius: 3,
    padding: '1px 6px',
    font: 'inherit',
    cursor: 'pointer',
  },
  pre: { margin: 0, padding: 6, background: '#0b1220', borderRadius: 3, overflow: 'auto', maxHeight: 240 },
  select: { background: '#0b1220', color: '#e5e7eb', border: '1px solid #4b5563', font: 'inherit', maxWidth: 260 },
  textarea: { width: '100%', minHeight: 70, background: '#0b1220', color: '#e5e7eb', border: '1px solid #4b5563', font: 'inherit' },
} satisfies Record<string, CSSProperties>

const isMachineSnapshot = (s: unknown): s is AnyMachineSnapshot => !!s && typeof s === 'object' && 'value' in s && '_nodes' in s

function actorState(a: LiveActor): string {
  const s = a.snapshot
  if (isMachineSnapshot(s)) return stateString(s.value) + (s.status === 'active' ? '' : ` (${s.status})`)
  return s.status
}

/** Roots first, each followed by its children (depth for indentation). */
function tree(actors: LiveActor[], all: boolean): Array<{ actor: LiveActor; depth: number }> {
  const shown = all ? actors : actors.filter((a) => a.machineId)
  const ids = new Set(shown.map((a) => a.sessionId))
  const out: Array<{ actor: LiveActor; depth: number }> = []
  const visit = (a: LiveActor, depth: number) => {
    out.push({ actor: a, depth })
    for (const c of shown) if (c.parentSessionId === a.sessionId) visit(c, depth + 1)
  }
  for (const a of shown) if (!a.parentSessionId || !ids.has(a.parentSessionId)) visit(a, 0)
  return out
}

type Panel = ReturnType<typeof connectInspector>

export function InspectorPanel(): ReactNode {
  const { actors, log } = useSyncExternalStore(registry.subscribe, registry.getState, registry.getState)
  const [state, send] = useMachine(inspectorLogic, { input: { remembered: inspectRemembered(), statelyOn: statelyOn() } })
  const current = actors.find((a) => a.sessionId === state.context.selected) ?? actors.find((a) => a.machineId && !a.parentSessionId)
  const p = connectInspector(state, send, {
    machineId: current?.machineId && registered(current.machineId) ? current.machineId : Object.keys(machines)[0]!,
    target: (id) => {
      const entry = registered(id)
      return entry ? (stateTargets(entry.machine)[0]?.id ?? '') : ''
    },
  })

  if (!p.open)
    return (
      <button type="button" style={css.opener} onClick={p.openPanel} data-inspector="opener">
        {L.open} ({actors.filter((a) => a.machineId).length})
      </button>
    )

  return (
    <aside style={css.panel} data-inspector="panel" aria-label={L.title}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>{L.title}</strong>
        <button type="button" style={css.btn} onClick={p.fold}>
          {L.hide}
        </button>
      </div>
      <label style={{ display: 'block' }}>
        <input type="checkbox" checked={p.remembered} onChange={(e) => p.remember(e.target.checked)} /> {L.remember}
      </label>
      <label style={{ display: 'block' }}>
        <input type="checkbox" checked={p.statelyOn} onChange={(e) => p.stately(e.target.checked)} /> {L.stately}
      </label>
      {p.statelyFailed && <div style={css.err}>{L.statelyFailed}</div>}

      <h4 style={css.h}>{L.actors}</h4>
      <label style={{ display: 'block', ...css.dim }}>
        <input type="checkbox" checked={p.all} onChange={(e) => p.showAll(e.target.checked)} /> {L.allActors}
      </label>
      {actors.length === 0 && <div style={css.dim}>{L.noActors}</div>}
      {tree(actors, p.all).map(({ actor, depth }) => (
        <div
          key={actor.sessionId}
          style={{ ...css.row, ...(actor === current ? css.selected : {}), paddingLeft: 4 + depth * 14 }}
          onClick={() => p.select(actor.sessionId)}
          onMouseEnter={() => p.hover(actor.machineId ?? null)}
          onMouseLeave={() => p.hover(null)}
          data-inspector-actor={actor.machineId ?? actor.id}
        >
          <span style={css.ok}>{actor.machineId ?? '·'}</span>
          <span style={css.dim}>{actor.id}</span>
          <span>{actorState(actor)}</span>
          {actor.note && <span style={css.warn}>{actor.note}</span>}
        </div>
      ))}

      {current && <ActorDetail actor={current} p={p} />}

      <PathFinder p={p} />

      <details>
        <summary style={{ ...css.h, cursor: 'pointer' }}>{L.log}</summary>
        {log
          .slice(-30)
          .reverse()
          .map((e) => (
            <div key={e.seq} style={css.dim}>
              {e.fromId ? `${e.fromId} → ` : ''}
              {e.actorId}: <span style={{ color: '#e5e7eb' }}>{e.event.type}</span>
            </div>
          ))}
      </details>
    </aside>
  )
}

function ActorDetail({ actor, p }: { actor: LiveActor; p: Panel }): ReactNode {
  const snapshot = actor.snapshot as AnyMachineSnapshot
  const machine = isMachineSnapshot(snapshot)
  const samples = actor.machineId ? registered(actor.machineId)?.samples : undefined
  const events: AcceptedEvent[] = machine ? acceptedEvents(snapshot, samples) : []
  const onPage =
    machine && actor.machineId && typeof document !== 'undefined'
      ? [...document.querySelectorAll(`[data-machine="${CSS.escape(actor.machineId)}"]`)].map((el) => el.getAttribute('data-state') ?? '')
      : []
  const now = machine ? stateString(snapshot.value) : ''

  return (
    <section>
      <h4 style={css.h}>
        {actor.machineId ?? actor.id} <span style={css.dim}>({actor.id})</span>
        {actor.note && !actor.parentSessionId && (
          <button type="button" style={{ ...css.btn, marginLeft: 8 }} onClick={() => p.stop(actor.sessionId)}>
            {L.stop}
          </button>
        )}
      </h4>
      <div>
        {L.state}: <strong>{actorState(actor)}</strong>
      </div>
      {machine && actor.machineId && !actor.note && (
        <div style={css.dim}>
          {L.onPage}:{' '}
          {onPage.length === 0
            ? L.notOnPage
            : onPage.map((s, i) => (
                <span key={i} style={s === now ? css.ok : css.warn}>
                  {s || '""'}{' '}
                </span>
              ))}
        </div>
      )}
      {machine && (
        <details>
          <summary style={{ cursor: 'pointer' }}>{L.context}</summary>
          <pre style={css.pre}>{toJson(snapshot.context, 2)}</pre>
        </details>
      )}
      {machine && (
        <>
          <div style={{ marginTop: 6 }}>{L.events}:</div>
          {events.length === 0 && <div style={css.dim}>{L.noEvents}</div>}
          {events.map((e, i) => (
            <div key={`${e.type}-${i}`} style={{ display: 'flex', gap: 4, alignItems: 'baseline', marginTop: 2 }}>
              <button type="button" style={{ ...css.btn, opacity: e.enabled ? 1 : 0.5 }} onClick={() => p.sendTo(actor.sessionId, e.event)} title={toJson(e.event)}>
                ▶ {e.label}
              </button>
              <button type="button" style={css.btn} onClick={() => p.setDraft(toJson(e.event, 2))}>
                {L.edit}
              </button>
              {!e.enabled && <span style={css.warn}>{L.guardSays}</span>}
              {e.synthetic && <span style={css.dim}>{L.synthetic}</span>}
            </div>
          ))}
          <div style={{ marginTop: 6 }}>{L.payload}:</div>
          <textarea style={css.textarea} value={p.draft} onChange={(e) => p.setDraft(e.target.value)} spellCheck={false} />
          <button type="button" style={css.btn} onClick={() => p.sendDraft(actor.sessionId)} disabled={!p.draft.trim()}>
            {L.send}
          </button>
          {p.draftError && <div style={css.err}>{p.draftError}</div>}
        </>
      )}
    </section>
  )
}

function PathFinder({ p }: { p: Panel }): ReactNode {
  const { machineId, inputName, target } = p.query
  const entry = registered(machineId)
  const targets = useMemo(() => (entry ? stateTargets(entry.machine) : []), [entry])
  if (!entry) return null

  return (
    <section>
      <h4 style={css.h}>{L.path}</h4>
      <div style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 4, alignItems: 'center' }}>
        <span>{L.machine}</span>
        <select style={css.select} value={machineId} onChange={(e) => p.pickMachine(e.target.value)}>
          {Object.keys(machines).map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
        <span>{L.input}</span>
        <select style={css.select} value={inputName} onChange={(e) => p.pickInput(e.target.value)}>
          <option value="">{L.anyInput}</option>
          {Object.keys(entry.samples.inputs).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <span>{L.target}</span>
        <select style={css.select} value={target} onChange={(e) => p.pickTarget(e.target.value)}>
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {t.path}
              {t.transient ? ` (${L.transient})` : ''}
            </option>
          ))}
        </select>
      </div>
      <div style={{ marginTop: 4, display: 'flex', gap: 4 }}>
        <button type="button" style={css.btn} onClick={p.find}>
          {L.find}
        </button>
        <button type="button" style={css.btn} onClick={p.replay} disabled={!p.canReplay}>
          {L.replay}
        </button>
      </div>
      {p.unreachable && <div style={css.warn}>{L.unreachable}</div>}
      {p.path && (
        <ol start={0} style={{ margin: '4px 0', paddingLeft: 22 }}>
          {pathLines(p.path).map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      )}
      {p.message && <div style={p.messageOk ? css.ok : css.err}>{p.message}</div>}
    </section>
  )
}
