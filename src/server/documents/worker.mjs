// Worker thread of the document pool (pool.ts). Plain JavaScript so it starts without a TypeScript
// loader in the parent; tsx loads the TypeScript job modules inside this thread.
import { tsImport } from 'tsx/esm/api'

const { documentJobs } = await tsImport('./jobs.ts', import.meta.url)

/** Runs one job: `{ name, args }` → the document's bytes. */
export default async function run({ name, args }) {
  if (!Object.hasOwn(documentJobs, name)) throw new Error(`Unknown document job ${name}`)
  return documentJobs[name](...args)
}
