import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { Address } from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { WebSocketServer, type RawData } from "ws"
import { listen } from "../Listen.ts"
import { Chain } from "./Chain.ts"
import { dispatch, errorResponse, PARSE_ERROR, RpcError, stringify } from "./JsonRpc.ts"
import { startJupiter, jupiterPath, type JupiterStandIn } from "./JupiterStandIn.ts"
import { land } from "./Landing.ts"
import { makePythOracle, type PythOracle } from "./PythOracle.ts"
import { makeRpcMethods } from "./RpcMethods.ts"
import { GENESIS_HASH, seed, SEED_HISTORY_SECONDS } from "./Seed.ts"
import type { SolanaDeployment } from "./SolanaDeployment.ts"
import { SubscriptionHub } from "./Subscriptions.ts"

export type { SolanaDeployment } from "./SolanaDeployment.ts"
export { CAIP_NETWORK_ID, GENESIS_HASH } from "./Seed.ts"

/** A slot every 400 ms, as on mainnet; a blockhash therefore expires after about a minute. */
const DEFAULT_SLOT_MS = 400
/** Pyth's feeds are republished when this much time has passed (well within their 60 s age). */
const PYTH_REFRESH_SECONDS = 4
const MAX_BODY_BYTES = 5 * 1024 * 1024
const nowSeconds = () => Math.floor(Date.now() / 1000)

export interface SolanaDevnetOptions {
  readonly host?: string
  /** 0 = ephemeral. */
  readonly port?: number
  readonly slotMs?: number
}

export interface SolanaDevnet {
  readonly rpcUrl: string
  /** PubSub on the same port as the HTTP RPC. */
  readonly wsUrl: string
  readonly deployment: SolanaDeployment
  /** The Pyth price feeds at their mainnet addresses (a test may post a stale or doubtful update). */
  readonly pyth: PythOracle
  /** The Jupiter Swap API stand-in's base URL (JupiterStandIn.ts), on the RPC's port. */
  readonly jupiterUrl: string
  stop(): Promise<void>
}

/**
 * LiteSVM behind a Solana JSON-RPC (HTTP, CORS open) and PubSub (WebSocket) server on one port, seeded
 * deterministically (see Seed.ts). HTTP methods: getHealth, getVersion, getGenesisHash, getSlot, getBlockHeight,
 * getEpochInfo, getTransactionCount, getLatestBlockhash, isBlockhashValid, getMinimumBalanceForRentExemption,
 * getFeeForMessage, getRecentPrioritizationFees, getBalance, getAccountInfo, getMultipleAccounts,
 * getProgramAccounts, getTokenAccountsByOwner, getTokenAccountBalance, getTokenSupply, getSignatureStatuses,
 * getSignaturesForAddress, getTransaction, requestAirdrop, simulateTransaction, sendTransaction.
 * PubSub: signatureSubscribe, slotSubscribe, accountSubscribe and their unsubscribes.
 */
export const startSolanaDevnet = async (options: SolanaDevnetOptions = {}): Promise<SolanaDevnet> => {
  const host = options.host ?? "127.0.0.1"
  const chain = new Chain(GENESIS_HASH, nowSeconds() - SEED_HISTORY_SECONDS)
  const { deployment, faucet } = await seed(chain, nowSeconds())
  const airdrop = async (recipient: Address, amount: bigint) =>
    (await land(chain, faucet.signer, [getTransferSolInstruction({ source: faucet.signer, destination: recipient, amount })])).signature
  const pyth = makePythOracle(chain)
  let pythPublished = nowSeconds()
  pyth.refresh(pythPublished)
  const jupiter = await startJupiter(chain, deployment.usdc, faucet)
  const methods = makeRpcMethods(chain, airdrop)
  const hub = new SubscriptionHub(chain)

  const server = createServer((request, response) => {
    handleHttp(methods, jupiter, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  const port = await listen(server, options.port ?? 0, host)
  // Attached once listening: a WebSocketServer re-emits its HTTP server's errors, and a taken port must
  // reject the start (listen), not be thrown from an 'error' event nobody can catch.
  const sockets = new WebSocketServer({ server })
  sockets.on("connection", (socket) => {
    // Slots and transactions keep notifying while a socket closes; only open sockets are written to.
    const send = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text)
    }
    const connection = hub.connect((message) => send(stringify(message)))
    socket.on("message", (data: RawData) => {
      void answer(connection.methods, rawText(data)).then((reply) => {
        if (reply !== undefined) send(reply)
      })
    })
    socket.on("close", connection.close)
  })

  const ticker = setInterval(() => {
    chain.advanceSlot(nowSeconds())
    // By the clock, not by slots: a busy event loop skips ticks.
    if (nowSeconds() - pythPublished >= PYTH_REFRESH_SECONDS) {
      pythPublished = nowSeconds()
      pyth.refresh(pythPublished)
    }
  }, options.slotMs ?? DEFAULT_SLOT_MS)
  const urlHost = host.includes(":") ? `[${host}]` : host
  let stopped: Promise<void> | undefined
  const stop = async () => {
    clearInterval(ticker)
    for (const client of sockets.clients) client.terminate()
    await new Promise<void>((resolve) => sockets.close(() => resolve()))
    server.closeAllConnections()
    await new Promise<void>((resolve, reject) => server.close((error) => (error === undefined ? resolve() : reject(error))))
  }

  return {
    rpcUrl: `http://${urlHost}:${port}`,
    wsUrl: `ws://${urlHost}:${port}`,
    deployment,
    pyth,
    jupiterUrl: `http://${urlHost}:${port}${jupiterPath}`,
    // Idempotent, so a Ctrl-C handler and a test teardown may both call it.
    stop: () => (stopped ??= stop())
  }
}

const rawText = (data: RawData): string =>
  Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString("utf8")

/** Parses and answers one JSON-RPC payload; the serialised reply, or `undefined` for notifications. */
const answer = async (methods: Parameters<typeof dispatch>[0], text: string): Promise<string | undefined> => {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return stringify(errorResponse(null, new RpcError(PARSE_ERROR, "Parse error")))
  }
  const reply = await dispatch(methods, body)
  return reply === undefined ? undefined : stringify(reply)
}

const corsHeaders = (request: IncomingMessage) => ({
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "content-type, solana-client",
  "access-control-max-age": "86400"
})

/** The body as text; undefined past MAX_BODY_BYTES. */
const bodyOf = async (request: IncomingMessage): Promise<string | undefined> => {
  const chunks: Array<Buffer> = []
  let size = 0
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > MAX_BODY_BYTES) return undefined
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString("utf8")
}

const handleHttp = async (methods: Parameters<typeof dispatch>[0], jupiter: JupiterStandIn, request: IncomingMessage, response: ServerResponse) => {
  const cors = corsHeaders(request)
  if (request.method === "OPTIONS") {
    response.writeHead(204, cors).end()
    return
  }
  if (await jupiter.handle(request, response, async () => (await bodyOf(request)) ?? "")) return
  if (request.method === "GET" && request.url === "/health") {
    response.writeHead(200, { ...cors, "content-type": "text/plain" }).end("ok")
    return
  }
  if (request.method !== "POST") {
    response.writeHead(405, { ...cors, allow: "POST, GET, OPTIONS" }).end()
    return
  }
  const text = await bodyOf(request)
  if (text === undefined) {
    response.writeHead(413, cors).end()
    return
  }
  const reply = await answer(methods, text)
  if (reply === undefined) response.writeHead(204, cors).end()
  else response.writeHead(200, { ...cors, "content-type": "application/json" }).end(reply)
}
