import DOMPurify, { type Config } from 'dompurify'

/**
 * What a toast's HTML may hold: text, line breaks, emphasis and links (messages joined with
 * <br>, server messages with a link). Everything else (forms, images, styles, scripts, event
 * handlers) is dropped, keeping its text; link targets must be http(s), mailto or relative.
 */
export const TOAST_HTML: Config = {
  ALLOWED_TAGS: ['a', 'br', 'b', 'strong', 'i', 'em'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#|\?)/i,
  KEEP_CONTENT: true,
}

/** A toast message's HTML reduced to text and links; `purify` is DOMPurify bound to a window. */
export function toastHtml(html: string, purify: typeof DOMPurify = DOMPurify): string {
  return purify.sanitize(html, { ...TOAST_HTML, RETURN_TRUSTED_TYPE: false })
}
