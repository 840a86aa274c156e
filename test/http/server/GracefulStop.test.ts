/**
 * SIGTERM under load, as an operator rolls a deployment behind a load balancer: `portico-server --only api` on
 * PGlite with a chain whose node answers slowly; many keep-alive clients hit a cheap route and the slow
 * chain RPC; SIGTERM mid-load. Every request the server accepted is answered in full and below 500 (the
 * slow ones in flight included), what came after the stop is refused (a balancer retries those), `/readyz`
 * says `stopping`, and the process exits 0 within the deadline. A request longer than the deadline is cut
 * and the process still exits 0. In-process: idle connections close at once, before the busy ones finish.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { Agent } from "node:http"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, describe, expect, it } from "vitest"
import { startApiServer } from "../../../http/server/start.ts"
import { newDeviceId, newEmail, pageOrigin, projectId as embeddedProject, signIn, startEmbeddedWorld, withEmbedded } from "../support/embedded.ts"
import { send, type Outcome } from "../support/httpOutcome.ts"
import { startSlowNode, type SlowNode } from "../support/rpcNode.ts"
import { startServerProcess, type ServerProcess } from "../support/serverProcess.ts"

const dir = mkdtempSync(join(tmpdir(), "portico-drain-"))
const nodes: Array<SlowNode> = []
const processes: Array<ServerProcess> = []
afterAll(async () => {
  for (const server of processes) if (server.child.exitCode === null) server.child.kill("SIGKILL")
  await Promise.all(nodes.map((node) => node.stop()))
  rmSync(dir, { recursive: true, force: true })
})

const projectId = "drain"
const rpcPath = `/v1/?chainId=eip155%3A1&projectId=${projectId}`
const blockNumber = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] })

/** A slow node for chain 1: `eth_blockNumber` answers after a second. */
const slowNode = async (): Promise<SlowNode> => {
  const node = await startSlowNode({ eth_chainId: "0x1", eth_blockNumber: "0x10" }, { eth_blockNumber: 1_000 })
  nodes.push(node)
  return node
}

/** The CLI on its own PGlite folder, the node as chain 1, rate limits no load here reaches. */
const serve = async (name: string, node: SlowNode, stopDeadlineSeconds: number): Promise<ServerProcess> => {
  const server = await startServerProcess({
    api: {
      projects: { [projectId]: { allowedOrigins: ["https://app.example"] } },
      evm: [{ chainId: 1, rpcUrl: node.url }],
      rateLimit: { requests: 1_000_000, perSeconds: 60 },
      stopDeadlineSeconds
    },
    dataDir: join(dir, name)
  })
  processes.push(server)
  return server
}

interface Sent {
  readonly route: "healthz" | "rpc"
  readonly outcome: Outcome
}

/** One keep-alive client asking `route` again and again, until a connection is refused. */
const client = async (url: string, sent: Array<Sent>, route: Sent["route"]): Promise<void> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  for (;;) {
    const outcome = route === "healthz" ? await send(agent, `${url}/healthz`) : await send(agent, `${url}${rpcPath}`, { method: "POST", body: blockNumber })
    sent.push({ route, outcome })
    if (!outcome.ok && outcome.code === "ECONNREFUSED") break
  }
  agent.destroy()
}

/** Fresh connections until one is refused: the listener has closed. Answers on the way are kept. */
const untilRefused = async (url: string, sent: Array<Sent>): Promise<number> => {
  for (;;) {
    const agent = new Agent({ keepAlive: false })
    const outcome = await send(agent, `${url}/healthz`)
    agent.destroy()
    if (!outcome.ok) return outcome.at
    sent.push({ route: "healthz", outcome })
    await sleep(20)
  }
}

/** A failure a balancer retries: refused, or reset on a kept-alive socket before any answer (it was idle). */
const retryable = (outcome: Outcome): boolean =>
  !outcome.ok && (outcome.code === "ECONNREFUSED" || (outcome.reused && !outcome.answered && (outcome.code === "ECONNRESET" || outcome.code === "cut")))

