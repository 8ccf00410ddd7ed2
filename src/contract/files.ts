/**
 * Names of the files the server sends (Content-Disposition) and the browser saves under, one rule
 * for both sides.
 */

/** Letters, digits, `_`, `.`, `-`; anything else becomes one `_`; at most 120 characters. */
export const safeFileName = (s: string) => s.replace(/[^\p{L}\p{N}_.-]+/gu, '_').replace(/_+/g, '_').slice(0, 120)

/** A tag PDF (POST app/v1/tag) is named from its type and value: `workstation_PRBL_01.pdf`. */
export const tagFileName = (type: string, value: string | number) => `${safeFileName(`${type}_${String(value).trim()}`)}.pdf`
