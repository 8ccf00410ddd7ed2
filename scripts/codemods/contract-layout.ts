/**
 * Names and layout of the contract (issue #9), as a re-runnable codemod: run it again after
 * merging branches written against the old names and it brings them over too. Idempotent.
 *
 *   node --import tsx scripts/codemods/contract-layout.ts          # rewrite
 *   node --import tsx scripts/codemods/contract-layout.ts --check  # list what would change, exit 1 if anything
 *
 * 1. Message and label objects get names that say what they hold (WMSG → WAREHOUSE_MSG ...), and
 *    role 2 its own name (ROLE.client_2 → ROLE.secondary_client).
 * 2. src/contract/constants.ts is split by area into src/contract/constants/<area>.ts (the block of
 *    every known name moves; unknown names stay and are listed); constants.ts stays as a barrel.
 *    Every import of constants.ts is pointed at the area files of the names it takes.
 * 3. Domain files take their errors and context from src/server/domain (errors.ts, context.ts),
 *    not from src/server/http; `HttpError` is called `DomainError` in the server.
 * 4. ScreenProps lives in src/web/screen.ts, so views no longer import routes.tsx (which imports
 *    them): the routes ↔ views import cycle is gone.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')
const CHECK = process.argv.includes('--check')
const SELF = resolve(import.meta.filename)
const changed = new Set<string>()

const read = (f: string) => readFileSync(f, 'utf8')
function write(file: string, text: string) {
  if (existsSync(file) && read(file) === text) return
  changed.add(relative(ROOT, file))
  if (CHECK) return
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}

/** Source and documentation files of the repository (not node_modules, not this script). */
function files(dir: string, exts = ['.ts', '.tsx', '.md']): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...files(p, exts))
    else if (exts.some((e) => name.endsWith(e)) && resolve(p) !== SELF) out.push(p)
  }
  return out
}
const ALL = () => ['src', 'machines', 'tests', 'scripts', 'docs'].flatMap((d) => (existsSync(join(ROOT, d)) ? files(join(ROOT, d)) : [])).concat(join(ROOT, 'README.md'))

// ---- 1. names ------------------------------------------------------------------------------------

const RENAMES: Array<[string, string]> = [
  ['AMSG', 'ADMIN_MSG'],
  ['ALABEL', 'ADMIN_LABEL'],
  ['CMSG', 'CLIENT_MSG'],
  ['CLABEL', 'CLIENT_LABEL'],
  ['FMSG', 'FLOOR_MSG'],
  ['FLABEL_SCREEN', 'FLOOR_SCREEN_LABEL'],
  ['FLABEL', 'FLOOR_LABEL'],
  ['SMSG', 'SCAN_SCREEN_MSG'],
  ['WMSG', 'WAREHOUSE_MSG'],
  ['WLABEL', 'WAREHOUSE_LABEL'],
  ['WADMIN', 'WAREHOUSE_ADMIN_TEXT'],
  // Role 2: the second client role the spec keeps beside client (3).
  ['client_2', 'secondary_client'],
]

function renameNames() {
  for (const f of ALL()) {
    if (!existsSync(f)) continue
    let text = read(f)
    for (const [from, to] of RENAMES) text = text.replace(new RegExp(`\\b${from}\\b`, 'g'), to)
    write(f, text)
  }
}

// ---- 2. constants by area ---------------------------------------------------------------------------

