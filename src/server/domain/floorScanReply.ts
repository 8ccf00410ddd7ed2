import { WAREHOUSE } from '../../contract/constants/warehouse.ts'
import { type ClassifyReply, type MessageType, type ResolveReply, type ScanData, type ScanMessage, type ScanReply, scanData } from '../../contract/schemas/floor.ts'
import type { FieldErrors } from '../../contract/validation.ts'
import { DomainError } from './errors.ts'

/**
 * The shape every scan answer shares (contract ScanReply / ScanErrorBody): `message`, the pop-ups
 * `messages` ({text, type, duration}) and `data` with every key present. Domain scan functions
 * return a ScanOutcome (status + body) or throw `scanError(...)`; the handler maps the status.
 */
/** Replies are built step by step in the domain; the contract types are read-only. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] extends ReadonlyArray<infer U> ? U[] : T[K] extends object | null ? Mutable<T[K]> : T[K] }

/** Codes of the intake scan that carry a body (the contract's table for parcelScan). */
export type IntakeStatus = 201 | 202 | 203 | 206 | 208

/** Nothing written (204, a repeated scan) or the workstation set (205): no body. */
export interface NoBodyOutcome {
  status: 204 | 205
  body: null
}

/** A scan answer: a code of the endpoint's table with its body, or one of the two null-body codes. */
export type ScanOutcome<B extends object = Mutable<ScanReply>, S extends number = IntakeStatus> = NoBodyOutcome | { status: S; body: B }
export type ClassifyOutcome = ScanOutcome<Mutable<ClassifyReply>, 201>
export type ResolveOutcome = ScanOutcome<Mutable<ResolveReply>, 200 | 202>

export const emptyScanData = (acceptedScans = 0) => scanData({ accepted_scans: acceptedScans }) as Mutable<ScanData>

const make = (type: MessageType) => (text: string, duration: number): ScanMessage => ({ text, type, duration })
export const say = { success: make('success'), info: make('info'), warning: make('warning'), error: make('error') }

/** A scan error whose body carries messages and the suggestions in `data`. */
export function scanError(
  status: number,
  message: string,
  opts: { data?: Partial<ScanData> & Record<string, unknown>; messages?: ScanMessage[]; errors?: FieldErrors; duration?: number } = {},
): DomainError {
  const messages = opts.messages ?? [say.error(message, opts.duration ?? WAREHOUSE.toastMs.scanError)]
  return new DomainError(status, {
    message,
    messages,
    data: { ...emptyScanData(), ...opts.data },
    ...(opts.errors ? { errors: opts.errors } : {}),
  })
}

/** Is this a Postgres unique violation (two writers raced for one row)? Same code on PGlite and pg. */
export const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505'
