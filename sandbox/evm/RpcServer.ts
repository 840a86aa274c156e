import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** The part of an EIP-1193 provider the server needs. */
export interface RpcProvider {
  request(args: { readonly method: string; readonly params?: ReadonlyArray<unknown> }): Promise<unknown>
}

export interface RpcServer {
  readonly url: string
  close(): Promise<void>
}

type JsonRpcId = string | number | null

interface JsonRpcResponse {
  readonly jsonrpc: "2.0"
  readonly id: JsonRpcId
  readonly result?: unknown
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const failure = (id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse => ({
  jsonrpc: "2.0",
  id,
  error: data === undefined ? { code, message } : { code, message, data }
})

// Execution reverts (code 3) carry the raw return data, as geth does and viem decodes; other provider
// errors keep their code and message.
const fromProviderError = (id: JsonRpcId, error: unknown): JsonRpcResponse => {
  if (!(error instanceof Error)) return failure(id, -32603, String(error))
  const code = "code" in error && typeof error.code === "number" ? error.code : -32603
  const data = "data" in error ? error.data : undefined
  const returnData = typeof data === "string" ? data : isRecord(data) && typeof data["data"] === "string" ? data["data"] : undefined
  return failure(id, code, error.message, returnData)
}

const answer = async (provider: RpcProvider, payload: unknown): Promise<JsonRpcResponse> => {
  if (!isRecord(payload)) return failure(null, -32600, "Invalid request")
  const id = typeof payload["id"] === "string" || typeof payload["id"] === "number" ? payload["id"] : null
  const params = payload["params"] ?? []
  if (typeof payload["method"] !== "string" || !Array.isArray(params)) return failure(id, -32600, "Invalid request")
  try {
    return { jsonrpc: "2.0", id, result: await provider.request({ method: payload["method"], params }) }
  } catch (error) {
    return fromProviderError(id, error)
  }
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString("utf8")
}

const handle = async (provider: RpcProvider, request: IncomingMessage, response: ServerResponse): Promise<void> => {
  // Pages of the demo site and the wallet page call the chain straight from the browser.
  response.setHeader("Access-Control-Allow-Origin", "*")
  response.setHeader("Access-Control-Allow-Methods", "POST, OPTIONS")
  response.setHeader("Access-Control-Allow-Headers", "*")
  if (request.method === "OPTIONS") {
    response.writeHead(204).end()
    return
  }
  if (request.method !== "POST") {
    response.writeHead(405, { Allow: "POST, OPTIONS" }).end()
    return
  }
  let payload: unknown
  try {
    payload = JSON.parse(await readBody(request))
  } catch (error) {
    payload = error
  }
  const body =
    payload instanceof Error
      ? failure(null, -32700, `Parse error: ${payload.message}`)
      : Array.isArray(payload)
        ? await Promise.all(payload.map((entry) => answer(provider, entry)))
        : await answer(provider, payload)
  response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body))
}

/** Serves JSON-RPC 2.0 over HTTP POST (single and batch, CORS open) in front of an in-process provider. */
export const serveJsonRpc = (options: { readonly provider: RpcProvider; readonly host: string; readonly port: number }): Promise<RpcServer> =>
  new Promise((resolve, reject) => {
    const server = createServer((request, response) => {
      handle(options.provider, request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500).end(String(error))
      })
    })
    server.once("error", (cause) => reject(new RpcServerError(`cannot listen on ${options.host}:${options.port}: ${cause.message}`, { cause })))
    server.listen(options.port, options.host, () => {
      const { address, port } = server.address() as AddressInfo
      const host = address.includes(":") ? `[${address}]` : address
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done())
            // Keep-alive sockets of clients would otherwise hold the close open for seconds.
            server.closeAllConnections()
          })
      })
    })
  })

export class RpcServerError extends Error {
  override readonly name = "RpcServerError"
}
