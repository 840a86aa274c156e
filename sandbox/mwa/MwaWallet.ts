/**
 * The sandbox's Mobile Wallet Adapter wallet: what a wallet app on an Android phone does once the
 * `solana-wallet:` URI launched it. It listens on the URI's port at `/solana-wallet` (localhost only),
 * verifies HELLO_REQ against the association token, answers HELLO_RSP with its sealed session properties,
 * and then serves the Wallet RPC interface with a demo Solana key: authorize (auth tokens it issued,
 * per chain), sign_messages, sign_and_send_transactions to the sandbox's Solana devnet, deauthorize and
 * get_capabilities. `answer: "refuse"` declines every authorization (the visitor said no in the app).
 */
import { randomBytes } from "node:crypto"
import type { AddressInfo } from "node:net"
import { ed25519 } from "@noble/curves/ed25519"
import { base58, base64, base64urlnopad } from "@scure/base"
import { createKeyPairFromBytes, createSolanaRpc, getBase64EncodedWireTransaction, getTransactionDecoder, partiallySignTransaction } from "@solana/kit"
import { WebSocketServer, type WebSocket } from "ws"
import * as Association from "../../core/mwa/Association.ts"
import * as Frames from "../../core/mwa/Frames.ts"
import * as Handshake from "../../core/mwa/Handshake.ts"
import { errorCodes } from "../../core/mwa/MwaErrors.ts"
import type { SolanaAccount } from "../SandboxConfig.ts"

export interface MwaWalletOptions {
  readonly account: SolanaAccount
  /** The chain ids it serves: the sandbox cluster's CAIP-2 id (and any alias a test adds). */
  readonly chains: ReadonlyArray<string>
  readonly rpcUrl: string
  readonly answer?: "approve" | "refuse"
  /** The framing it picks of the two the dapp offers. */
  readonly framing?: "binary" | "base64"
}

export interface MwaWalletSession {
  readonly port: number
  /** Every JSON-RPC method the dapp called, in order. */
  readonly calls: ReadonlyArray<string>
  readonly close: () => Promise<void>
}

class RpcFailure extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/** The wallet app's auth tokens, kept across sessions as an app keeps them: token → chain. */
const issued = new Map<string, string>()

/** Reads `solana-wallet:/v1/associate/local?association=…&port=…&v=…`; undefined for anything else. */
export const readLocalUri = (uri: string): { readonly associationPublicKey: Uint8Array; readonly port: number } | undefined => {
  const prefix = "solana-wallet:/v1/associate/local?"
  if (!uri.startsWith(prefix)) return undefined
  const query = new URLSearchParams(uri.slice(prefix.length))
  const port = Number(query.get("port"))
  const token = query.get("association") ?? ""
  if (!Number.isInteger(port) || port < Association.portRange.min || port > Association.portRange.max) return undefined
  if (!query.getAll("v").includes(Association.protocolVersion)) return undefined
  try {
    const associationPublicKey = base64urlnopad.decode(token)
    return Handshake.isPoint(associationPublicKey) ? { associationPublicKey, port } : undefined
  } catch {
    return undefined
  }
}

/** A non-empty list of strings the request must carry, or the spec's invalid-params error. */
const param = (params: Record<string, unknown>, key: string): ReadonlyArray<string> => {
  const value = params[key]
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === "string")) throw new RpcFailure(-32602, `${key} is required`)
  return value
}

