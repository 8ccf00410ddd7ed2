import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import type { DocumentJobs } from './jobs.ts'

/**
 * PDFs and XLSX files are made in a worker thread (piscina pool), so a large document never
 * holds the event loop: scans and other requests keep answering while it is laid out. One thread
 * less than the cores (at least one); the thread stays up a while after its last job, so
 * consecutive documents do not pay its start (loading pdfkit, exceljs and the fonts).
 */
let pool: Piscina | null = null
const IDLE_TIMEOUT_MS = 5 * 60_000

function documentPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: IDLE_TIMEOUT_MS,
  })
  return pool
}

/** Makes a document in the worker thread. */
export function makeDocument<K extends keyof DocumentJobs>(name: K, ...args: Parameters<DocumentJobs[K]>): Promise<Uint8Array> {
  return documentPool().run({ name, args }) as Promise<Uint8Array>
}

/** Stops the worker threads (server shutdown). */
export async function closeDocumentPool() {
  const p = pool
  pool = null
  await p?.destroy()
}
