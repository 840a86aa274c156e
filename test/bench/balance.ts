/**
 * Benchmark (a script, not a test): `node test/bench/balance.ts [--seconds 5] [--requests 20000] [--concurrency 32]`.
 * Loads Portico's cached balance endpoint (the API server against the sandbox EVM devnet, answers from
 * core's 30 s cache after the first read) and, in the same run, a bare node:http server answering the
 * same JSON bytes. Loopback only; each phase stops at the request budget or the time budget, whichever
 * comes first. Prints both throughputs, their ratio and each p99 latency.
 */
import { Agent, createServer, get } from "node:http"
import type { AddressInfo } from "node:net"
import { parseArgs } from "node:util"
import { startApiServer } from "../../http/server/start.ts"
import { startEvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    requests: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "32" }
  }
})
const seconds = Number(values.seconds)
const maxRequests = Number(values.requests)
const concurrency = Number(values.concurrency)

interface Result {
  readonly requests: number
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
}

/** One GET on a kept-alive connection; resolves with the status once the body is read. */
const fetchStatus = (url: string, agent: Agent) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume()
      response.once("end", () => resolve(response.statusCode ?? 0))
      response.once("error", reject)
    }).once("error", reject)
  })

const load = async (url: string): Promise<Result> => {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const latencies: Array<number> = []
  const deadline = performance.now() + seconds * 1000
  let started = 0
  const worker = async () => {
    while (started < maxRequests && performance.now() < deadline) {
      started++
      const t0 = performance.now()
      const status = await fetchStatus(url, agent)
      if (status !== 200) throw new Error(`${url} answered ${status}`)
      latencies.push(performance.now() - t0)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const elapsed = (performance.now() - t0) / 1000
  agent.destroy()
  const sorted = latencies.toSorted((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) }
}

const evm = await startEvmDevnets()
const chain = evm.chains[0]
const owner = evm.deployment.accounts[0]
if (chain === undefined || owner === undefined) throw new Error("the EVM devnet has no chain or account")
const api = await startApiServer({
  port: 0,
  projects: { bench: { allowedOrigins: ["*"] } },
  rateLimit: { requests: 1_000_000_000, perSeconds: 1 },
  evm: [{
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    tokens: evm.deployment.tokens
  }],
  prices: { [`eip155:${chain.chainId}:native`]: 2000 }
})
const balanceUrl = `${api.url}/v1/account/${owner.address}/balance?projectId=bench&st=portico&sv=bench&currency=usd&chainId=eip155:${chain.chainId}`
const body = Buffer.from(await (await fetch(balanceUrl)).arrayBuffer())

const bare = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": body.length })
  response.end(body)
})
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve))
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`

try {
  await load(bareUrl)
  await load(balanceUrl)
  const bareResult = await load(bareUrl)
  const portico = await load(balanceUrl)
  const row = (name: string, r: Result) =>
    `${name.padEnd(26)} ${r.requests.toString().padStart(7)} req  ${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`
  console.log(`loopback, ${concurrency} connections, up to ${maxRequests} requests or ${seconds} s per phase, ${body.length} byte answer`)
  console.log(row("bare node:http", bareResult))
  console.log(row("Portico cached balance", portico))
  console.log(`ratio Portico / bare: ${(portico.perSecond / bareResult.perSecond).toFixed(3)}`)
} finally {
  await new Promise<void>((resolve) => bare.close(() => resolve()))
  await api.stop()
  await evm.stop()
}
