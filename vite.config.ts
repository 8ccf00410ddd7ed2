import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { Piscina } from 'piscina'
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'

const apiPort = Number(process.env.PORT ?? 3000)

/** The built files that get compressed copies beside them (served by Accept-Encoding). */
const COMPRESSED = /\.(js|mjs|css|svg|json|html)$/
/** Zopfli iterations: more gain under 0.1 % here, at the same cost. */
const ZOPFLI_ITERATIONS = 1

/**
 * The gzip copies, made by Zopfli (@gfx/zopfli): a search for a shorter encoding than zlib's best
 * level, in the same format every browser reads (~4 % smaller: the entry chunk 128.9 → 124.1 KB).
 * It is slow, so it runs in worker threads (piscina), a file per core at once, once the bundle is
 * written; a copy not smaller than its file is not written.
 */
function zopfliGzip(): Plugin {
  let outDir = ''
  return {
    name: 'zopfli-gzip',
    apply: 'build',
    configResolved: (c) => void (outDir = resolve(c.root, c.build.outDir)),
    async writeBundle(_options, bundle) {
      const pool = new Piscina({ filename: new URL('./scripts/zopfliWorker.mjs', import.meta.url).href })
      try {
        await Promise.all(
          Object.keys(bundle)
            .filter((f) => COMPRESSED.test(f))
            .map(async (f) => {
              const file = join(outDir, f)
              const data = await readFile(file)
              const gz: Uint8Array = await pool.run({ data, numiterations: ZOPFLI_ITERATIONS })
              if (gz.byteLength < data.byteLength) await writeFile(`${file}.gz`, gz)
            }),
        )
      } finally {
        await pool.destroy()
      }
    },
  }
}

export default defineConfig({
  // Brotli and gzip copies of the built JS/CSS/SVG/JSON beside each file; the server picks one by
  // Accept-Encoding (serveStatic precompressed), so nothing is compressed per request. Small
  // chunks too (a floor screen loads a dozen under 1 KB); a copy not smaller is not written.
  // The brotli copies by the compression plugin, the gzip copies by Zopfli (zopfliGzip above).
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress'], include: COMPRESSED, threshold: 0 }),
    zopfliGzip(),
  ],
  // No source maps in the production build (they would publish the whole source).
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // The inspector panel (a QA tool behind ?inspect) imports every machine: its chunks load
    // one after another when it is opened, rather than their names riding in every page's JS.
    // Every browser the app supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false, resolveDependencies: (file, deps) => (/(^|\/)InspectorPanel-[\w-]+\.js$/.test(file) ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is one chunk: every page loads all of it
            // anyway, and one file compresses better than the dozen small ones the automatic split
            // makes (react, xstate, effect's Schema, the shared texts: ~4 KB gzip less on every page).
            { name: 'index', tags: ['$initial'], priority: 2 },
            // What every scanning screen loads and only the floor uses (the kit's machines, the scan
            // header and field, the workstation guard and scan backlog, the floor wiring and texts):
            // one chunk rather than nine. Only these modules: what they import stays in the chunks
            // other screens share. The admin screens that take the floor texts (workstations,
            // sectors, tags, scan log, shipment) load this chunk already.
            {
              name: 'floorKit',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /\/(machines\/(floorKit|floorFocusLock|floorBigIndicator|floorScanCapture|floorScanQueue)\.ts|src\/web\/views\/floor\/kit\/(ScanField|ScanHeader|BigIndicator|WorkstationGate|ScanBacklog)\.tsx|src\/web\/wiring\/(floor|floorCapture|floorHandover)\.ts|src\/contract\/messages\/(floor|floorScreens|warehouse)\.ts)$/,
            },
            // The floor's endpoints and their schemas, with the scanner input: every scanning screen and
            // the global scan listener (every staff page) load both, the listener without the kit.
            {
              name: 'floorScanner',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /\/(machines\/floorScannerInput\.ts|src\/contract\/barcodes\.ts|src\/web\/wiring\/floorDom\.ts|src\/contract\/endpoints\/(floor|warehouse|statuses)\.ts|src\/contract\/schemas\/(floor|statuses)\.ts)$/,
            },
            // The floor's constants, failures and clock: the scanning screens and the global listener all load them.
            { name: 'floorFailure', priority: 1, includeDependenciesRecursively: false, test: /\/(machines\/floorFailure\.ts|src\/contract\/constants\/warehouse\.ts|src\/web\/wiring\/floorClock\.ts)$/ },
            // A screen's own code in one chunk rather than two (its view, and its machines, which the
            // inspector panel imports too), and the scan form the intake and sorting screens share in
            // one: fewer, better-compressed files on the floor's first load (intake ~1 KB gzip less).
            {
              name: 'floorIntake',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /\/(src\/web\/views\/floor\/(IntakeScanView\.tsx|intake\/\w+\.tsx|kit\/time\.ts)|src\/web\/wiring\/floorIntake\.ts|machines\/(floorIntakeScan|floorChooseClient|floorDimensions|floorParcelPanel)\.ts)$/,
            },
            { name: 'floorClassification', priority: 1, includeDependenciesRecursively: false, test: /\/(src\/web\/views\/floor\/ClassificationView\.tsx|src\/web\/wiring\/floorClassification\.ts|machines\/floorClassification\.ts)$/ },
            { name: 'floorForm', priority: 1, includeDependenciesRecursively: false, test: /\/(src\/web\/views\/floor\/kit\/FloorForm\.tsx|machines\/floorLoading\.ts)$/ },
          ],
        },
      },
    },
  },
  // React 19 has useSyncExternalStore: the library's own non-shim entries, not its fallback for
  // React 17 (@xstate/react, wouter and @tanstack/react-store ask for the shim).
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Both cores: vitest's default on a 2-core machine is a single worker.
    maxWorkers: 2,
    projects: [
      // Machines are pure and the web tests clean up their DOM: one module graph per worker too
      // (78 → 60 s here; every file passes in any order).
      { extends: true, test: { name: 'machines', isolate: false, include: ['tests/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/web/**/*.test.ts?(x)'] } },
      // Server files build their own app on their own database and keep no module state between
      // files, so a worker loads the server's module graph once instead of once per file (the
      // import was most of each file's time). On PostgreSQL each file's database is a copy of one
      // migrated, seeded template made once per run (globalSetup).
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], isolate: false, globalSetup: ['tests/server/pgTemplate.ts'] } },
    ],
  },
})
