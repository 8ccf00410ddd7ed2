import { mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEEP_PREVIOUS, ensureBuild, sourceHash } from '../../scripts/dist.ts'
import { buildServer } from '../../src/server/server.ts'
import { seededPglite } from './support.ts'

/**
 * `npm start` builds the SPA only when its sources changed, into a fresh folder swapped in with
 * one rename of the `dist` symlink: a running server keeps answering (old build, then new) while
 * a build is written, and a page of the old build still gets its hashed chunks afterwards.
 */
let root: string
const writeSource = (text: string) => writeFileSync(join(root, 'src/web/App.tsx'), text)
/** A stand-in for vite: writes a build named after the source, index.html last. */
const fakeBuild = (label: string, during?: () => Promise<void>) => async (outDir: string) => {
  mkdirSync(join(outDir, 'assets'), { recursive: true })
  writeFileSync(join(outDir, 'assets', `chunk-${label}.js`), `console.log(${JSON.stringify(label)})`)
  await during?.()
  writeFileSync(join(outDir, 'index.html'), `<!doctype html><title>${label}</title>`)
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dist-swap-'))
  mkdirSync(join(root, 'src/web'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<div id="root"></div>')
  writeSource('A')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the build of npm start', () => {
  it('the hash follows the sources', () => {
    const a = sourceHash(root)
    expect(sourceHash(root)).toBe(a)
    writeSource('A2')
    expect(sourceHash(root)).not.toBe(a)
    writeSource('A')
    expect(sourceHash(root)).toBe(a)
  })

  it('builds once; unchanged sources are not built again', async () => {
    let builds = 0
    const first = await ensureBuild(root, async (out) => (builds++, fakeBuild('A')(out)))
    expect(first.built).toBe(true)
    expect(readlinkSync(join(root, 'dist'))).toBe(first.folder)
    const again = await ensureBuild(root, async (out) => (builds++, fakeBuild('A')(out)))
    expect(again).toMatchObject({ built: false, folder: first.folder })
    expect(builds).toBe(1)
  })

  // A seeded PGlite alone takes seconds to open, several times that beside other test files.
  it('a running server answers the old build during a rebuild, the new one after the swap, and still serves old chunks', async () => {
    const db = await seededPglite()
    const { app } = await buildServer({ port: 0, dataDir: '', publicUrl: 'http://localhost', staticDir: join(root, 'dist') }, db)
    try {
      const page = async () => {
        const res = await app.request('/')
        return { status: res.status, text: await res.text() }
      }
      expect(await page()).toEqual({ status: 200, text: expect.stringContaining('<title>A</title>') })
      writeSource('B')
      const during: { status: number; text: string }[] = []
      const b = await ensureBuild(
        root,
        fakeBuild('B', async () => {
          for (let i = 0; i < 5; i++) during.push(await page())
        }),
      )
      expect(b.built).toBe(true)
      expect(during.every((r) => r.status === 200 && r.text.includes('<title>A</title>'))).toBe(true)
      expect(await page()).toEqual({ status: 200, text: expect.stringContaining('<title>B</title>') })
      expect((await app.request('/assets/chunk-B.js')).status).toBe(200)
      // A tab opened on build A loads its lazy chunk after the swap.
      const old = await app.request('/assets/chunk-A.js')
      expect(old.status).toBe(200)
      expect(await old.text()).toContain('"A"')
      expect((await app.request('/assets/chunk-none.js')).status).toBe(404)
      // Swapping back and forth while the server answers: never anything but 200 and a whole page.
      const answers: Promise<{ status: number; text: string }>[] = []
      for (let i = 0; i < 10; i++) {
        writeSource(i % 2 ? 'B' : 'A')
        answers.push(page())
        await ensureBuild(root, fakeBuild(i % 2 ? 'B' : 'A'))
        answers.push(page())
      }
      for (const r of await Promise.all(answers)) {
        expect(r.status).toBe(200)
        expect(r.text).toMatch(/<title>[AB]<\/title>/)
      }
    } finally {
      await db.close()
    }
  }, 120_000)

  it('keeps the current build and the previous ones only', async () => {
    for (const label of ['C', 'D', 'E', 'F']) {
      writeSource(label)
      await ensureBuild(root, fakeBuild(label))
    }
    const { readdirSync } = await import('node:fs')
    expect(readdirSync(root).filter((d) => d.startsWith('dist-'))).toHaveLength(KEEP_PREVIOUS + 1)
  })
})
