/**
 * The sandbox's onramp providers: one HTTP server on its own origin standing in for MoonPay
 * (MoonPayStandIn.ts, under `/moonpay/`) and Coinbase Onramp (CoinbaseStandIn.ts, under `/coinbase/`),
 * each speaking its provider's documented protocol on its provider's paths, so Portico's server talks to
 * them exactly as to the real ones (only the base URLs and keys differ). Both hand the visitor to the
 * same card checkout (Checkouts.ts, `POST /checkout/pay`), which delivers from the treasury on the devnet
 * (Treasury.ts). Pages are served with a strict CSP (no inline script or style).
 */
import { readFile } from "node:fs/promises"
import { createServer } from "node:http"
import type { Socket } from "node:net"
import type { Address } from "viem"
import { listen } from "../Listen.ts"
import { sandboxFile } from "../SandboxFiles.ts"
import type { RampNetwork } from "./Catalogue.ts"
import { makeCheckouts } from "./Checkouts.ts"
import { makeCoinbaseStandIn } from "./CoinbaseStandIn.ts"
import { json, send } from "./Http.ts"
import { makeMoonPayStandIn } from "./MoonPayStandIn.ts"
import type { RampCredentials } from "./Ramps.ts"
import { makeTreasury } from "./Treasury.ts"

export { csp } from "./Http.ts"

export interface OnrampProviderOptions {
  readonly host?: string
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** The chains it delivers on. */
  readonly networks: ReadonlyArray<RampNetwork>
  /** The same credentials Portico's API server is given (Ramps.serverOptions). */
  readonly credentials: RampCredentials
  /** Where the MoonPay stand-in posts its webhooks: Portico's `/v1/onramp/webhook/moonpay` (asked at each purchase). */
  readonly moonPayWebhookUrl: () => string
}

export interface OnrampProvider {
  readonly url: string
  /** The account every purchase is paid out from. */
  readonly treasury: Address
  readonly stop: () => Promise<void>
}

export const startOnrampProvider = async (options: OnrampProviderOptions): Promise<OnrampProvider> => {
  const host = options.host ?? "127.0.0.1"
  const treasury = makeTreasury(options.networks)
  await treasury.fund()
  const [script, css] = await Promise.all([
    readFile(sandboxFile("onramp/checkout.js"), "utf8"),
    readFile(sandboxFile("onramp/checkout.css"), "utf8")
  ])
  const checkouts = makeCheckouts(treasury)
  const moonPay = makeMoonPayStandIn({ networks: options.networks, credentials: options.credentials.moonpay, webhookUrl: options.moonPayWebhookUrl, checkouts })
  const coinbase = makeCoinbaseStandIn({ networks: options.networks, credentials: options.credentials.coinbase, checkouts })

  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    const raw = request.url ?? "/"
    const url = new URL(raw, "http://provider.invalid")
    const rawQuery = raw.includes("?") ? raw.slice(raw.indexOf("?")) : ""
    const handled = url.pathname === "/checkout.js"
      ? Promise.resolve(send(response, 200, "text/javascript; charset=utf-8", script))
      : url.pathname === "/checkout.css"
      ? Promise.resolve(send(response, 200, "text/css; charset=utf-8", css))
      : url.pathname === "/checkout/pay" && request.method === "POST"
      ? checkouts.pay(request, response)
      : moonPay(request, response, url, rawQuery) ?? coinbase(request, response, url) ?? Promise.resolve(json(response, 404, { message: "Not Found" }))
    handled.catch(() => {
      if (response.headersSent) response.destroy()
      else send(response, 500, "text/plain; charset=utf-8", "Internal error")
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  const port = await listen(server, options.port ?? 0, host)
  return {
    url: `http://${host}:${port}`,
    treasury: treasury.address,
    stop: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      })
  }
}
