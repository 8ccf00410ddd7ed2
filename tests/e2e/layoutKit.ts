/**
 * What "a screen fits its window" means, measured in the page (layout.spec, floor-layout.spec).
 */
import type { Page } from '@playwright/test'
import { OPEN_WINDOW } from '../../src/web/wiring/floorDom.ts'

/** What spills: the page's own width, and visible elements reaching past the window's right edge without a scrolling box between. */
export async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const out: string[] = []
    const doc = document.documentElement
    if (doc.scrollWidth > width) out.push(`page ${doc.scrollWidth}px wide`)
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p)
        if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX)) return true
      }
      return false
    }
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`
    }
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0) continue
      if (r.right > width + 1 && !clipped(el)) {
        // Report the outermost offender only.
        const parent = el.parentElement
        const pr = parent?.getBoundingClientRect()
        if (!parent || parent === document.body || !pr || pr.right <= width + 1 || clipped(parent)) out.push(`${describe(el)} reaches ${Math.round(r.right)}px`)
      }
      if (out.length > 8) break
    }
    return out
  })
}

/**
 * The stricter rules of a scanning screen (on top of `overflow`), within the topmost layer (an open
 * window, else the page):
 * - every field and button is seen whole: nothing (another card, a toast) lies over any part of it;
 * - nothing sticks out of its card or window box;
 * - a badge or button keeps its text on one line (not squashed);
 * - a table fits its box: no column is cut off on the right (a server listing scrolls in its own box);
 * - a toast covers no field, button or hint.
 */
export async function floorFit(page: Page): Promise<string[]> {
  return page.evaluate((openWindow) => {
    const out: string[] = []
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      const s = getComputedStyle(el)
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
    }
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id ?? ''
      const name = el.getAttribute('name')
      const text = (el.textContent ?? '').trim().slice(0, 30)
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${name ? `[name=${name}]` : ''}${text ? ` "${text}"` : ''}`
    }
    const dialogs = Array.from(document.querySelectorAll(`${openWindow}, ${openWindow} .modal`)).filter(visible)
    const layer: ParentNode = dialogs.at(-1) ?? document
    const all = <T extends Element>(sel: string) => Array.from(layer.querySelectorAll<T>(sel)).filter(visible)
    const controls = all<HTMLElement>('input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea, button:not([hidden])')
    const toasts = Array.from(document.querySelectorAll('.toast-success, .toast-error, .toast-warning, .toast-info, [class*="toast-"][role]')).filter(visible)
    const isToast = (el: Element | null) => !!el && toasts.some((t) => t.contains(el))

    // Seen whole: the points just inside each corner and the centre belong to the control itself.
    /** The nearest box that scrolls sideways (a wide table's wrapper), if any. */
    const scroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return p
      return null
    }
    for (const el of controls) {
      const r = el.getBoundingClientRect()
      // The page scrolls up and down: a control not wholly in view vertically is seen after scrolling.
      if (r.top < 0 || r.bottom > window.innerHeight) continue
      // A field of a wide table, scrolled out of its box, is reached by scrolling that box.
      const box = scroller(el)?.getBoundingClientRect()
      if (box && (r.left < box.left - 1 || r.right > box.right + 1)) continue
      const inset = 3
      const points: Array<[number, number]> = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + inset, r.top + inset],
        [r.right - inset, r.top + inset],
        [r.left + inset, r.bottom - inset],
        [r.right - inset, r.bottom - inset],
      ]
      for (const [x, y] of points) {
        if (x < 0 || x >= window.innerWidth) {
          out.push(`${describe(el)} cut off by the window's side`)
          break
        }
        const hit = document.elementFromPoint(x, y)
        if (hit && hit !== el && !el.contains(hit) && !(hit instanceof HTMLLabelElement && hit.control === el)) {
          out.push(`${describe(el)} covered by ${isToast(hit) ? 'a toast' : describe(hit)}`)
          break
        }
      }
    }

    // Nothing sticks out of its card or window box (unless the box scrolls).
    const boxes = all<HTMLElement>('.card, .floor-section, .modal, .table-wrap')
    for (const box of boxes) {
      const b = box.getBoundingClientRect()
      const s = getComputedStyle(box)
      if (s.overflowX !== 'visible' && s.overflowY !== 'visible') continue
      for (const el of Array.from(box.querySelectorAll('*')).filter(visible)) {
        const r = el.getBoundingClientRect()
        if (r.right > b.right + 1 || r.left < b.left - 1) {
          out.push(`${describe(el)} sticks out of ${describe(box).slice(0, 40)} (${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(b.left)}–${Math.round(b.right)})`)
          break
        }
      }
    }

    // A badge or button on one line: no two pieces of its text lie one under the other.
    for (const el of all<HTMLElement>('.badge, .btn')) {
      const rects: DOMRect[] = []
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        rects.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0))
      }
      const lines = rects.some((a) => rects.some((b) => b.top >= a.bottom - 2))
      if (lines || el.scrollWidth > el.clientWidth + 1) out.push(`${describe(el)} squashed (${lines ? 'text on several lines' : `${el.scrollWidth}px in ${el.clientWidth}px`})`)
    }

    // A table fits its box: no column cut off on the right. A server listing (ui/table.tsx) of many
    // columns scrolls inside its own box instead (the page does not: see overflow).
    for (const t of all<HTMLTableElement>('table').filter((t) => !t.closest('.server-table'))) {
      const box = t.parentElement!
      if (t.scrollWidth > box.clientWidth + 1) out.push(`${describe(t).slice(0, 40)} ${t.scrollWidth}px wide in a ${box.clientWidth}px box`)
    }

    // A toast covers no field, button or hint of the page.
    for (const t of toasts) {
      const tr = t.getBoundingClientRect()
      for (const el of Array.from(document.querySelectorAll('main input, main select, main textarea, main button, main .hint, .page input, .page select, .page button, .page .hint')).filter(visible)) {
        const r = el.getBoundingClientRect()
        if (r.left < tr.right && r.right > tr.left && r.top < tr.bottom && r.bottom > tr.top) {
          out.push(`a toast "${(t.textContent ?? '').trim().slice(0, 30)}" covers ${describe(el)}`)
          break
        }
      }
    }
    return [...new Set(out)]
  }, OPEN_WINDOW)
}
