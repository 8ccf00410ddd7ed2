import { useSyncExternalStore } from 'react'
import type { Tone } from '../../../machines/floorKit.ts'
import { sessionActor } from '../wiring/session.ts'

/**
 * Tones of the scanning screens (issue "Warehouse floor": distinct sounds for success, warning and
 * error; Web Audio, no sound files; a mute switch remembered per user). Someone who scans all day
 * must tell the three apart without looking: success is a short rising pair, warning two equal
 * middle beeps, error a long low buzz.
 */

/** localStorage key of the mute switch, per user id. */
export const SOUND_MUTED_KEY = 'scan-sound-muted'
const keyFor = (userId: number | null) => `${SOUND_MUTED_KEY}:${userId ?? 'anonymous'}`

interface Note {
  hz: number
  ms: number
  wave: OscillatorType
}
const TONES: Readonly<Record<Tone, readonly Note[]>> = {
  success: [
    { hz: 880, ms: 90, wave: 'sine' },
    { hz: 1320, ms: 140, wave: 'sine' },
  ],
  warning: [
    { hz: 660, ms: 160, wave: 'triangle' },
    { hz: 660, ms: 160, wave: 'triangle' },
  ],
  error: [{ hz: 180, ms: 550, wave: 'square' }],
}
/** Silence between two notes of a tone, and the loudness (0–1). */
const GAP_MS = 60
const VOLUME = 0.18

declare global {
  interface Window {
    /** Older Safari names the constructor with a prefix. */
    webkitAudioContext?: typeof AudioContext
  }
}

let audio: AudioContext | null = null
function context(): AudioContext | null {
  if (typeof window === 'undefined') return null
  const Ctor = window.AudioContext ?? window.webkitAudioContext
  if (!Ctor) return null
  audio ??= new Ctor()
  if (audio.state === 'suspended') void audio.resume().catch(() => {})
  return audio
}

const currentUserId = () => sessionActor.getSnapshot().context.session?.userId ?? null

export function isMuted(userId: number | null = currentUserId()): boolean {
  try {
    return localStorage.getItem(keyFor(userId)) === '1'
  } catch {
    return false
  }
}

const listeners = new Set<() => void>()
export function setMuted(muted: boolean, userId: number | null = currentUserId()) {
  try {
    if (muted) localStorage.setItem(keyFor(userId), '1')
    else localStorage.removeItem(keyFor(userId))
  } catch {
    // storage unavailable: the switch lasts for this page only
  }
  listeners.forEach((l) => l())
}

/** The mute switch of the signed-in user, kept in sync across components. */
export function useSoundMuted(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
    () => isMuted(),
  )
  return [muted, (m) => setMuted(m)]
}

let played = 0
/**
 * Plays a tone (unless muted). The last tone is written to `data-last-tone` on <body> ("success:3")
 * so QA and the e2e tests can tell which sound a scan made.
 */
export function play(tone: Tone) {
  if (typeof document !== 'undefined') document.body.dataset.lastTone = `${tone}:${++played}`
  if (isMuted()) return
  const ctx = context()
  if (!ctx) return
  try {
    let at = ctx.currentTime
    for (const note of TONES[tone]) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = note.wave
      osc.frequency.setValueAtTime(note.hz, at)
      const end = at + note.ms / 1000
      gain.gain.setValueAtTime(0.0001, at)
      gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.01)
      gain.gain.setValueAtTime(VOLUME, end - 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, end)
      osc.connect(gain).connect(ctx.destination)
      osc.start(at)
      osc.stop(end + 0.01)
      at = end + GAP_MS / 1000
    }
  } catch {
    // no audio device: the toasts still say it
  }
}
