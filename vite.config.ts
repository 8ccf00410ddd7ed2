import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const apiPort = Number(process.env.PORT ?? 3000)

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/web/**/*.test.ts?(x)'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
