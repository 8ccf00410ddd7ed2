import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'

const apiPort = Number(process.env.PORT ?? 3000)

export default defineConfig({
  // Brotli and gzip copies of the built JS/CSS/SVG/JSON beside each file; the server picks one by
  // Accept-Encoding (serveStatic precompressed), so nothing is compressed per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|html)$/, threshold: 1024 })],
  // No source maps in the production build (they would publish the whole source).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/web/**/*.test.ts?(x)'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
