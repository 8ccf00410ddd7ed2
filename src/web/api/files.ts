import { type Endpoint, fillPath } from '../../contract/endpoint.ts'
// The one endpoint this needs from its area's table, not the whole endpoint table.
import { scanEndpoints } from '../../contract/endpoints/floor.ts'
import { apiBase, call, request } from './client.ts'

/** The URL of an endpoint (images, files opened in a new window). */
export function apiUrl(ep: Endpoint, params?: Record<string, string | number>, query?: Record<string, string>): string {
  const q = query ? `?${new URLSearchParams(query).toString()}` : ''
  return `${apiBase()}${fillPath(ep.path, params)}${q}`
}

/** Offers a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Saves the file at `url` (same origin, e.g. with a file token) without opening a window. */
export function saveUrl(url: string) {
  const a = document.createElement('a')
  a.href = url
  a.download = ''
  document.body.appendChild(a)
  a.click()
  a.remove()
}

/** Downloads a file endpoint with the bearer token and saves it as `fileName`. */
export async function downloadFile(ep: Endpoint, params: Record<string, string | number>, fileName: string) {
  const { data } = await request(ep, undefined, params)
  saveBlob(data as Blob, fileName)
}

/**
 * Opens a file endpoint in a new window: a short-lived file token (GET app/v1/public_token) stands
 * in for the bearer token, as `?_public_token=`. The window is opened before the call, so
 * popup blockers see it as the answer to the click.
 */
export async function openWithPublicToken(ep: Endpoint, params: Record<string, string | number>) {
  const win = window.open('', '_blank')
  try {
    const { public_token } = await call(scanEndpoints.publicToken)
    const url = apiUrl(ep, params, { _public_token: public_token })
    if (win) win.location.href = url
    else window.open(url, '_blank')
  } catch (e) {
    win?.close()
    throw e
  }
}

/** Saves a file endpoint's answer without a window, with a short-lived file token in place of the bearer token (a streamed file is saved as it comes). */
export async function saveWithPublicToken(ep: Endpoint, params: Record<string, string | number>, query: Record<string, string> = {}) {
  const { public_token } = await call(scanEndpoints.publicToken)
  saveUrl(apiUrl(ep, params, { ...query, _public_token: public_token }))
}
