import { defineSamples, named } from './graph/samples.ts'
import { classify, SCANNER_POLICIES, scannerInputMachine, type ScannerContext, type ScannerPolicy } from './floorScannerInput.ts'

/** Codes after docs/domain.md "Numbers and barcodes" (our label, DPD number, workstation code...). */
export const codes = {
  label: '1000RE1000000011010011000001',
  ean8: '59012341',
  ean13: '5901234123457',
  /** A DPD parcel number: 14 digits, the EAN14 length. */
  dpd14: '80012345678901',
  /** A workstation code as a Polish-keyboard scanner types it: '-' for '_'. */
  workstationDashed: 'PRZJ-01',
  /** Two labels run together, cut at 35 characters (a too-fast exception length on intake). */
  run35: '1000RE1000000011010011000001' + '1000RE1',
  /** An internal instruction: text | base64 of {"client_id":1}; longer than a label. */
  instruction: 'Klient TYCHY|eyJjbGllbnRfaWQiOjF9',
} as const

/**
 * What the scanner would do with the buffer now, in a few words: the context key. The buffer grows
 * with every key; what matters is the outcome the idle timer or SUBMIT would give, so states
 * with the same outcome are one state of the model. Exception lengths keep their length (each is its
 * own rule), and a code with an underscore stays apart, so a dash-mapped code reaches the timer too.
 */
export function scannerRule(c: ScannerContext): string {
  const code = c.buffer.trim()
  if (!code) return 'empty'
  const out = classify(code, c.policy)
  // Lengths just over a label keep their length, so keys after a label reach 29, 30, 31 and 32 (intake exceptions 29 and 31).
  if (out.type === 'ALARM') return out.alarm === 'ean' ? `EAN${out.length}` : out.length <= 32 ? `too fast ${out.length}` : 'too fast'
  if (out.instruction) return 'instruction'
  if (code.length > c.policy.tooFastOver) return `exception ${code.length}`
  // A label's length stays apart: keys typed after it reach the lengths over 28.
  if (code.length === 28) return 'label length'
  return code.includes('_') ? 'code with _' : 'code'
}

const intakePolicies: readonly ScannerPolicy[] = [SCANNER_POLICIES.intake, SCANNER_POLICIES.legacyIntake]

export const scannerInputSamples = defineSamples(scannerInputMachine, {
  inputs: {
    intake: { policy: SCANNER_POLICIES.intake },
    'earlier intake variant, manual mode': { policy: SCANNER_POLICIES.legacyIntake, manual: true },
    sorting: { policy: SCANNER_POLICIES.sorting },
    search: { policy: SCANNER_POLICIES.search },
    'external inbound': { policy: SCANNER_POLICIES.externalInbound },
    workstation: { policy: SCANNER_POLICIES.workstation },
  },
  events: [
    named('7', { type: 'KEY', key: '7' }),
    named('R', { type: 'KEY', key: 'R' }),
    named('-', { type: 'KEY', key: '-' }),
    // A scanner sends Shift before capitals: not a character, ignored (never accepted).
    named('Shift', { type: 'KEY', key: 'Shift' }),
    named('label', { type: 'SET', value: codes.label }),
    named('EAN8', { type: 'SET', value: codes.ean8 }),
    named('DPD 14', { type: 'SET', value: codes.dpd14 }),
    named('PRZJ-01', { type: 'SET', value: codes.workstationDashed }),
    named('35 chars', { type: 'SET', value: codes.run35 }),
    named('instruction', { type: 'SET', value: codes.instruction }),
    named('blanks', { type: 'SET', value: '   ' }),
    { type: 'SUBMIT' },
    { type: 'CLEAR' },
    { type: 'TOGGLE_MANUAL' },
  ],
  // Manual mode is an intake feature: explored on the intake policies only; elsewhere a
  // toggle leads back to a state already explored (and manual mode works the same anyway).
  key: (c) => ({ manual: intakePolicies.includes(c.policy) ? c.manual : undefined, rule: scannerRule(c) }),
})
