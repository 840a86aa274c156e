/**
 * One process per PGlite data directory: PGlite is an embedded single-process database, and two
 * processes writing one folder both acknowledge writes while one's rows are lost. The lock is a file
 * holding the owner's pid, created exclusively; a lock whose process is gone (kill -9) is taken over.
 * Several processes share data only through Postgres.
 */
import { openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs"
import { join } from "node:path"
import * as Schema from "effect/Schema"

const lockName = "portico.lock"

/** The locks this process holds: a second server in the same process is refused like one in another. */
const held = new Set<string>()

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const create = (path: string): boolean => {
  try {
    const fd = openSync(path, "wx")
    writeSync(fd, String(process.pid))
    closeSync(fd)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false
    throw error
  }
}

/** Takes the directory's lock for this process; the returned function releases it. */
export const acquire = (dataDir: string): (() => void) => {
  const path = join(dataDir, lockName)
  if (held.has(path)) throw DataDirInUseError.of(dataDir, process.pid)
  for (let attempt = 0; attempt < 2; attempt++) {
    if (create(path)) {
      held.add(path)
      return () => {
        held.delete(path)
        rmSync(path, { force: true })
      }
    }
    const owner = Number(readFileSync(path, "utf8").trim())
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw DataDirInUseError.of(dataDir, owner)
    }
    // A stale lock (its process died without releasing it): take it over.
    rmSync(path, { force: true })
  }
  throw DataDirInUseError.of(dataDir, 0)
}

export class DataDirInUseError extends Schema.TaggedError<DataDirInUseError>()("DataDirInUseError", {
  dataDir: Schema.String,
  pid: Schema.Number,
  message: Schema.String
}) {
  static of(dataDir: string, pid: number): DataDirInUseError {
    return new DataDirInUseError({
      dataDir,
      pid,
      message: `The PGlite data directory ${dataDir} is in use by process ${pid}: run one server per directory, or share data through Postgres (DATABASE_URL)`
    })
  }
}
