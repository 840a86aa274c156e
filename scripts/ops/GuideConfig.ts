/**
 * The configuration the multi-process run gives every process: the deployment guide's own
 * (docs/deploy/portico.json), as each machine of "Several machines on one Postgres" runs it, with only what
 * one test machine must change. Its data goes to Postgres (`DATABASE_URL`, so no `dataDir`); the balancer is
 * on loopback (the trusted proxy); its many visitors share one machine's address space, so the rate limit is
 * opened; the embedded wallet's two secrets are made here, written once for every process (as every machine of
 * a deployment must share them).
 */
import { randomBytes } from "node:crypto"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import * as Schema from "effect/Schema"
import { PorticoServerConfig } from "../../http/cli/PorticoServerConfig.ts"

const guideConfig = fileURLToPath(new URL("../../docs/deploy/portico.json", import.meta.url))
const Config = Schema.fromJsonString(PorticoServerConfig)

export interface RunConfig {
  /** The file the processes are started with. */
  readonly file: string
  /** The guide's project, the first of its allowed origins and its first EVM chain: what the visitors sign in to. */
  readonly projectId: string
  readonly origin: string
  readonly chainId: number
}

/** Writes the run's configuration into `folder`. */
export const writeRunConfig = (folder: string): RunConfig => {
  // The guide leaves the secrets for the operator to fill in (SESSION_KEY, SHARE_KEY), as 32 random bytes each.
  const text = readFileSync(guideConfig, "utf8").replace("SESSION_KEY", randomBytes(32).toString("hex")).replace("SHARE_KEY", randomBytes(32).toString("hex"))
  const { dataDir: _dataDir, ...guide } = Schema.decodeUnknownSync(Config)(text)
  const [projectId, project] = Object.entries(guide.api?.projects ?? {})[0] ?? []
  const origin = project?.allowedOrigins[0]
  const chainId = guide.api?.evm?.[0]?.chainId
  if (projectId === undefined || origin === undefined || chainId === undefined) throw new Error(`${guideConfig} names no project, origin or chain`)
  const file = join(folder, "portico.json")
  writeFileSync(file, Schema.encodeSync(Config)({
    ...guide,
    api: {
      ...guide.api,
      trustedProxies: ["127.0.0.1"],
      rateLimit: { requests: 1_000_000, perSeconds: 60 }
    }
  }))
  return { file, projectId, origin, chainId }
}
