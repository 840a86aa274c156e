/**
 * The deployment guide's reverse proxy, run (docs/deploy.md, "Reverse proxy: TLS and HSTS"; the guide's own
 * test checks it shows docs/deploy/nginx.conf as committed). That file, with only its machines' addresses,
 * ports and certificate folders swapped for this machine's, runs in Debian's nginx (a self-signed certificate
 * for both host names, made with `openssl req`) in front of a real API server and a real relay. Through it:
 * TLS for each host name, the HSTS header on every answer, plain HTTP redirected, the API and its probes
 * answered although one of the two configured API machines is down, the visitor's address (and not one it
 * forged) reaching the API through X-Forwarded-For, the relay's health, and a relay WebSocket carrying a
 * message between two of core's relay clients although one of the two relay machines is down.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { request as httpRequest, type IncomingMessage } from "node:http"
import { request as httpsRequest } from "node:https"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WebSocket, type ClientOptions } from "ws"
import { generateSeed } from "../../core/walletconnect/RelayAuth.ts"
import * as RelayClient from "../../core/walletconnect/RelayClient.ts"
import { startRelay, type Relay } from "../../http/relay/Relay.ts"
import { startApiServer, type ApiServer } from "../../http/server/start.ts"
import { startNginx, type Nginx } from "../../scripts/ops/Nginx.ts"
import { closedPort } from "../http/support/rpcNode.ts"

const configFile = readFileSync(fileURLToPath(new URL("../../docs/deploy/nginx.conf", import.meta.url)), "utf8")
const walletHost = "wallet.example.com"
const relayHost = "relay.example.com"
const hsts = "max-age=63072000; includeSubDomains; preload"

/** What the tests run against: the proxy's two ports, the certificate it serves, and what stands behind it. */
interface Deployment {
  readonly api: ApiServer
  readonly relay: Relay
  readonly nginx: Nginx
  readonly certificate: string
  readonly ports: { readonly http: number; readonly https: number }
}
let deployment: Deployment | undefined
const certDir = mkdtempSync(join(tmpdir(), "portico-tls-"))
const apiLog: Array<string> = []
const deployed = (): Deployment => {
  if (deployment === undefined) throw new Error("the proxy did not start")
  return deployment
}

/** The file's literals that name the operator's machines, each of which must be in it, and this machine's values. */
const localised = (swaps: ReadonlyArray<readonly [string, string]>): string =>
  swaps.reduce((text, [literal, value]) => {
    if (!text.includes(literal)) throw new Error(`docs/deploy/nginx.conf no longer contains ${literal}`)
    return text.replaceAll(literal, value)
  }, configFile)

beforeAll(async () => {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
    "-subj", `/CN=${walletHost}`, "-addext", `subjectAltName=DNS:${walletHost},DNS:${relayHost}`,
    "-keyout", join(certDir, "privkey.pem"), "-out", join(certDir, "fullchain.pem")
  ], { stdio: "pipe" })
  const [api, relay] = await Promise.all([
    startApiServer({ port: 0, projects: { deploy: { allowedOrigins: ["https://www.example.com"] } }, trustedProxies: ["127.0.0.1"], logAddresses: true }, { log: (line) => void apiLog.push(line) }),
    startRelay({ publicUrl: `wss://${relayHost}` })
  ])
  const [http, https, apiDown, relayDown] = await Promise.all([closedPort(), closedPort(), closedPort(), closedPort()])
  const nginx = await startNginx(localised([
    ["listen 80;", `listen 127.0.0.1:${http};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${https} ssl http2;`],
    [`/etc/letsencrypt/live/${walletHost}`, certDir],
    [`/etc/letsencrypt/live/${relayHost}`, certDir],
    ["10.0.0.11:8790", `127.0.0.1:${apiDown}`],
    ["10.0.0.12:8790", new URL(api.url).host],
    ["10.0.0.11:5555", `127.0.0.1:${relayDown}`],
    ["10.0.0.12:5555", new URL(relay.url).host]
  ]))
  deployment = { api, relay, nginx, certificate: readFileSync(join(certDir, "fullchain.pem"), "utf8"), ports: { http, https } }
}, 60_000)

afterAll(async () => {
  await deployment?.nginx.stop()
  await Promise.all([deployment?.api.stop(), deployment?.relay.stop()])
  rmSync(certDir, { recursive: true, force: true })
})

interface Answer {
  readonly status: number
  readonly headers: IncomingMessage["headers"]
  readonly body: string
  readonly protocol?: string
}