const AREAS: Record<string, { doc: string; names: string[] }> = {
  access: { doc: 'Roles and who counts as staff or client.', names: ['ROLE', 'Role', 'ALL_ROLES', 'STAFF_ROLES', 'CLIENT_ROLES', 'isStaff'] },
  tables: { doc: 'Page sizes and page lengths of tables.', names: ['PAGE_SIZE', 'LISTING_PAGE_LENGTHS', 'MAX_PAGE_LENGTH', 'TABLE_VIRTUALIZE_OVER'] },
  ui: {
    doc: 'What the browser screens share: search delays, toasts, languages, storage keys, the login notice.',
    names: [
      'SEARCH_MIN_CHARS', 'SUGGESTION_LIST_MAX_HEIGHT_PX', 'SEARCH_DELAY_MS', 'TOAST_DEFAULT_MS', 'TOAST_POSITION', 'TOAST_MS',
      'SUPPORTED_LANGUAGES', 'TRACKING_LANGUAGES', 'DEFAULT_LANGUAGE', 'TRACKING_DEFAULT_LANGUAGE', 'STORAGE_KEY', 'MODERNIZATION_NOTICE',
    ],
  },
  auth: {
    doc: 'Passwords, e-mail lengths, sessions and sign-in protection.',
    names: ['PASSWORD_MIN_LENGTH', 'EMAIL_MAX_LENGTH', 'EMAIL_LOCAL_MAX_LENGTH', 'SESSION_TTL_MS', 'EMAIL_TOKEN_TTL_MS', 'LOGIN_THROTTLE_WINDOW_MS', 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 'LOGIN_MAX_ATTEMPTS_PER_ADDRESS'],
  },
  platform: {
    doc: 'The server and the wire: time zone, input limits, XSRF, port, data directory, API base.',
    names: ['TIME_ZONE', 'INPUT', 'XSRF_COOKIE', 'XSRF_HEADER', 'DEFAULT_PORT', 'DEFAULT_DATA_DIR', 'API_BASE'],
  },
  address: { doc: 'Address database, postal codes and countries.', names: ['ADDRESS', 'POSTAL_CODE_FORMAT', 'COUNTRY'] },
  warehouse: {
    doc: 'The warehouse floor: scanners, the scan listener, workstations, problem statuses and sectors.',
    names: ['SCANNER', 'SCAN_LISTENER', 'WAREHOUSE', 'WORKSTATION_TYPE', 'WorkstationTypeCode', 'STATUS_SYSTEM_ID', 'PROBLEM_STATUS_SYSTEM_IDS', 'SECTOR_PURPOSE', 'SectorPurpose'],
  },
  shipments: {
    doc: 'Shipments, their problem rules, the parcel listing, delivery services and the operator courier.',
    names: ['SHIPMENT', 'PROBLEM_RULE', 'LISTING', 'DELIVERY_SERVICE', 'RETURN_SERVICES', 'OPERATOR_COURIER_ID'],
  },
  clients: {
    doc: 'Clients, their price bands, parameters and credentials.',
    names: ['CLIENTS', 'VOLUME_CLASSES', 'ACCOUNT_PERIODS', 'VAT_RATES', 'EXTERNAL_CREDENTIAL_TYPES', 'EXTERNAL_TYPES_WITH_LOGIN', 'CLIENT_LIST_KINDS', 'PRICE_LIST_TYPES'],
  },
  admin: { doc: 'Admin screens: calendar, statuses, unknown aliases, locker files, resignations.', names: ['ADMIN'] },
}
const AREA_OF = new Map(Object.entries(AREAS).flatMap(([area, { names }]) => names.map((n) => [n, area] as const)))

const CONSTANTS = join(ROOT, 'src/contract/constants.ts')
const AREA_DIR = join(ROOT, 'src/contract/constants')
const BARREL_HEAD = `/**
 * Every number the specification gives, named once, by area in ./constants/<area>.ts. Import the
 * area file; this barrel re-exports them all for code written before the split.
 */
`

/** Top-level blocks of a module: a doc comment and the export(s) it heads, or a lone statement. */
function blocks(text: string): Array<{ text: string; names: string[] }> {
  const lines = text.replace(/\n$/, '').split('\n')
  const out: Array<{ lines: string[]; commentOnly: boolean }> = []
  let cur: { lines: string[]; commentOnly: boolean } | null = null
  let inComment = false
  for (const line of lines) {
    const startsComment = !inComment && line.startsWith('/**')
    const startsExport = !inComment && /^export\s/.test(line)
    if (startsComment || (startsExport && !(cur?.commentOnly ?? false))) {
      cur = { lines: [], commentOnly: startsComment }
      out.push(cur)
    }
    if (startsExport && cur) cur.commentOnly = false
    if (startsComment && !line.includes('*/')) inComment = true
    else if (inComment && line.includes('*/')) inComment = false
    if (cur) cur.lines.push(line)
    else out.push((cur = { lines: [line], commentOnly: false }))
  }
  return out.map((b) => {
    const t = b.lines.join('\n') + '\n'
    return { text: t, names: [...t.matchAll(/^export\s+(?:declare\s+)?(?:const|let|type|interface|function|class|enum)\s+(\w+)/gm)].map((m) => m[1]!) }
  })
}

