/**
 * A page served by Vite's dev server (hot reload while working on the demo site or the wallet page), with
 * `/sandbox-config.json` answered by a middleware. Vite's React preamble is an inline script, so dev mode cannot
 * run under the strict CSP: that is the built mode's job (StaticServer.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import react from "@vitejs/plugin-react"
import { createServer, type Plugin } from "vite"
import { configPath, type SandboxConfig } from "../SandboxConfig.ts"
import { repositoryRoot } from "./Build.ts"
import { answerConfig } from "./ConfigAnswer.ts"
import type { StaticServer } from "./StaticServer.ts"

export interface DevServerOptions {
  readonly host: string
  readonly port: number
  readonly root: string
  /** Vite's dependency cache for this page alone: pages (and other Vite users) sharing one cache invalidate each other. */
  readonly cacheDir: string
  readonly config: () => SandboxConfig | undefined
  /** The site's own backend (the demo dapp's): answers its paths and resolves true, else false. */
  readonly backend?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>
}

const sandboxConfig = (options: DevServerOptions): Plugin => ({
  name: "portico-sandbox-config",
  configureServer: (server) => {
    server.middlewares.use(configPath, (_request, response) => answerConfig(response, options.config()))
    const backend = options.backend
    if (backend !== undefined) {
      server.middlewares.use((request, response, next) => {
        backend(request, response).then((handled) => handled ? undefined : next(), next)
      })
    }
  }
})

export const startDevServer = async (options: DevServerOptions): Promise<StaticServer> => {
  const server = await createServer({
    root: options.root,
    cacheDir: options.cacheDir,
    configFile: false,
    envDir: false,
    logLevel: "warn",
    clearScreen: false,
    plugins: [react(), sandboxConfig(options)],
    server: {
      host: options.host,
      port: options.port,
      strictPort: true,
      // Pages import the wallets, core/ and ui/ from outside their own folder.
      fs: { allow: [repositoryRoot] }
    }
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (typeof address !== "object" || address === null) throw new Error("Vite did not report its address")
  return { url: `http://${options.host}:${address.port}`, stop: () => server.close() }
}