describe("SIGTERM to the API server's CLI", () => {
  it("under load answers every accepted request in full and below 500, says stopping, and exits 0 within the deadline", async () => {
    const node = await slowNode()
    const deadlineSeconds = 15
    const server = await serve("load", node, deadlineSeconds)
    const sent: Array<Sent> = []
    // Half the clients on the cheap route, half on the slow chain call.
    const load = Array.from({ length: 16 }, (_, index) => client(server.url, sent, index % 2 === 0 ? "healthz" : "rpc"))
    // Load runs a while: slow calls in flight, keep-alive connections busy and idle.
    await sleep(1_500)
    node.hold()
    const ready = send(new Agent({ keepAlive: true }), `${server.url}/readyz`)
    await Promise.all([node.held("eth_chainId"), node.held("eth_blockNumber", 3)])
    const signalled = performance.now()
    server.child.kill("SIGTERM")
    const closedAt = await untilRefused(server.url, sent)
    // The calls held at the node since before the stop now get their answers.
    node.release()
    const exit = await server.exited
    await Promise.all(load)

    expect(exit.code).toBe(0)
    expect(exit.at - signalled).toBeLessThan(deadlineSeconds * 1000)
    const readiness = await ready
    expect(readiness).toMatchObject({ ok: true, status: 503 })
    expect(readiness.ok && JSON.parse(readiness.body)).toMatchObject({ _tag: "NotReady", failing: expect.arrayContaining(["stopping"]) })

    const answered = sent.flatMap(({ route, outcome }) => (outcome.ok ? [{ route, ...outcome }] : []))
    for (const answer of answered) {
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toEqual(answer.route === "rpc" ? { jsonrpc: "2.0", id: 1, result: "0x10" } : { status: "ok" })
    }
    // Every answer written once the stop had begun closes its connection.
    for (const late of answered.filter((answer) => answer.at > closedAt)) expect(late.connection).toBe("close")
    // The slow calls in flight at the signal completed.
    expect(answered.filter((answer) => answer.route === "rpc" && answer.at > closedAt).length).toBeGreaterThanOrEqual(3)
    const failures = sent.flatMap(({ outcome }) => (outcome.ok ? [] : [outcome]))
    expect(failures.filter((failure) => !retryable(failure))).toEqual([])
    // Every request the server began it also logged; each of those reached its client whole.
    const logged = server.logLines().filter((line) => typeof line["requestId"] === "string")
    expect(logged.length).toBe(answered.length + 1)
    expect(logged.filter((line) => Number(line["status"]) >= 500)).toEqual([expect.objectContaining({ route: "/readyz", status: 503 })])
    expect(server.logLines().at(-1)).toMatchObject({ event: "stopped", level: "info", cut: 0 })
  }, 60_000)

  it("cuts a request still running at the deadline, and still exits 0", async () => {
    const node = await slowNode()
    const server = await serve("deadline", node, 2)
    node.hold()
    const long = send(new Agent({ keepAlive: true }), `${server.url}${rpcPath}`, { method: "POST", body: blockNumber })
    await node.held("eth_blockNumber")
    const signalled = performance.now()
    server.child.kill("SIGTERM")
    const exit = await server.exited
    node.release()

    expect(exit.code).toBe(0)
    // It waited for the deadline (timers never fire early), then cut the call: no answer, a reset.
    expect(exit.at - signalled).toBeGreaterThanOrEqual(1_900)
    expect(await long).toMatchObject({ ok: false, answered: false })
    expect(server.logLines().at(-1)).toMatchObject({ event: "stopped", level: "warn", deadlineMs: 2_000, cut: 1 })
  }, 60_000)
})

/** A plain OAuth provider: starting an attempt only builds its authorization URL. */
const github = {
  clientId: "portico-test",
  clientSecret: "a client secret",
  authorizationEndpoint: "https://github.com/login/oauth/authorize",
  tokenEndpoint: "https://github.com/login/oauth/access_token",
  userinfoEndpoint: "https://api.github.com/user"
}

/** The query of the frame's calls. */
const frameQuery = `?projectId=${embeddedProject}&st=portico&sv=portico-test-0.1.0`

/**
 * A long poll of the frame (from the server's own origin) on a connection the server has already accepted
 * (one answer on it first), so that a stop right after `sent` finds it received.
 */
