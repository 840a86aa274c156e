/**
 * The frame's pages built once per test file, into a folder of its own (the sandbox's build cache is
 * left alone), and embedded options for an API server that serves them.
 */
import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { EmbeddedOptions } from "../../../../http/server/ServerOptions.ts"
import { buildPages, framePage } from "../../../../sandbox/web/Build.ts"

export interface FrameBuild {
  readonly folder: string
  readonly remove: () => Promise<void>
}

export const buildFrame = async (): Promise<FrameBuild> => {
  const outDir = await mkdtemp(join(tmpdir(), "portico-frame-"))
  const built = await buildPages(outDir, [framePage])
  const folder = built.get("frame")
  if (folder === undefined) throw new Error("frame/app was not built")
  return { folder, remove: () => rm(outDir, { recursive: true, force: true }) }
}

/** The embedded wallet's options with fresh keys, mail to `smtp`, and the built pages. */
export const embeddedOptions = (options: { readonly frameAssets: string; readonly smtpPort: number; readonly publicUrl: string }): EmbeddedOptions => ({
  sessionKey: randomBytes(32).toString("hex"),
  shareKey: randomBytes(32).toString("hex"),
  smtp: { host: "127.0.0.1", port: options.smtpPort, secure: false, from: "Portico test <login@portico.localhost>" },
  publicUrl: options.publicUrl,
  frameAssets: options.frameAssets
})
