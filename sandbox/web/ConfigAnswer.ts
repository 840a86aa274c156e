/**
 * The answer to `/sandbox-config.json`, the same from the static server and Vite's dev server: the
 * running sandbox's configuration, or 503 while it is still starting; never cached.
 */
import type { ServerResponse } from "node:http"
import type { SandboxConfig } from "../SandboxConfig.ts"

export const answerConfig = (response: ServerResponse, config: SandboxConfig | undefined): void => {
  response.writeHead(config === undefined ? 503 : 200, {
    "content-type": config === undefined ? "text/plain" : "application/json; charset=utf-8",
    "cache-control": "no-store"
  })
  response.end(config === undefined ? "The sandbox is still starting" : JSON.stringify(config))
}
