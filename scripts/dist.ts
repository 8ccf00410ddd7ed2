/**
 * The built SPA for `npm start`: built only when its sources changed, into a fresh folder that is
 * swapped in atomically, so a running server keeps answering during a rebuild.
 *
 * - The sources' hash (sha256 over the path and content of every file under src/web,
 *   src/contract, machines, plus index.html, vite.config.ts with its gzip worker and package-lock.json) names the
 *   build folder `dist-<hash12>`. `dist` is a symlink to the current one.
 * - Same hash and the folder is complete (its `.source-hash` marker, written after the build, matches) → nothing is built.
 * - Otherwise vite builds into `dist-<hash12>.tmp-<pid>`, which is renamed to `dist-<hash12>`, and
 *   a new symlink is renamed over `dist` (rename(2) replaces it in one step: a server reading
 *   `dist/...` sees the old build or the new one, never a half-written one).
 * - The two previous builds are kept (a page loaded before the swap still finds its lazy chunks
 *   there; the server looks up unknown /assets/ names in them), older ones are removed.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** What the bundle is made from, relative to the project root. */
export const BUILD_INPUTS = ['src/web', 'src/contract', 'machines', 'index.html', 'vite.config.ts', 'scripts/zopfliWorker.mjs', 'package-lock.json'] as const
/** The file in a build folder that says which sources it was built from. */
const MARKER = '.source-hash'
/** Builds kept besides the current one. */
export const KEEP_PREVIOUS = 2

function files(root: string, path: string): string[] {
  const full = join(root, path)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [path]
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, join(path, name)))
}

/** sha256 over every input file's path and content, hex. */
export function sourceHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const h = createHash('sha256')
  for (const f of inputs.flatMap((i) => files(root, i))) {
    h.update(f.replaceAll('\\', '/') + '\0')
    h.update(readFileSync(join(root, f)))
    h.update('\0')
  }
  return h.digest('hex')
}

/** Points `link` at `target` (a sibling folder name) in one rename; a real folder there is moved aside first. */
export function swapLink(link: string, target: string) {
  const dir = join(link, '..')
  let st = null
  try {
    st = lstatSync(link)
  } catch {}
  if (st && !st.isSymbolicLink()) {
    // The layout before this script: a plain dist/ folder. Moved aside once (a moment without dist).
    renameSync(link, join(dir, `dist-legacy-${Date.now()}`))
  }
  const tmp = `${link}.link-${process.pid}`
  rmSync(tmp, { force: true })
  symlinkSync(target, tmp)
  renameSync(tmp, link)
}

/** The build folder `dist` points at, or null. */
export function currentBuild(link: string): string | null {
  try {
    return readlinkSync(link)
  } catch {
    return null
  }
}

/** Removes build folders other than the current one and the KEEP_PREVIOUS newest others. */
export function prune(root: string, current: string) {
  const builds = readdirSync(root)
    // Finished builds only: another start's folder still being built (.tmp-) is left alone.
    .filter((d) => /^dist-[\w-]+$/.test(d) && !d.includes('.tmp-') && d !== current)
    .map((d) => ({ d, t: lstatSync(join(root, d)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
  for (const { d } of builds.slice(KEEP_PREVIOUS)) rmSync(join(root, d), { recursive: true, force: true })
}

/**
 * Makes `dist` current for the sources in `root`: builds only when their hash changed. `build`
 * writes a complete build into the folder it is given (vite by default). Returns what it did.
 */
export async function ensureBuild(
  root: string,
  build: (outDir: string) => void | Promise<void> = (outDir) => {
    const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (r.status !== 0) throw new Error(`vite build failed (${r.status})`)
  },
): Promise<{ built: boolean; folder: string; ms: number }> {
  const t0 = Date.now()
  const link = join(root, 'dist')
  const hash = sourceHash(root)
  const folder = `dist-${hash.slice(0, 12)}`
  // Written after a complete build; a plain `vite build` into dist/ (through the link) empties the
  // folder first and so removes it: that folder is built again rather than trusted.
  const marker = join(root, folder, MARKER)
  const complete = existsSync(join(root, folder, 'index.html')) && existsSync(marker) && readFileSync(marker, 'utf8') === hash
  if (complete && currentBuild(link) === folder) return { built: false, folder, ms: Date.now() - t0 }
  if (!complete) {
    const tmp = `${folder}.tmp-${process.pid}`
    rmSync(join(root, tmp), { recursive: true, force: true })
    await build(join(root, tmp))
    writeFileSync(join(root, tmp, MARKER), hash)
    rmSync(join(root, folder), { recursive: true, force: true })
    renameSync(join(root, tmp), join(root, folder))
  }
  swapLink(link, folder)
  prune(root, folder)
  return { built: !complete, folder: relative(root, join(root, folder)), ms: Date.now() - t0 }
}
