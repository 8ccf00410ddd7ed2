/**
 * The layer boundaries (.dependency-cruiser.cjs) checked on the import graph of src/ and machines/:
 * `npm run lint:deps` prints every broken rule and exits 1.
 *
 * dependency-cruiser parses TypeScript only through the `typescript` package's JavaScript API,
 * which TypeScript 7 does not ship. So each file is first turned into JavaScript with esbuild
 * (type-only imports kept as imports: a type is a dependency too) in a mirror folder, and the
 * mirror is cruised; paths are reported as the source's.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { execFileSync } from 'node:child_process'
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser'
import { transformSync } from 'esbuild'

const ROOT = resolve(import.meta.dirname, '..')
const SCANNED = ['src', 'machines']

export interface Violation {
  rule: string
  from: string
  to: string
  /** For a cycle: the modules around it, starting at `from`. */
  cycle?: string[]
}

/** `import type {…} from` and `export type {…} from` as plain imports, so esbuild keeps the edge. */
const keepTypeImports = (code: string) =>
  code.replace(/\b(import|export)\s+type\s+(\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+/g, '$1 $2 from ')

/** Relative `.ts`/`.tsx` specifiers as the mirror's `.js` files. */
const toJsSpecifiers = (code: string) => code.replace(/(['"])(\.{1,2}\/[^'"]*?)\.tsx?\1/g, '$1$2.js$1')

const mirrorName = (file: string) => file.replace(/\.tsx?$/, '.js')

/**
 * Checks the boundaries on the repository's sources plus `extra` files (path → TypeScript source),
 * which stand beside or in place of the real ones: a test plants a violation this way.
 */
export async function checkBoundaries(extra: Record<string, string> = {}): Promise<Violation[]> {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...SCANNED], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
  const sources = new Map<string, string>()
  for (const file of tracked) {
    try {
      sources.set(file, readFileSync(join(ROOT, file), 'utf8'))
    } catch {
      // listed by git but deleted in the work tree
    }
  }
  for (const [file, code] of Object.entries(extra)) sources.set(file, code)

  const mirror = mkdtempSync(join(tmpdir(), 'lint-deps-'))
  const original = new Map<string, string>()
  try {
    for (const [file, code] of sources) {
      const out = mirrorName(file)
      if (original.has(out)) throw new Error(`${file} and ${original.get(out)} share the mirror file ${out}`)
      original.set(out, file)
      const js = transformSync(keepTypeImports(code), {
        loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
        format: 'esm',
        jsx: 'automatic',
        sourcefile: file,
        tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
      }).code
      mkdirSync(dirname(join(mirror, out)), { recursive: true })
      writeFileSync(join(mirror, out), toJsSpecifiers(js))
    }
    const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: IForbiddenRuleType[] }
    const result = await cruise(SCANNED, {
      baseDir: mirror,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      moduleSystems: ['es6'],
    })
    const output: ICruiseResult = typeof result.output === 'string' ? JSON.parse(result.output) : result.output
    const name = (p: string) => original.get(p) ?? p
    return output.summary.violations.map((v) => ({
      rule: v.rule.name,
      from: name(v.from),
      to: name(v.to),
      ...(v.cycle ? { cycle: [name(v.from), ...v.cycle.map((c) => name(c.name))] } : {}),
    }))
  } finally {
    rmSync(mirror, { recursive: true, force: true })
  }
}

export const describeViolation = (v: Violation) =>
  v.cycle ? `${v.rule}: ${v.cycle.join(' → ')}` : `${v.rule}: ${v.from} → ${v.to}`

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const violations = await checkBoundaries()
  for (const v of violations) console.error(`✘ ${describeViolation(v)}`)
  console.log(violations.length ? `${violations.length} boundary violation(s) (.dependency-cruiser.cjs)` : `✔ layer boundaries hold (${relative(ROOT, join(ROOT, '.dependency-cruiser.cjs'))})`)
  process.exitCode = violations.length ? 1 : 0
}