function splitConstants() {
  if (!existsSync(CONSTANTS)) return
  const kept: string[] = []
  const moved = new Map<string, string[]>()
  for (const b of blocks(read(CONSTANTS))) {
    if (b.names.length === 0) {
      // Header comments and re-export lines of an earlier run are rebuilt below.
      if (/^\/\*\*/.test(b.text) || /^export \* from '\.\/constants\//m.test(b.text) || b.text.trim() === '') continue
      kept.push(b.text.trimEnd())
      continue
    }
    const areas = new Set(b.names.map((n) => AREA_OF.get(n)))
    const [area] = [...areas]
    if (areas.size === 1 && area) moved.set(area, [...(moved.get(area) ?? []), b.text])
    else {
      kept.push(b.text.trimEnd())
      console.warn(`constants.ts keeps ${b.names.join(', ')} (no single area known: add it to AREAS)`)
    }
  }
  for (const [area, texts] of moved) {
    const file = join(AREA_DIR, `${area}.ts`)
    const existing = existsSync(file) ? read(file).trimEnd() : `/** ${AREAS[area]!.doc} */`
    // Blocks keep the blank lines that followed them in constants.ts.
    write(file, `${existing}\n\n${texts.join('').trimEnd()}\n`)
  }
  const areaFiles = Object.keys(AREAS).filter((a) => existsSync(join(AREA_DIR, `${a}.ts`)) || moved.has(a))
  write(CONSTANTS, [BARREL_HEAD + areaFiles.map((a) => `export * from './constants/${a}.ts'`).join('\n'), ...kept].join('\n\n') + '\n')
}

const IMPORT_RE = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']*\/constants\.ts)'\n?/g

/** Points every import of constants.ts at the area files of the names it takes. */
function rewriteConstantImports() {
  for (const f of ALL()) {
    if (!/\.tsx?$/.test(f) || !existsSync(f) || resolve(f) === CONSTANTS) continue
    const text = read(f)
    const next = text.replace(IMPORT_RE, (whole, typeOnly: string | undefined, list: string, spec: string) => {
      const target = resolve(dirname(f), spec)
      if (target !== CONSTANTS) return whole
      const byFile = new Map<string, string[]>()
      for (const raw of list.split(',').map((s) => s.trim()).filter(Boolean)) {
        const name = raw.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!
        const area = AREA_OF.get(name)
        const from = area ? spec.replace(/constants\.ts$/, `constants/${area}.ts`) : spec
        byFile.set(from, [...(byFile.get(from) ?? []), raw])
      }
      return [...byFile]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([from, names]) => `import ${typeOnly ?? ''}{ ${names.join(', ')} } from '${from}'\n`)
        .join('')
    })
    write(f, next)
  }
}

// ---- 3. domain errors and context -------------------------------------------------------------------

function domainImports() {
  for (const f of files(join(ROOT, 'src/server'), ['.ts'])) {
    const rel = relative(ROOT, f)
    if (rel === 'src/server/http/errors.ts' || rel === 'src/server/domain/errors.ts') continue
    let text = read(f)
    text = text.replace(/\bHttpError\b/g, 'DomainError')
    if (rel.startsWith('src/server/domain/')) {
      text = text.replace(/from '\.\.\/http\/errors\.ts'/g, "from './errors.ts'")
      text = text.replace(/import type \{([^}]*)\} from '\.\.\/http\/handler\.ts'/g, (whole, list: string) => {
        const names = list.split(',').map((s) => s.trim()).filter(Boolean)
        return names.every((n) => n === 'SessionUser' || n === 'Deps') ? `import type {${list}} from './context.ts'` : whole
      })
    }
    write(f, text)
  }
}

// ---- 4. ScreenProps out of routes.tsx ---------------------------------------------------------------

function screenProps() {
  const routes = join(ROOT, 'src/web/routes.tsx')
  const screen = join(ROOT, 'src/web/screen.ts')
  if (!existsSync(routes)) return
  let text = read(routes)
  const decl = /export interface ScreenProps \{[^}]*\}\n\n?/
  const m = text.match(decl)
  if (m) {
    write(screen, `/** What every screen of the route table is given: the route's parameters. */\n${m[0].trimEnd()}\n`)
    text = text.replace(decl, '')
    text = text.replace(/(import type \{ RouteName \} from '\.\.\/contract\/routes\.ts'\n)/, `$1import type { ScreenProps } from './screen.ts'\n\nexport type { ScreenProps } from './screen.ts'\n`)
    write(routes, text)
  }
  for (const f of files(join(ROOT, 'src/web/views'), ['.ts', '.tsx'])) {
    const spec = relative(dirname(f), screen).replace(/\\/g, '/')
    const t = read(f).replace(/import type \{ ScreenProps \} from '((?:\.\.\/)+)routes\.tsx'/g, `import type { ScreenProps } from '${spec.startsWith('.') ? spec : './' + spec}'`)
    write(f, t)
  }
}

renameNames()
splitConstants()
rewriteConstantImports()
domainImports()
screenProps()

console.log(`${CHECK ? 'would change' : 'changed'} ${changed.size} files`)
for (const f of [...changed].sort()) console.log('  ' + f)
if (CHECK && changed.size) process.exit(1)
