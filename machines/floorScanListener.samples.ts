import { defineSamples, doneActor, errorActor, named } from './graph/samples.ts'
import { mapKey } from './floorScannerInput.ts'
import { decide, scanListenerMachine, type ScanListenerContext } from './floorScanListener.ts'

/**
 * Codes typed key by key in the model, after docs/domain.md "Numbers and barcodes", written with the
 * four characters the KEY samples offer (0, 1, R, E), so the graph stays small: every prefix of a
 * code is a state, and every state takes every key, so each character costs paths as long as the
 * code. The old (0000) label, return numbers (RE_, typed with '-') and other Sameday forms are left
 * to the tests by hand and the unit tests of `decide`.
 */
export const listenerCodes = {
  /** Our label (28 characters starting 1000, internal number at characters 5–15), then more keys: 29–31 characters. */
  labelRunOn: '1000RE1000000011010011000001' + '111',
  /** An out number: 9 and 10 characters are both on its way. */
  out: '1000000011',
  /** A Sameday waybill: a digit, 3–5 capitals, at least 4 digits (11 characters: no EAN length, no out-number length). */
  sameday: '1ERE0000000',
} as const

const typed = (code: string) => [...code].map((k) => mapKey(k) ?? '').join('')
const prefixesOf = Object.values(listenerCodes).map(typed)

/** What a buffer off the sample codes would give: its decision without the typed text. */
const ruleOf = (buffer: string): string => {
  const d = decide(buffer)
  if (d.kind === 'warn') return `warn ${d.message}`
  if (d.kind === 'label') return d.restick ? 'label to re-stick' : 'label'
  if (d.kind === 'lookup') return d.print ? 'lookup and print' : 'lookup'
  return 'ignore'
}

/**
 * The buffer itself while it is on the way to one of the sample codes (each length of a code is its
 * own state, so a code is typed to its end); any other text is kept only as the rule it falls under.
 */
export const listenerKey = (c: ScanListenerContext) => ({
  buffer: prefixesOf.some((p) => p.startsWith(c.buffer)) ? c.buffer : `(other: ${ruleOf(c.buffer)})`,
  target: c.target,
  warning: c.warning,
})

export const scanListenerSamples = defineSamples(scanListenerMachine, {
  inputs: { 'page load': undefined },
  events: [
    { type: 'ENABLE' },
    { type: 'DISABLE' },
    named('0', { type: 'KEY', key: '0' }),
    named('1', { type: 'KEY', key: '1' }),
    named('R', { type: 'KEY', key: 'R' }),
    named('E', { type: 'KEY', key: 'E' }),
    // Never accepted: a modifier key is no character.
    named('Shift', { type: 'KEY', key: 'Shift' }),
    doneActor('lookup', 'RE100000002', 'RE100000002'),
    errorActor('lookup', Object.assign(new Error('Not Found'), { status: 404, data: { message: 'parcel_search_error' } }), '404'),
  ],
  key: listenerKey,
})
