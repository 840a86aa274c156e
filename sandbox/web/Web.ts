/**
 * The sandbox's web origins on loopback: the demo host site, the WalletConnect wallet page and the Farcaster
 * client that frames the demo site as a mini app, each a Vite build served statically (or, in dev mode, a
 * Vite dev server) with `/sandbox-config.json`. Separate origins, so cross-origin behaviour is real; under
 * the strict policy only the mini-app host may frame the demo site.
 */
import type { SandboxConfig } from "../SandboxConfig.ts"
import { join } from "node:path"
import { isPackaged } from "../SandboxFiles.ts"
import { buildPagesInWorker, pageExists, pages, type Page } from "./Build.ts"
import { demoBackend } from "./DemoBackend.ts"
import { framedBy, startStaticServer, strictCsp, type StaticServer } from "./StaticServer.ts"

export interface WebOptions {
  readonly host: string
  readonly sitePort: number
  readonly walletPort: number
  /** The Farcaster client that frames the demo site as a mini app (sandbox/miniapp/). */
  readonly miniAppPort: number
  /** Where builds go, e.g. `.sandbox/web`. */
  readonly outDir: string
  readonly csp: boolean
  /** "build" (default): Vite builds served statically; "dev": Vite dev servers with hot reload (no CSP). */
  readonly mode?: "build" | "dev"
  readonly config: () => SandboxConfig | undefined
}

export interface Web {
  readonly siteUrl: string
  /** Undefined when this checkout has no WalletConnect wallet page yet. */
  readonly walletUrl: string | undefined
  /** Undefined when this checkout has no mini-app host page. */
  readonly miniAppHostUrl: string | undefined
  readonly stop: () => Promise<void>
}

export const startWeb = async (options: WebOptions): Promise<Web> => {
  const dev = options.mode === "dev"
  if (dev && options.csp) throw new Error("The strict CSP needs built pages: use the build mode with csp")
  if (dev && isPackaged) throw new Error("The dev mode edits the pages' sources, which come with a Portico checkout: use the build mode")
  // Vite's dev server only in dev mode: the package's sandbox has no Vite.
  const startDevServer = dev ? (await import("./DevServer.ts")).startDevServer : undefined
  const roots = dev
    ? new Map(pages.filter(pageExists).map((page) => [page.name, page.root] as const))
    : await buildPagesInWorker(options.outDir)
  // The demo dapp's own backend (sign-in) lives on its origin, as a host's would.
  const backends: Partial<Record<Page["name"], ReturnType<typeof demoBackend>>> = { site: demoBackend(options.config) }
  const policies: Partial<Record<Page["name"], string>> = { site: framedBy(strictCsp, [`http://${options.host}:${options.miniAppPort}`]) }
  const serve = (name: Page["name"], port: number) => {
    const root = roots.get(name)
    const backend = backends[name]
    const extra = backend === undefined ? {} : { backend }
    return root === undefined
      ? Promise.resolve(undefined)
      : startDevServer !== undefined
      ? startDevServer({ host: options.host, port, root, cacheDir: join(options.outDir, `vite-cache-${name}`), config: options.config, ...extra })
      : startStaticServer({ host: options.host, port, root, config: options.config, ...extra, ...(options.csp ? { csp: policies[name] ?? strictCsp } : {}) })
  }
  if (!roots.has("site")) throw new Error("The demo site (sandbox/site/index.html) is missing")
  const results = await Promise.allSettled([
    serve("site", options.sitePort),
    serve("wc-wallet", options.walletPort),
    serve("miniapp", options.miniAppPort)
  ])
  const servers = results.flatMap((result) => (result.status === "fulfilled" && result.value !== undefined ? [result.value] : []))
  const stop = async () => { await Promise.all(servers.map((server: StaticServer) => server.stop())) }
  const failure = results.find((result) => result.status === "rejected")
  if (failure !== undefined) {
    await stop()
    throw failure.reason
  }
  const [site, wallet, miniApp] = results.map((result) => (result.status === "fulfilled" ? result.value : undefined))
  if (site === undefined) throw new Error("The demo site did not start")
  return { siteUrl: site.url, walletUrl: wallet?.url, miniAppHostUrl: miniApp?.url, stop }
}
