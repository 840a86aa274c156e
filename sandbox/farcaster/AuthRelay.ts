/**
 * A Farcaster Auth relay (FIP-11's HTTP protocol, as relay.farcaster.xyz serves it) with the sandbox's
 * Farcaster client beside it:
 *
 * - `POST /v1/channel` {siweUri, domain, nonce?, notBefore?, expirationTime?, requestId?} → 201
 *   {channelToken, url, nonce}: the app opens a channel; `url` is the Sign In With Farcaster link for the
 *   visitor's Farcaster client (this server's `/~/siwf` page here, farcaster.xyz's in the real world).
 * - `GET /v1/channel/status` (Authorization: Bearer <channelToken>) → 202 {state: "pending", nonce, url}
 *   or 200 {state: "completed", message, signature, fid, username, …}.
 * - `POST /v1/channel/authenticate` (Bearer <channelToken>) {message, signature, fid, username, …} → 201:
 *   the Farcaster client hands over what the visitor signed. A relay checks nothing of it: the app does.
 *
 * Channels live an hour. The client's page (`/~/siwf?channelToken=…`) shows the request and posts back
 * to itself: Approve signs with the demo custody key (DemoClient.ts) and authenticates the channel.
 */
import { randomBytes, randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import * as Schema from "effect/Schema"
import { listen } from "../Listen.ts"
import { readForm } from "../oidc/FormBody.ts"
import * as DemoClient from "./DemoClient.ts"
import { renderClientPage, renderDonePage, sendHtml } from "./ClientPage.ts"

export const channelTtlMillis = 60 * 60_000
export const clientPath = "/~/siwf"

const ChannelRequest = Schema.Struct({
  siweUri: Schema.String.check(Schema.isMaxLength(2000)),
  domain: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(253)),
  nonce: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]{8,64}$/))),
  notBefore: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(40))),
  expirationTime: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(40))),
  requestId: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200)))
})
type ChannelRequest = typeof ChannelRequest.Type

const Authentication = Schema.Struct({
  message: Schema.String.check(Schema.isMaxLength(4000)),
  signature: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]+$/)),
  fid: Schema.Number,
  username: Schema.optionalKey(Schema.String),
  displayName: Schema.optionalKey(Schema.String),
  bio: Schema.optionalKey(Schema.String),
  pfpUrl: Schema.optionalKey(Schema.String),
  custody: Schema.optionalKey(Schema.String)
})
type Authentication = typeof Authentication.Type

interface Channel {
  readonly request: ChannelRequest & { readonly nonce: string }
  readonly url: string
  readonly expiresAt: number
  completed?: Authentication
}

export interface AuthRelayOptions {
  readonly host: string
  /** 0 picks a free port. */
  readonly port: number
}

export interface AuthRelay {
  /** http://host:port, the relay's URL (`ServerOptions.embedded.farcaster.relayUrl`). */
  readonly url: string
  readonly stop: () => Promise<void>
}

const readJson = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Array<Buffer> = []
  let size = 0
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > 16 * 1024) return undefined
    chunks.push(buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"))
  } catch {
    return undefined
  }
}

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
  response.end(JSON.stringify(body))
}

const bearerOf = (request: IncomingMessage): string | undefined => {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")
  return match?.[1]
}

export const startAuthRelay = async (options: AuthRelayOptions): Promise<AuthRelay> => {
  const channels = new Map<string, Channel>()
  let origin = ""

  /** The channel a token names while it lives. */
  const channelOf = (token: string | undefined): Channel | undefined => {
    if (token === undefined) return undefined
    const channel = channels.get(token)
    if (channel !== undefined && channel.expiresAt <= Date.now()) channels.delete(token)
    return channels.get(token)
  }

  const open = (request: ChannelRequest) => {
    const channelToken = randomUUID()
    const nonce = request.nonce ?? randomBytes(12).toString("hex")
    const link = new URL(`${origin}${clientPath}`)
    link.searchParams.set("channelToken", channelToken)
    for (const [key, value] of Object.entries({ ...request, nonce })) link.searchParams.set(key, value)
    channels.set(channelToken, { request: { ...request, nonce }, url: link.href, expiresAt: Date.now() + channelTtlMillis })
    return { channelToken, url: link.href, nonce }
  }

  const statusOf = (channel: Channel) =>
    channel.completed === undefined
      ? [202, { state: "pending", nonce: channel.request.nonce, url: channel.url, metadata: { ip: "127.0.0.1", userAgent: "" } }] as const
      : [200, { state: "completed", nonce: channel.request.nonce, url: channel.url, ...channel.completed, signatureParams: channel.request }] as const

  const api = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (request.method === "POST" && path === "/v1/channel") {
      const decoded = Schema.decodeUnknownOption(ChannelRequest)(await readJson(request))
      return decoded._tag === "Some" ? sendJson(response, 201, open(decoded.value)) : sendJson(response, 400, { error: "Invalid channel request" })
    }
    const channel = channelOf(bearerOf(request))
    if (path === "/v1/channel/status" && request.method === "GET") {
      if (channel === undefined) return sendJson(response, 401, { error: "Unauthorized" })
      const [status, body] = statusOf(channel)
      return sendJson(response, status, body)
    }
    if (path === "/v1/channel/authenticate" && request.method === "POST") {
      const decoded = Schema.decodeUnknownOption(Authentication)(await readJson(request))
      if (channel === undefined) return sendJson(response, 401, { error: "Unauthorized" })
      if (decoded._tag === "None") return sendJson(response, 400, { error: "Invalid authentication" })
      channel.completed = decoded.value
      return sendJson(response, 201, statusOf(channel)[1])
    }
    return sendJson(response, 404, { error: "Not found" })
  }

  const client = async (request: IncomingMessage, response: ServerResponse, query: URLSearchParams) => {
    const form = request.method === "POST" ? await readForm(request) : undefined
    const siwf = DemoClient.requestOf(form ?? query)
    const channel = siwf === undefined ? undefined : channelOf(siwf.channelToken)
    if (siwf === undefined || channel === undefined) return sendHtml(response, 404, renderDonePage("This sign-in link is not valid or has expired."))
    if (form === undefined) return sendHtml(response, 200, renderClientPage(siwf, DemoClient.demoFarcasterAccount))
    channel.completed = await DemoClient.approve(siwf, new Date())
    return sendHtml(response, 200, renderDonePage(`Signed in to ${siwf.domain}. You can go back to the app.`))
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://relay.invalid")
    const handled = url.pathname === clientPath ? client(request, response, url.searchParams) : api(request, response, url.pathname)
    handled.catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: "Internal error" })
      else response.destroy()
    })
  })
  const sockets = new Set<Socket>()
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  const port = await listen(server, options.port, options.host)
  origin = `http://${options.host}:${port}`
  return {
    url: origin,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
