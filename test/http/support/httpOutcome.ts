/**
 * One HTTP request as a load balancer sees it: a complete answer (status, body, `Connection` header, when
 * it ended), or a failure naming whether the connection was refused, reset on a kept-alive socket before
 * any answer, or cut while the answer was arriving.
 */
import { request, type Agent } from "node:http"

export type Outcome =
  | {
    readonly ok: true
    readonly status: number
    readonly body: string
    readonly connection: string | undefined
    /** performance.now() when the answer had fully arrived. */
    readonly at: number
  }
  | {
    readonly ok: false
    /** The socket error's code (ECONNREFUSED, ECONNRESET…), or `cut` when the answer stopped half-way. */
    readonly code: string
    /** Whether the request went out on a kept-alive socket an earlier answer had used. */
    readonly reused: boolean
    /** Whether any of the answer had arrived. */
    readonly answered: boolean
    readonly at: number
  }

export interface Init {
  readonly method?: string
  readonly body?: string
  readonly headers?: Readonly<Record<string, string>>
  /** Called once the whole request is written to the socket (on loopback: in the server's kernel). */
  readonly sent?: () => void
}

export const send = (agent: Agent, url: string, init: Init = {}): Promise<Outcome> =>
  new Promise((resolve) => {
    let answered = false
    const outgoing = request(url, {
      agent,
      method: init.method ?? "GET",
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(init.body)) }),
        ...init.headers
      }
    }, (response) => {
      answered = true
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => (body += chunk))
      response.on("end", () => {
        // A response whose connection closed before its declared length arrived ends without `complete`.
        if (!response.complete) return
        resolve({ ok: true, status: response.statusCode ?? 0, body, connection: response.headers.connection, at: performance.now() })
      })
      response.on("aborted", () => resolve({ ok: false, code: "cut", reused: outgoing.reusedSocket, answered, at: performance.now() }))
      response.on("error", () => resolve({ ok: false, code: "cut", reused: outgoing.reusedSocket, answered, at: performance.now() }))
      response.on("close", () => {
        if (!response.complete) resolve({ ok: false, code: "cut", reused: outgoing.reusedSocket, answered, at: performance.now() })
      })
    })
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, code: error.code ?? error.message, reused: outgoing.reusedSocket, answered, at: performance.now() }))
    if (init.sent !== undefined) outgoing.once("finish", init.sent)
    outgoing.end(init.body)
  })