const collect = (resolve: (answer: Answer) => void, protocol?: () => string | undefined) => (response: IncomingMessage) => {
  let body = ""
  response.setEncoding("utf8").on("data", (chunk: string) => void (body += chunk))
  response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ...(protocol === undefined ? {} : { protocol: protocol() ?? "" }) }))
}

interface GetOptions {
  readonly host?: string
  readonly headers?: Record<string, string>
  /** Any 127.x address is this machine: another one plays a visitor who is not the proxy. */
  readonly localAddress?: string
}

/** A GET over TLS to the proxy for `host`, trusting only the test's certificate and checking it names `host`. */
const secureGet = (path: string, { host = walletHost, headers = {}, localAddress = "127.0.0.1" }: GetOptions = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const { ports, certificate } = deployed()
    const sent = httpsRequest({ host: "127.0.0.1", port: ports.https, path, servername: host, ca: certificate, localAddress, headers: { host, ...headers } }, (response) => {
      const socket = response.socket as { getProtocol?: () => string | null }
      collect(resolve, () => socket.getProtocol?.() ?? undefined)(response)
    })
    sent.on("error", reject).end()
  })

/** The client address the API logged for an answer (its request log line carries the x-request-id). */
const clientOf = (answer: Answer) =>
  apiLog.map((entry) => JSON.parse(entry) as { readonly requestId?: string; readonly client?: string }).find((entry) => entry.requestId === answer.headers["x-request-id"])?.client

describe("the guide's nginx configuration", () => {
  it("serves the API over TLS for the wallet origin with HSTS, past an API machine that is down", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => secureGet("/readyz")))
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toMatchObject({ status: "ok" })
      expect(answer.headers["strict-transport-security"]).toBe(hsts)
      expect(answer.protocol).toMatch(/^TLSv1\.[23]$/)
    }
    const missing = await secureGet("/no-such-route")
    expect(missing.status).toBe(404)
    expect(missing.headers["strict-transport-security"]).toBe(hsts)
  })

  it("refuses a client that does not trust the certificate", async () => {
    const refused = new Promise<Error>((resolve) => {
      httpsRequest({ host: "127.0.0.1", port: deployed().ports.https, path: "/healthz", servername: walletHost }, () => resolve(new Error("answered"))).on("error", resolve).end()
    })
    expect((await refused).message).toMatch(/self[- ]signed/i)
  })

  it.each([walletHost, relayHost])("redirects plain HTTP for %s to HTTPS", async (host) => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port: deployed().ports.http, path: "/healthz?x=1", headers: { host } }, collect(resolve)).on("error", reject).end()
    })
    expect(answer.status).toBe(301)
    expect(answer.headers.location).toBe(`https://${host}/healthz?x=1`)
  })

  it("hands the API the visitor's address through X-Forwarded-For, not an address the visitor wrote there", async () => {
    const visitor = "127.0.0.2"
    expect(clientOf(await secureGet("/healthz", { localAddress: visitor }))).toBe(visitor)
    expect(clientOf(await secureGet("/healthz", { localAddress: visitor, headers: { "x-forwarded-for": "203.0.113.7" } }))).toBe(visitor)
  })

  it("answers the relay's health check on the relay's host name, with HSTS", async () => {
    const answer = await secureGet("/health", { host: relayHost })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe("ok\n")
    expect(answer.headers["strict-transport-security"]).toBe(hsts)
  })

  it("carries relay WebSockets at wss://relay.example.com past a relay machine that is down: a published message reaches another client", async () => {
    const { ports, certificate } = deployed()
    // ws hands `servername` to tls.connect (SNI and the certificate's name) though its type leaves it out.
    const tls: ClientOptions & { readonly servername: string } = { ca: certificate, servername: relayHost, headers: { host: relayHost } }
    const openSocket = (url: string) => new WebSocket(url.replace(`wss://${relayHost}`, `wss://127.0.0.1:${ports.https}`), tls) as unknown as RelayClient.Socket
    const client = (onPush: (push: RelayClient.Push) => void) => RelayClient.make({ relayUrl: `wss://${relayHost}`, projectId: "deploy", seed: generateSeed(), openSocket, onPush })
    const topic = "d".repeat(64)
    const received = new Promise<string>((resolve) => {
      const reader = client((push) => {
        reader.close()
        resolve(push.message)
      })
      void reader.subscribe(topic).then(async () => {
        const writer = client(() => undefined)
        await writer.publish(topic, "through nginx", { ttl: 300, tag: 1108 })
        writer.close()
      })
    })
    expect(await received).toBe("through nginx")
  })
})
