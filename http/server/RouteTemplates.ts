/**
 * The route template a request path falls under (`/v1/account/:address/balance`), for metrics labels
 * and log lines: a template set is bounded and carries no visitor's address, a raw path is neither.
 * The templates are the contract's endpoints and the server's plain routes; a path none of them
 * matches is `unmatched`.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import { framePath, panelPath } from "../../core/embedded/FrameAddress.ts"
import * as ChainRpcRoute from "../api/ChainRpcRoute.ts"
import { openApiPath } from "../api/PorticoApi.ts"
import { ServedApi } from "../api/ServedApi.ts"
import { assetsPath } from "./embedded/FramePages.ts"
import * as OnrampWebhook from "./onramp/OnrampWebhook.ts"

export const unmatched = "unmatched"

/** Every path the server serves, as router templates (`:name` a segment, a final `*` the rest). */
export const servedPaths = (): ReadonlyArray<string> => {
  const paths: Array<string> = []
  HttpApi.reflect(ServedApi, { onGroup: () => undefined, onEndpoint: ({ endpoint }) => paths.push(endpoint.path) })
  return [...new Set([...paths, openApiPath, ChainRpcRoute.path, OnrampWebhook.path, framePath, panelPath, `${assetsPath}*`])]
}

interface Template {
  readonly path: string
  readonly segments: ReadonlyArray<string>
  /** Ends in `*`: matches any longer path too. */
  readonly rest: boolean
  /** Literal segments: the more, the more specific (`/v1/profile/reverse` before `/v1/profile/:name`). */
  readonly literals: number
}

const templateOf = (path: string): Template => {
  const rest = path.endsWith("*")
  const segments = (rest ? path.slice(0, -1) : path).split("/")
  return { path, segments, rest, literals: segments.filter((segment) => !segment.startsWith(":")).length }
}

const matches = (template: Template, segments: ReadonlyArray<string>): boolean => {
  if (template.rest ? segments.length < template.segments.length : segments.length !== template.segments.length) return false
  return template.segments.every((expected, index) => {
    const actual = segments[index] ?? ""
    if (template.rest && index === template.segments.length - 1) return actual.startsWith(expected)
    return expected.startsWith(":") ? actual !== "" : expected === actual
  })
}

/** The template of `url` (a request's path and query) among `paths`, the most literal one when several match. */
export const make = (paths: ReadonlyArray<string>): (url: string) => string => {
  const templates = paths.map(templateOf).toSorted((a, b) => Number(a.rest) - Number(b.rest) || b.literals - a.literals)
  return (url) => {
    const pathname = url.split(/[?#]/, 1)[0] ?? ""
    const segments = pathname.split("/")
    return templates.find((template) => matches(template, segments))?.path ?? unmatched
  }
}
