/** Passwords, e-mail lengths, sessions and sign-in protection. */

/** Validation. */
export const PASSWORD_MIN_LENGTH = 6
export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_MAX_LENGTH = 64
/** Sessions and sign-in protection; chosen here, the spec is silent. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000
/**
 * Guessing protection (OWASP ASVS V6): within the window, an account accepts this many failed
 * logins (the next attempts get 429 with Retry-After until the window ends), and one client
 * address this many attempts on any accounts (against password spraying). Password recovery
 * is limited by the same numbers, counting every request.
 */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10
export const LOGIN_MAX_ATTEMPTS_PER_ADDRESS = 100
/**
 * Lockout is not a weapon: the failures that lock (429) are counted per account and address pair,
 * so guessing someone's password from one address does not lock the owner out elsewhere. The
 * account's own failures (from every address) past LOGIN_MAX_FAILURES_PER_ACCOUNT only slow each
 * further attempt on it by this much. An admin can clear both (users list, "Odblokuj").
 */
export const LOGIN_SLOWDOWN_MS = 2_000
