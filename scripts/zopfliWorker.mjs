// A gzip copy made by Zopfli, in a worker thread of the build (vite.config.ts): both cores compress.
import { gzipAsync } from '@gfx/zopfli'

export default async ({ data, numiterations }) => Buffer.from(await gzipAsync(data, { numiterations }))
