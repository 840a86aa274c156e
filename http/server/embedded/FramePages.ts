/**
 * The embedded wallet's two pages on this server's origin (docs/embedded-wallet.md "The parties"): the
 * hidden frame (`GET /embedded/frame?projectId&chainId&version&enableLogger`) and the visible panel
 * (`GET /embedded/panel?projectId&panelId`), with their built scripts and styles under
 * `/embedded/assets/`, read once at start from `ServerOptions.embedded.frameAssets` (the Vite build of
 * frame/app).
 *
 * Each page is sent with a policy that lets it run only its own scripts and styles, talk only to this
 * origin (the chains are reached through our own RPC endpoint), and be framed only by the origins its
 * project allows, computed per request from the query's projectId; an unknown project gets a 404, so
 * no page of ours is ever framed by a site nobody configured.
 */
import { readdirSync, readFileSync } from "node:fs"
import { extname, join, relative } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as HttpRouter from "effect/http/HttpRouter"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { framePath, panelPath } from "../../../core/embedded/FrameAddress.ts"
import { FrameQuery, PanelQuery } from "../../../core/embedded/FrameProtocol.ts"
import { parsePattern } from "../../../core/OriginAllowlist.ts"
import { anyOrigin, type ProjectDirectory, Projects } from "../ProjectDirectory.ts"
import * as AnyOrigin from "./AnyOrigin.ts"

/** Where the build's scripts, styles and images are served (frame/app is built with this base). */
export const assetsPath = "/embedded/assets/"

export interface Asset {
  readonly body: Uint8Array
  readonly contentType: string
}

export interface FrameAssets {
  readonly frame: string
  readonly panel: string
  /** By path under `assetsPath`, e.g. `frame-1a2b3c.js`. */
  readonly assets: ReadonlyMap<string, Asset>
}

const contentTypes: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2"
}

/** Content-stamped names never change their content: a year, without asking again. */
export const assetCacheControl = "public, max-age=31536000, immutable"

/** Reads the built pages and every asset of a known type; a folder without both pages stops the start. */
export const load = (folder: string): FrameAssets => {
  const read = (name: string) => {
    try {
      return readFileSync(join(folder, name), "utf8")
    } catch {
      throw new FrameAssetsError({ message: `${folder} holds no ${name}: build frame/app first (sandbox/web/Build.ts)` })
    }
  }
  const assetsFolder = join(folder, "assets")
  const files = readdirSync(assetsFolder, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile())
  const assets = new Map(files.flatMap((entry) => {
    const file = join(entry.parentPath, entry.name)
    const contentType = contentTypes[extname(entry.name)]
    return contentType === undefined ? [] : [[relative(assetsFolder, file), { body: new Uint8Array(readFileSync(file)), contentType }] as const]
  }))
  return { frame: read("frame.html"), panel: read("panel.html"), assets }
}

/**
 * The CSP `frame-ancestors` sources of a project's allowlist: `*` as pages on this machine only
 * (AnyOrigin.ts, never `*`), each well-formed pattern as the host-source that matches the same
 * origins (core/OriginAllowlist.ts: same scheme, port and label-wise wildcard), malformed ones (which
 * match nothing) left out; nothing left is 'none'.
 */
export const frameAncestors = (allowedOrigins: ReadonlyArray<string>): string => {
  const sources = new Set(allowedOrigins.flatMap((origin): ReadonlyArray<string> => {
    if (origin === anyOrigin) return AnyOrigin.ancestors
    const parsed = parsePattern(origin)
    if (parsed._tag === "Failure") return []
    const { scheme, host, port, wildcard } = parsed.success
    // CSP's host-source grammar has no IP-v6 literal: such a pattern cannot be said there.
    if (host.startsWith("[")) return []
    return [`${scheme}//${wildcard ? "*." : ""}${host}${port === "" ? "" : `:${port}`}`]
  }))
  return sources.size === 0 ? "'none'" : [...sources].join(" ")
}

/**
 * The policy of a page (spec: strict CSP), for a project allowing `allowedOrigins`. The wallet's own
 * window (the frame's page opened as a popup, frame/app/WalletWindow.ts) frames the panel page: so the
 * frame page may frame this origin's pages, and the panel page may be framed by this origin too.
 */
export const contentSecurityPolicy = (allowedOrigins: ReadonlyArray<string>, page: "frame" | "panel"): string => {
  const ancestors = frameAncestors(allowedOrigins)
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // The API and the chains' RPC, both on this origin.
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    ...(page === "frame" ? ["frame-src 'self'"] : []),
    `frame-ancestors ${page === "frame" ? ancestors : ancestors === "'none'" ? "'self'" : `'self' ${ancestors}`}`
  ].join("; ")
}

const text = (body: string, status: number) => HttpServerResponse.text(body, { status, headers: { "cache-control": "no-store" } })

const searchOf = (request: HttpServerRequest.HttpServerRequest) =>
  Object.fromEntries(new URL(request.url, "http://portico.invalid").searchParams)

const page = <S extends Schema.Top & { readonly Type: { readonly projectId: string }; readonly DecodingServices: never }>(
  projects: ProjectDirectory,
  kind: "frame" | "panel",
  query: S,
  html: string
) =>
(request: HttpServerRequest.HttpServerRequest) => {
  const decoded = Schema.decodeUnknownOption(query)(searchOf(request))
  if (Option.isNone(decoded)) return Effect.succeed(text("Bad Request: the page's query is malformed", 400))
  const project = projects.get(decoded.value.projectId)
  if (project === undefined) return Effect.succeed(text("Not Found: no such project", 404))
  return Effect.succeed(HttpServerResponse.text(html, {
    contentType: "text/html; charset=utf-8",
    headers: {
      "content-security-policy": contentSecurityPolicy(project.allowedOrigins, kind),
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      // The policy follows the project's allowlist, which may change: never reuse a stored page.
      "cache-control": "no-store"
    }
  }))
}

const asset = (assets: FrameAssets["assets"]) => (request: HttpServerRequest.HttpServerRequest) => {
  const path = new URL(request.url, "http://portico.invalid").pathname
  // Built names are plain ASCII: the path is looked up as it came, never touching the file system.
  const found = path.startsWith(assetsPath) ? assets.get(path.slice(assetsPath.length)) : undefined
  return Effect.succeed(
    found === undefined
      ? text("Not Found", 404)
      : HttpServerResponse.uint8Array(found.body, {
        contentType: found.contentType,
        headers: { "cache-control": assetCacheControl, "x-content-type-options": "nosniff" }
      })
  )
}

/** The pages' routes, answering from `assets`, for the projects the server knows. */
export const layer = (assets: FrameAssets) =>
  Layer.unwrap(Effect.gen(function*() {
    const projects = yield* Projects
    return HttpRouter.addAll([
      HttpRouter.route("GET", framePath, page(projects, "frame", FrameQuery, assets.frame)),
      HttpRouter.route("GET", panelPath, page(projects, "panel", PanelQuery, assets.panel)),
      HttpRouter.route("GET", `${assetsPath}*`, asset(assets.assets))
    ])
  }))

export class FrameAssetsError extends Schema.TaggedError<FrameAssetsError>()("FrameAssetsError", {
  message: Schema.String
}) {}
