/**
 * The embedded wallet's server options in the sandbox: mail through the sandbox's SMTP server, links to
 * the sandbox's API server, and keys made for this sandbox alone. With a database on disk the keys are
 * kept next to it (`<stateDir>/embedded-keys.json`, wiped with it by `--reset`), since a new share key
 * would make every stored auth share unreadable; with the in-memory database they are new at every run.
 * Never use these keys anywhere else.
 */
import { randomBytes } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import * as Schema from "effect/Schema"
import type { EmbeddedOptions } from "../../http/server/ServerOptions.ts"

const Hex32 = Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/))
const Keys = Schema.Struct({ sessionKey: Hex32, shareKey: Hex32 })
type Keys = typeof Keys.Type

const freshKeys = (): Keys => ({ sessionKey: randomBytes(32).toString("hex"), shareKey: randomBytes(32).toString("hex") })

/** The keys stored at `path`, or new ones stored there (readable by this user only). */
const keptKeys = (path: string): Keys => {
  let text: string | undefined
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error
  }
  if (text !== undefined) return Schema.decodeUnknownSync(Schema.fromJsonString(Keys))(text)
  const keys = freshKeys()
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, JSON.stringify(keys), { mode: 0o600 })
  return keys
}

export const sandboxEmbeddedOptions = (options: {
  /** Where the keys are kept; undefined: new keys for this run (in-memory database). */
  readonly keysFile: string | undefined
  readonly smtpHost: string
  readonly smtpPort: number
  readonly apiUrl: string
}): EmbeddedOptions => ({
  ...(options.keysFile === undefined ? freshKeys() : keptKeys(options.keysFile)),
  smtp: { host: options.smtpHost, port: options.smtpPort, secure: false, from: "Portico sandbox <login@portico.localhost>" },
  publicUrl: options.apiUrl
})