const rpcHandlers = (options: MwaWalletOptions) => {
  const seed = Uint8Array.from(options.account.secretKey.slice(0, 32))
  const publicKey = base58.decode(options.account.address)
  const keyPair = createKeyPairFromBytes(Uint8Array.from(options.account.secretKey))
  let authorized: string | undefined
  const privileged = () => {
    if (authorized === undefined) throw new RpcFailure(errorCodes.authorizationFailed, "The session is not authorized")
  }
  return {
    authorize: (params: Record<string, unknown>) => {
      const chain = typeof params["chain"] === "string" ? params["chain"] : "solana:mainnet"
      if (!options.chains.includes(chain)) throw new RpcFailure(errorCodes.chainNotSupported, `Unsupported chain ${chain}`)
      const previous = typeof params["auth_token"] === "string" ? params["auth_token"] : undefined
      if (options.answer === "refuse" || (previous !== undefined && issued.get(previous) !== chain)) {
        authorized = undefined
        throw new RpcFailure(errorCodes.authorizationFailed, "The user declined the authorization")
      }
      const token = previous ?? randomBytes(24).toString("hex")
      issued.set(token, chain)
      authorized = token
      return {
        auth_token: token,
        accounts: [{
          address: base64.encode(publicKey),
          display_address: options.account.address,
          display_address_format: "base58",
          label: "Demo account",
          chains: [chain],
          features: ["solana:signMessages", "solana:signAndSendTransaction"]
        }]
      }
    },
    deauthorize: (params: Record<string, unknown>) => {
      const token = typeof params["auth_token"] === "string" ? params["auth_token"] : ""
      issued.delete(token)
      if (authorized === token) authorized = undefined
      return {}
    },
    get_capabilities: () => ({ max_transactions_per_request: 10, max_messages_per_request: 10, supported_transaction_versions: ["legacy", 0], features: [] }),
    sign_messages: (params: Record<string, unknown>) => {
      privileged()
      if (param(params, "addresses").some((address) => address !== base64.encode(publicKey))) throw new RpcFailure(errorCodes.invalidPayloads, "Unknown address")
      const messages = param(params, "payloads").map((payload) => base64.decode(payload))
      return { signed_payloads: messages.map((message) => base64.encode(new Uint8Array([...message, ...ed25519.sign(message, seed)]))) }
    },
    sign_and_send_transactions: async (params: Record<string, unknown>) => {
      privileged()
      const rpc = createSolanaRpc(options.rpcUrl)
      const signatures: Array<string> = []
      for (const payload of param(params, "payloads")) {
        const signed = await partiallySignTransaction([await keyPair], getTransactionDecoder().decode(base64.decode(payload)))
        const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send()
        signatures.push(base64.encode(base58.decode(signature)))
      }
      return { signatures }
    }
  }
}

/** One connection: the handshake first, then sealed JSON-RPC; anything out of order closes it. */
const serve = (socket: WebSocket, associationPublicKey: Uint8Array, options: MwaWalletOptions, calls: Array<string>) => {
  const textFrames = socket.protocol === Association.subprotocols.base64
  const send = (bytes: Uint8Array) => socket.send(textFrames ? base64.encode(bytes) : bytes)
  const handlers: Record<string, (params: Record<string, unknown>) => unknown> = rpcHandlers(options)
  let channel: Frames.Channel | undefined
  const ping = setInterval(() => socket.ping(), 5_000)
  socket.on("close", () => clearInterval(ping))
  socket.on("message", async (data: Buffer, isBinary: boolean) => {
    const bytes = isBinary === !textFrames ? (textFrames ? base64.decode(data.toString("utf8")) : new Uint8Array(data)) : undefined
    if (bytes === undefined) return socket.close()
    if (channel === undefined) {
      const dappPoint = Handshake.verifyHelloRequest(bytes, associationPublicKey)
      if (dappPoint === undefined) return socket.close()
      const keys = Handshake.ecdhKeys()
      channel = Frames.channel(Handshake.sessionKey(keys.privateKey, dappPoint, associationPublicKey))
      return send(new Uint8Array([...keys.publicKey, ...channel.seal(new TextEncoder().encode(JSON.stringify({ v: Association.protocolVersion })))]))
    }
    const opened = channel.open(bytes)
    if (opened._tag === "Failure") return socket.close()
    const request = JSON.parse(new TextDecoder().decode(opened.success)) as { id: number; method: string; params?: Record<string, unknown> }
    calls.push(request.method)
    const handler = handlers[request.method]
    const answer = await Promise.resolve()
      .then(() => {
        if (handler === undefined) throw new RpcFailure(-32601, `Method not found: ${request.method}`)
        return handler(request.params ?? {})
      })
      .then(
        (result) => ({ jsonrpc: "2.0", id: request.id, result }),
        (failure: unknown) => ({
          jsonrpc: "2.0",
          id: request.id,
          error: failure instanceof RpcFailure ? { code: failure.code, message: failure.message } : { code: errorCodes.notSubmitted, message: String(failure) }
        })
      )
    send(channel.seal(new TextEncoder().encode(JSON.stringify(answer))))
  })
}

/** Starts the wallet app's side for an association URI, as the phone does on launch. */
export const associate = (uri: string, options: MwaWalletOptions): Promise<MwaWalletSession> => {
  const association = readLocalUri(uri)
  if (association === undefined) return Promise.reject(new Error(`Not a local association URI: ${uri}`))
  const calls: Array<string> = []
  const preferred = options.framing === "base64" ? Association.subprotocols.base64 : Association.subprotocols.binary
  const server = new WebSocketServer({
    host: "127.0.0.1",
    port: association.port,
    path: "/solana-wallet",
    handleProtocols: (offered) => (offered.has(preferred) ? preferred : false)
  })
  server.on("connection", (socket) => serve(socket, association.associationPublicKey, options, calls))
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.once("listening", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        calls,
        close: () =>
          new Promise<void>((done) => {
            for (const client of server.clients) client.terminate()
            server.close(() => done())
          })
      }))
  })
}
