/**
 * A small static file server for a built page, on its own origin: serves the files, answers
 * `/sandbox-config.json` from the running sandbox (and fixed JSON paths), falls back to index.html for paths
 * without a file, and can send a strict Content-Security-Policy (no unsafe-inline, no unsafe-eval) so tests
 * prove pages run under one.
 */
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import { extname, join, normalize, sep } from "node:path"
import { listen } from "../Listen.ts"
import { configPath, type SandboxConfig } from "../SandboxConfig.ts"
import { answerConfig } from "./ConfigAnswer.ts"

export interface StaticServerOptions {
  readonly host: string
  readonly port: number
  /** The built page's folder. */
  readonly root: string
  /** The configuration to serve at `/sandbox-config.json`; undefined while the sandbox is still starting (503). */
  readonly config?: () => SandboxConfig | undefined
  /** Fixed JSON answers by path (test host pages), checked before files. */
  readonly json?: Readonly<Record<string, unknown>>
  /** The Content-Security-Policy sent with every answer (`strictCsp` for the sandbox's); none when absent. */
  readonly csp?: string
  /** The site's own backend (the demo dapp's): answers its paths and resolves true, else false. */
  readonly backend?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>
}

export interface StaticServer {
  readonly url: string
  readonly stop: () => Promise<void>
}

const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".wasm": "application/wasm",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8"
}

/** The policy a strict host would send: only this origin's scripts and styles; chains, relay and API (and its images) on loopback. */
export const strictCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: http://127.0.0.1:*",
  "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*",
  // The embedded wallet's frame and panels, on the API server's origin: the one addition a host makes.
  "frame-src http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'"
].join("; ")

/** The strict policy of a page that these origins (a mini-app host) may frame, and no other. */
export const framedBy = (csp: string, origins: ReadonlyArray<string>): string =>
  csp.replace("frame-ancestors 'none'", `frame-ancestors ${origins.join(" ")}`)

const send = (response: ServerResponse, status: number, type: string, body: string) => {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" })
  response.end(body)
}

// undefined for a malformed escape (a throw inside the async handler would take the whole sandbox down).
const decodePath = (url: string | undefined): string | undefined => {
  try {
    return decodeURIComponent(new URL(url ?? "/", "http://localhost").pathname)
  } catch {
    return undefined
  }
}

export const startStaticServer = async (options: StaticServerOptions): Promise<StaticServer> => {
  const sockets = new Set<Socket>()
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (options.csp !== undefined) response.setHeader("content-security-policy", options.csp)
    const path = decodePath(request.url)
    if (path === undefined) return send(response, 400, "text/plain", "Bad request")
    if (options.backend !== undefined && (await options.backend(request, response))) return
    if (request.method !== "GET" && request.method !== "HEAD") return send(response, 405, "text/plain", "Method not allowed")
    const json = options.json?.[path]
    if (json !== undefined) return send(response, 200, "application/json; charset=utf-8", JSON.stringify(json))
    if (path === configPath && options.config !== undefined) return answerConfig(response, options.config())
    const file = normalize(join(options.root, path))
    if (file !== options.root && !file.startsWith(options.root + sep)) return send(response, 403, "text/plain", "Forbidden")
    const info = await stat(file).catch(() => undefined)
    // Paths without a file get the page itself (client-side routes); missing assets are a real 404.
    const target = info?.isFile() === true ? file : extname(path) === "" ? join(options.root, "index.html") : undefined
    if (target === undefined) return send(response, 404, "text/plain", "Not found")
    response.writeHead(200, {
      "content-type": contentTypes[extname(target)] ?? "application/octet-stream",
      "cache-control": target.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-store"
    })
    if (request.method === "HEAD") return response.end()
    createReadStream(target).on("error", () => response.destroy()).pipe(response)
  }
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (response.headersSent) response.destroy()
      else send(response, 500, "text/plain", "Internal error")
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  const port = await listen(server, options.port, options.host)
  return {
    url: `http://${options.host}:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        // Browsers keep connections alive: close them so the port is free when stop resolves.
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      })
  }
}
