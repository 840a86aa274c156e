/**
 * The sandbox's two web origins on loopback: the demo host site and the WalletConnect wallet page, each a
 * Vite build served statically with `/sandbox-config.json`. Two origins, so cross-origin behaviour is real.
 */
import type { SandboxConfig } from "../SandboxConfig.ts"
import { buildPages } from "./Build.ts"
import { startStaticServer, type StaticServer } from "./StaticServer.ts"

export interface WebOptions {
  readonly host: string
  readonly sitePort: number
  readonly walletPort: number
  /** Where builds go, e.g. `.sandbox/web`. */
  readonly outDir: string
  readonly csp: boolean
  readonly config: () => SandboxConfig | undefined
}

export interface Web {
  readonly siteUrl: string
  /** Undefined when this checkout has no WalletConnect wallet page yet. */
  readonly walletUrl: string | undefined
  readonly stop: () => Promise<void>
}

export const startWeb = async (options: WebOptions): Promise<Web> => {
  const built = await buildPages(options.outDir)
  const serve = (root: string | undefined, port: number) =>
    root === undefined
      ? Promise.resolve(undefined)
      : startStaticServer({ host: options.host, port, root, csp: options.csp, config: options.config })
  const siteRoot = built.get("site")
  if (siteRoot === undefined) throw new Error("The demo site (sandbox/site/index.html) is missing")
  const results = await Promise.allSettled([
    serve(siteRoot, options.sitePort),
    serve(built.get("wc-wallet"), options.walletPort)
  ])
  const servers = results.flatMap((result) => (result.status === "fulfilled" && result.value !== undefined ? [result.value] : []))
  const stop = async () => { await Promise.all(servers.map((server: StaticServer) => server.stop())) }
  const failure = results.find((result) => result.status === "rejected")
  if (failure !== undefined) {
    await stop()
    throw failure.reason
  }
  const [site, wallet] = results.map((result) => (result.status === "fulfilled" ? result.value : undefined))
  if (site === undefined) throw new Error("The demo site did not start")
  return { siteUrl: site.url, walletUrl: wallet?.url, stop }
}
