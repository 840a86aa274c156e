/**
 * Everything the frame talks to, real and local: Portico's API server serving the built frame and
 * panel, with the embedded wallet's endpoints mailing through the sandbox's SMTP server; one EVM chain
 * (Hardhat's EDR) behind a JSON-RPC server whose `eth_getCode` answers the test can hold back (a safe
 * call kept in flight); and two host sites on their own origins, one the project allows and one it
 * does not, each a blank page the test puts iframes into.
 */
import { createServer, type Server } from "node:http"
import { fileURLToPath } from "node:url"
import { createHardhatRuntimeEnvironment } from "hardhat/hre"
import { startApiServer, type ApiServer } from "../../../../http/server/start.ts"
import { listen } from "../../../../sandbox/Listen.ts"
import { serveJsonRpc, type RpcProvider, type RpcServer } from "../../../../sandbox/evm/RpcServer.ts"
import { startMailServer, type MailServer } from "../../../../sandbox/mail/MailServer.ts"
import { movableClock } from "../../../http/support/embedded.ts"
import { buildFrame, embeddedOptions } from "./FrameBuild.ts"

export const projectId = "frame-test"
export const chainId = 31337
export const heldMethod = "eth_getCode"

export interface FrameWorld {
  readonly api: ApiServer
  /** The host site the project allows, and one it does not. */
  readonly hostUrl: string
  readonly strangerUrl: string
  readonly mail: MailServer
  readonly provider: RpcProvider
  /** Moves the server's time (its codes, mail gates and sessions) forward. */
  readonly advance: (millis: number) => void
  /** Holds every `eth_getCode` until `release`. */
  readonly hold: () => void
  readonly release: () => void
  readonly frameUrl: (origin?: { readonly enableLogger?: boolean }) => string
  readonly panelUrl: (panelId: string) => string
  readonly stop: () => Promise<void>
}

const blankSite = (): Server =>
  createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><html lang=\"en\"><title>Host</title><body></body></html>")
  })

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

const projectRoot = fileURLToPath(new URL("../../../../", import.meta.url))

export const startFrameWorld = async (): Promise<FrameWorld> => {
  const host = blankSite()
  const stranger = blankSite()
  const [build, mail, hostPort, strangerPort, hre] = await Promise.all([
    buildFrame(),
    startMailServer({ smtpPort: 0, pagePort: 0 }),
    listen(host, 0, "127.0.0.1"),
    listen(stranger, 0, "127.0.0.1"),
    createHardhatRuntimeEnvironment({ networks: { frameTest: { type: "edr-simulated", chainId } } }, {}, projectRoot)
  ])
  const connection = await hre.network.create("frameTest")
  let held: Promise<void> | undefined
  let releaseHeld: (() => void) | undefined
  const provider: RpcProvider = {
    request: async (args) => {
      if (args.method === heldMethod && held !== undefined) await held
      return connection.provider.request({ method: args.method, params: [...(args.params ?? [])] })
    }
  }
  const node: RpcServer = await serveJsonRpc({ provider, host: "127.0.0.1", port: 0 })
  const hostUrl = `http://127.0.0.1:${hostPort}`
  const time = movableClock()
  const api = await startApiServer({
    port: 0,
    projects: { [projectId]: { allowedOrigins: [hostUrl] } },
    evm: [{ chainId, rpcUrl: node.url, name: "Frame test" }],
    embedded: embeddedOptions({ frameAssets: build.folder, smtpPort: mail.smtpPort, publicUrl: "http://127.0.0.1:1" })
  }, { clock: time.clock })
  return {
    api,
    hostUrl,
    strangerUrl: `http://127.0.0.1:${strangerPort}`,
    mail,
    provider: connection.provider,
    advance: time.advance,
    hold: () => {
      held = new Promise((resolve) => {
        releaseHeld = resolve
      })
    },
    release: () => {
      held = undefined
      releaseHeld?.()
    },
    frameUrl: (options = {}) =>
      `${api.url}/embedded/frame?projectId=${projectId}&chainId=eip155%3A${chainId}&version=test&enableLogger=${options.enableLogger === true ? "true" : "false"}`,
    panelUrl: (panelId) => `${api.url}/embedded/panel?projectId=${projectId}&panelId=${panelId}`,
    stop: async () => {
      releaseHeld?.()
      host.closeAllConnections()
      stranger.closeAllConnections()
      await Promise.allSettled([api.stop(), node.close(), connection.close(), mail.stop(), close(host), close(stranger)])
      await build.remove()
    }
  }
}