const pollOn = (url: string, path: string, body: unknown): { readonly sent: Promise<void>; readonly outcome: Promise<Outcome> } => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  let written: (() => void) | undefined
  const sent = new Promise<void>((resolve) => {
    written = resolve
  })
  const outcome = send(agent, `${url}/healthz`).then(() =>
    send(agent, `${url}${path}${frameQuery}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { origin: url, "x-forwarded-for": "10.1.2.3" },
      sent: () => written?.()
    }))
  return { sent, outcome }
}

describe("ApiServer.stop", () => {
  it("closes idle connections at once, the busy one after its answer, then the metrics endpoint", async () => {
    const node = await slowNode()
    const api = await startApiServer({
      port: 0,
      metricsPort: 0,
      projects: { [projectId]: { allowedOrigins: ["https://app.example"] } },
      evm: [{ chainId: 1, rpcUrl: node.url }]
    })
    const { port } = new URL(api.url)
    // An idle kept-alive connection: one answer, then nothing.
    const idle = connect(Number(port), "127.0.0.1")
    const idleClosed = new Promise<void>((resolve) => idle.once("close", () => resolve()))
    const firstAnswer = new Promise<void>((resolve) => idle.once("data", () => resolve()))
    idle.write("GET /healthz HTTP/1.1\r\nHost: portico\r\nConnection: keep-alive\r\n\r\n")
    await firstAnswer
    const idleSince = performance.now()
    node.hold()
    const busy = send(new Agent({ keepAlive: true }), `${api.url}${rpcPath}`, { method: "POST", body: blockNumber })
    await node.held("eth_blockNumber")

    const stopped = api.stop()
    expect(api.stop()).toBe(stopped)
    await idleClosed
    // At once, not by Node's keep-alive timer (5 s after its answer): the busy call is still held.
    expect(performance.now() - idleSince).toBeLessThan(3_000)
    node.release()
    expect(await busy).toMatchObject({ ok: true, status: 200, connection: "close" })
    await stopped
    expect(await send(new Agent(), api.metricsUrl ?? "")).toMatchObject({ ok: false, code: "ECONNREFUSED" })
  }, 60_000)

  it("answers the embedded wallet's long polls at once ('still waiting'): the frame asks again elsewhere, nothing is cut", async () => {
    const world = await startEmbeddedWorld({}, { social: { github } })
    try {
      const { email } = await signIn(world, newEmail())
      world.time.advance(31_000)
      const device = await withEmbedded(world.api.url, (c) => c.emailConnect({ query: {}, payload: { email, deviceId: newDeviceId(), locale: "en" } }))
      if (device.action !== "VERIFY_DEVICE") throw new Error(`expected VERIFY_DEVICE, got ${device.action}`)
      const started = await send(new Agent(), `${world.api.url}/v1/embedded/social/start${frameQuery}`, {
        method: "POST",
        body: JSON.stringify({ provider: "github", mode: "popup", returnTo: `${pageOrigin}/`, deviceId: newDeviceId() }),
        headers: { origin: world.api.url }
      })
      const social = started.ok ? JSON.parse(started.body) as { readonly attemptId: string; readonly pollSecret: string } : undefined
      if (social === undefined) throw new Error("the social sign-in did not start")
      const polls = [
        pollOn(world.api.url, "/v1/embedded/email/device", { attemptId: device.attemptId }),
        pollOn(world.api.url, "/v1/embedded/social/complete", { attemptId: social.attemptId, pollSecret: social.pollSecret })
      ]
      await Promise.all(polls.map((poll) => poll.sent))
      const stopping = performance.now()
      // Each poll lasts 25 s, longer than this deadline: without the early answer it would be cut.
      await world.api.stop({ deadlineMs: 20_000 })
      const [devicePoll, socialPoll] = await Promise.all(polls.map((poll) => poll.outcome))
      for (const polled of [devicePoll, socialPoll]) expect(polled).toMatchObject({ ok: true, status: 200, connection: "close" })
      expect(devicePoll?.ok && JSON.parse(devicePoll.body)).toEqual({ action: "VERIFY_DEVICE" })
      expect(socialPoll?.ok && JSON.parse(socialPoll.body)).toEqual({ status: "pending" })
      expect(performance.now() - stopping).toBeLessThan(15_000)
    } finally {
      await world.stop()
    }
  }, 60_000)
})
