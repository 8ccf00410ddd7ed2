import { CLIENTS } from './constants/clients.ts'

/** Generated credentials, the same in the browser and on the server (Web Crypto). */

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const DIGITS = '0123456789'
export const PASSWORD_ALPHABET = LETTERS + DIGITS + CLIENTS.generatedPasswordSymbols

/** A uniformly drawn index below `n` (rejection sampling: no modulo bias). */
function randomIndex(n: number): number {
  const buf = new Uint32Array(1)
  const limit = Math.floor(0x1_0000_0000 / n) * n
  for (;;) {
    globalThis.crypto.getRandomValues(buf)
    if (buf[0]! < limit) return buf[0]! % n
  }
}

const draw = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomIndex(alphabet.length)]).join('')

/** 16 characters of letters, digits and ! @ # $ % & *. */
export const generatePassword = () => draw(PASSWORD_ALPHABET, CLIENTS.generatedPasswordLength)

/**
 * A username from the client's name: lowercase, spaces become hyphens, other non-word characters
 * go, at most 16 characters, padded with random digits up to at least 8.
 */
export function generateUsername(clientName: string): string {
  const base = clientName.toLowerCase().trim().replace(/\s+/g, '-').replace(/[^\w-]/g, '').slice(0, CLIENTS.usernameMaxLength)
  return base.length >= CLIENTS.usernameMinLength ? base : base + draw(DIGITS, CLIENTS.usernameMinLength - base.length)
}
