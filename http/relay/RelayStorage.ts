/**
 * Where the relay keeps its messages, from its options: Postgres when given a database URL (several
 * processes share it; new messages are announced to the others), PGlite in a data folder (one process:
 * the folder is locked), or this process's memory (tests and throwaway sandboxes). The database's tables
 * are migrated before the relay serves anyone.
 */
import { mkdirSync } from "node:fs"
import { type Database, openDatabase } from "../server/Database.ts"
import * as MemoryMessageStore from "./MemoryMessageStore.ts"
import type { MessageStore, StoreBounds } from "./MessageStore.ts"
import { channel } from "./PostgresFeed.ts"
import { migrateRelay } from "./RelayMigrations.ts"
import * as SqlMessageStore from "./SqlMessageStore.ts"

/** `databaseUrl` wins over `dataDir`; neither keeps messages in memory. */
export interface StorageOptions {
  readonly databaseUrl?: string
  readonly dataDir?: string
}

export interface RelayStorage {
  readonly store: MessageStore
  /** Set when other processes may share the store: they announce their messages on it. */
  readonly sharedUrl: string | undefined
}

const migrated = async (db: Database): Promise<Database> => {
  try {
    await migrateRelay(db)
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}

/** `origin` names this process in its announcements, so it skips its own. */
export const openStorage = async (options: StorageOptions, bounds: StoreBounds, origin: string): Promise<RelayStorage> => {
  if (options.databaseUrl !== undefined) {
    const db = await migrated(await openDatabase({ databaseUrl: options.databaseUrl }))
    return { store: SqlMessageStore.make(db, bounds, { channel, origin }), sharedUrl: options.databaseUrl }
  }
  if (options.dataDir !== undefined) {
    mkdirSync(options.dataDir, { recursive: true })
    const db = await migrated(await openDatabase({ dataDir: options.dataDir }))
    return { store: SqlMessageStore.make(db, bounds), sharedUrl: undefined }
  }
  return { store: MemoryMessageStore.make(bounds), sharedUrl: undefined }
}
