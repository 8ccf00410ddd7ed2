import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Name of the lock file kept in the data directory while a process has the embedded database open. */
export const LOCK_FILE = 'backoffice.lock'

/** Another live process holds the data directory. */
export class DataDirLocked extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`Katalog danych ${dir} jest już używany przez inny proces serwera (pid ${pid}). Zatrzymaj go albo wskaż inny DATA_DIR.`)
  }
}

/** True when a process with this id runs (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(file: string): number | null {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

/**
 * Takes the embedded database's data directory for this process, so two servers never open one
 * PGlite directory (each would see only its own writes and the later one to close overwrites the
 * other). The lock is a file created with O_EXCL holding the owner's pid: a file whose pid no
 * longer runs (the owner crashed) is taken over. Returns the release function (idempotent; also
 * run at process exit). Throws DataDirLocked while a live process holds the directory.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, LOCK_FILE)
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644)
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw e
    }
    const holder = readPid(file)
    if (holder === null) continue // released meanwhile
    if (holder !== process.pid && alive(holder)) throw new DataDirLocked(dir, holder)
    // A stale lock (its process is gone): remove it, unless another starter replaced it meanwhile.
    if (readPid(file) === holder) {
      try {
        unlinkSync(file)
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
      }
    }
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    // Only our own lock is removed (a stale-lock takeover may have replaced it).
    if (readPid(file) === process.pid) unlinkSync(file)
  }
  process.on('exit', release)
  return release
}

/**
 * For a command that opens the database (server, seed, import): with the embedded database, takes
 * its directory or ends the process with exit code 1 and a message naming the directory and the
 * pid holding it. PostgreSQL (DATABASE_URL) needs no lock: instances run side by side.
 */
export function holdDataDirOrExit(config: { databaseUrl?: string; dataDir: string }): () => void {
  if (config.databaseUrl) return () => {}
  try {
    return lockDataDir(config.dataDir)
  } catch (e) {
    if (!(e instanceof DataDirLocked)) throw e
    console.error(e.message)
    process.exit(1)
  }
}
