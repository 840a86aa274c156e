/**
 * Prometheus metrics (http/server/Metrics.ts) on their own port: requests by method, route template and
 * status with their latency, rate-limit refusals, kept answers written again or computed, and failed
 * calls to upstream nodes. Labels are templates and configured names, never a path a client sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { closedPort } from "../support/rpcNode.ts"

let server: ApiServer
let plain: ApiServer
beforeAll(async () => {
  const down = await closedPort()
  ;[server, plain] = await Promise.all([
    startApiServer({
      port: 0,
      metricsPort: 0,
      projects: { a: { allowedOrigins: ["*"] }, b: { allowedOrigins: ["*"] } },
      rateLimit: { requests: 2, perSeconds: 60 },
      evm: [{ chainId: 1, rpcUrl: `http://127.0.0.1:${down}` }]
    }),
    startApiServer({ port: 0 })
  ])
})
afterAll(() => Promise.all([server.stop(), plain.stop()]))

const registry = (projectId: string) => `${server.url}/getWallets?projectId=${projectId}&st=portico&sv=test&entries=3`

const scrape = async () => {
  const response = await fetch(server.metricsUrl ?? "")
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toContain("text/plain")
  return response.text()
}

/** The value of the sample `name{labels}` in the scrape, 0 when absent. */
const sample = (text: string, name: string, labels: string): number => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{${labels}} `))
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1))
}

describe("metrics", () => {
  it("are served on their own port only when configured", async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
    expect(new URL(server.metricsUrl ?? "").port).not.toBe(new URL(server.url).port)
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    expect(plain.metricsUrl).toBeUndefined()
  })

  it("count a 200, a kept answer, a 429 and a 404 by route template, refusals, and a failed upstream", async () => {
    const before = await scrape()
    const grew = (text: string, name: string, labels: string) => sample(text, name, labels) - sample(before, name, labels)
    const statuses = []
    for (let index = 0; index < 3; index++) statuses.push((await fetch(registry("a"))).status)
    expect(statuses).toEqual([200, 200, 429])
    const address = "0x52908400098527886E0F7030069857D2E4169EE7"
    expect((await fetch(`${server.url}/no/such/${address}`)).status).toBe(404)
    const rpc = await fetch(`${server.url}/v1/?chainId=eip155:1&projectId=b`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] })
    })
    expect(rpc.status).toBe(200)
    // The counts are taken as each answer ends, which the client may see first.
    await expect.poll(async () => grew(await scrape(), "portico_upstream_errors_total", `upstream="eip155:1"`)).toBe(1)
    const text = await scrape()
    expect(grew(text, "portico_http_requests_total", `method="GET",route="/getWallets",status="200"`)).toBe(2)
    expect(grew(text, "portico_http_requests_total", `method="GET",route="/getWallets",status="429"`)).toBe(1)
    expect(grew(text, "portico_http_requests_total", `method="GET",route="unmatched",status="404"`)).toBe(1)
    expect(grew(text, "portico_http_requests_total", `method="POST",route="/v1/",status="200"`)).toBe(1)
    expect(grew(text, "portico_http_request_duration_seconds_count", `method="GET",route="/getWallets"`)).toBe(3)
    expect(grew(text, "portico_rate_limit_refusals_total", `limit="project"`)).toBe(1)
    expect(grew(text, "portico_kept_responses_total", `outcome="miss"`)).toBe(1)
    expect(grew(text, "portico_kept_responses_total", `outcome="hit"`)).toBe(1)
    expect(text).not.toContain("/no/such")
    expect(text.toLowerCase()).not.toContain(address.toLowerCase())
    expect(text).toContain("portico_process_cpu_seconds_total")
  })
})
